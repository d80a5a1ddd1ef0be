package com.dipgnn.text;

import com.dipgnn.store.AtomicFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A model's {@link TextInputs} on disk: the vocabulary ({@link VocabularyIO}) and
 * {@value #FILE_NAME}, a header line (format version, vocabulary and content fingerprints, each
 * type's data width) and one {@code type<TAB>token id<TAB>idf} line per column. Version 1 files
 * (before data widths) read as text-only types.
 */
public final class TextInputsFile {

    /** The file in a model directory that holds the input columns (next to {@link VocabularyIO#FILE_NAME}). */
    public static final String FILE_NAME = "text-inputs.tsv";

    static final String MAGIC_PREFIX = "#dipgnn-text-inputs v";
    /** The format written: v2 adds each type's data width (a v1 file reads as widths 0). */
    static final int FORMAT_VERSION = 2;

    static final String MAGIC = MAGIC_PREFIX + FORMAT_VERSION;

    private TextInputsFile() {}

    /** Writes the vocabulary and the columns into {@code modelDir}. */
    public static void save(TextInputs inputs, Path modelDir) {
        VocabularyIO.save(inputs.vocabulary(), modelDir);
        List<String> lines = new ArrayList<>();
        List<String> widths = new ArrayList<>();
        inputs.columns().forEach((type, c) -> widths.add(type + ":" + c.dataWidth()));
        lines.add(MAGIC + " vocabulary=" + inputs.vocabulary().fingerprint() + " fingerprint=" + inputs.fingerprint()
                + " data-widths=" + String.join(",", widths));
        inputs.columns().forEach((type, c) -> {
            for (int j = 0; j < c.width(); j++) {
                lines.add(type + "\t" + c.tokenIds()[j] + "\t" + c.idf()[j]);
            }
        });
        Path target = modelDir.resolve(FILE_NAME);
        try {
            AtomicFiles.writeLines(target, lines);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the text inputs to " + target, e);
        }
    }

    /** Whether {@code modelDir} holds text inputs (a model trained on a graph with text). */
    public static boolean exists(Path modelDir) {
        return Files.isRegularFile(modelDir.resolve(FILE_NAME));
    }

    /**
     * The text inputs of {@code modelDir}, or empty when the model was trained without text (it holds
     * neither file).
     *
     * @throws VocabularyException when only one of the two files is there, or one is damaged: the model
     *     read text, and using it without would feed it inputs of the wrong width
     */
    public static Optional<TextInputs> loadIfPresent(Path modelDir) {
        return exists(modelDir) || VocabularyIO.exists(modelDir) ? Optional.of(load(modelDir)) : Optional.empty();
    }

    /**
     * Reads the text inputs of {@code modelDir}.
     *
     * @throws VocabularyException when a file is missing, malformed or does not match its fingerprint
     */
    public static TextInputs load(Path modelDir) {
        Vocabulary vocabulary = VocabularyIO.load(modelDir);
        Path file = modelDir.resolve(FILE_NAME);
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new VocabularyException("model directory " + modelDir + " has " + VocabularyIO.FILE_NAME + " but no "
                    + FILE_NAME + "; the model directory is incomplete");
        } catch (IOException e) {
            throw new VocabularyException("cannot read " + file + ": " + e.getMessage(), e);
        }
        int version = formatVersion(lines.isEmpty() ? "" : lines.get(0));
        if (version < 1) {
            throw new VocabularyException(file + " does not start with '" + MAGIC_PREFIX + "N'");
        }
        if (version > FORMAT_VERSION) {
            throw new VocabularyException(file + " is text-inputs format v" + version + ", newer than this "
                    + "version reads (v" + FORMAT_VERSION + "); use a newer version of the service");
        }
        String expectedVocabulary = field(lines.get(0), "vocabulary");
        if (!vocabulary.fingerprint().equals(expectedVocabulary)) {
            throw new VocabularyException(file + " was written for vocabulary " + expectedVocabulary + ", but "
                    + VocabularyIO.FILE_NAME + " holds " + vocabulary.fingerprint());
        }
        TextInputs inputs;
        try {
            inputs = new TextInputs(
                    vocabulary,
                    parseColumns(
                            lines.subList(1, lines.size()),
                            file,
                            dataWidths(field(lines.get(0), "data-widths"), file)));
        } catch (IllegalArgumentException e) {
            throw new VocabularyException(file + " is not valid: " + e.getMessage(), e);
        }
        String expected = field(lines.get(0), "fingerprint");
        if (!inputs.fingerprint().equals(expected)) {
            throw new VocabularyException(file + " is corrupted: header fingerprint " + expected
                    + " but its columns give " + inputs.fingerprint());
        }
        return inputs;
    }

    private static String field(String header, String name) {
        for (String part : header.split(" ")) {
            if (part.startsWith(name + "=")) {
                return part.substring(name.length() + 1);
            }
        }
        return "";
    }

    /** The format version of a header line, or 0 when it is not one. */
    private static int formatVersion(String header) {
        if (!header.startsWith(MAGIC_PREFIX)) {
            return 0;
        }
        int end = header.indexOf(' ', MAGIC_PREFIX.length());
        try {
            return Integer.parseInt(header.substring(MAGIC_PREFIX.length(), end < 0 ? header.length() : end));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The data widths of the header's {@code data-widths} field ({@code type:width,...}; absent in v1). */
    private static Map<String, Integer> dataWidths(String field, Path file) {
        Map<String, Integer> out = new LinkedHashMap<>();
        for (String entry : field.isEmpty() ? new String[0] : field.split(",")) {
            int colon = entry.lastIndexOf(':');
            try {
                out.put(entry.substring(0, colon), Integer.parseInt(entry.substring(colon + 1)));
            } catch (RuntimeException e) {
                throw new VocabularyException(
                        file + " has a malformed data width '" + entry + "' in its header; expected type:width", e);
            }
        }
        return out;
    }

    private static Map<String, TextInputs.Columns> parseColumns(
            List<String> lines, Path file, Map<String, Integer> dataWidths) {
        Map<String, List<String[]>> rows = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String[] parts = lines.get(i).split("\t");
            if (parts.length != 3) {
                throw new VocabularyException(file + " line " + (i + 2) + " is not 'type<TAB>token id<TAB>idf'");
            }
            rows.computeIfAbsent(parts[0], k -> new ArrayList<>()).add(parts);
        }
        Map<String, TextInputs.Columns> columns = new LinkedHashMap<>();
        rows.forEach((type, list) -> {
            int[] ids = new int[list.size()];
            float[] idf = new float[list.size()];
            for (int j = 0; j < ids.length; j++) {
                try {
                    ids[j] = Integer.parseInt(list.get(j)[1]);
                    idf[j] = Float.parseFloat(list.get(j)[2]);
                } catch (NumberFormatException e) {
                    throw new VocabularyException(
                            file + " has a malformed column of type '" + type + "': " + String.join(" ", list.get(j)),
                            e);
                }
            }
            columns.put(type, new TextInputs.Columns(ids, idf, dataWidths.getOrDefault(type, 0)));
        });
        return columns;
    }
}
