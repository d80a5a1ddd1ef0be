package com.dipgnn.text;

import com.dipgnn.store.AtomicFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Stores a {@link Vocabulary} in a model directory as {@value #FILE_NAME}: a header line
 * <pre>#dipgnn-vocabulary v1 size=N maxSize=30000 minCount=2 maxLength=128 maxPieces=2000 fingerprint=0123abcd…</pre>
 * then one token per line in id order (specials, words, then sub-word pieces such as {@code ##s}).
 * Tokens never contain white space, and words never contain {@code #} (see
 * {@link TextNormalizer}), so the file is unambiguous. Writing is atomic (temp file + rename);
 * reading checks the size and the fingerprint, so a vocabulary is reused unchanged at fine-tuning and
 * serving or refused.
 */
public final class VocabularyIO {

    public static final String FILE_NAME = "vocabulary.txt";
    static final String MAGIC = "#dipgnn-vocabulary";
    static final String VERSION = "v1";

    private VocabularyIO() {}

    /** Writes {@code vocabulary} to {@code modelDir}/{@value #FILE_NAME}, creating the directory. */
    public static Path save(Vocabulary vocabulary, Path modelDir) {
        VocabularyConfig c = vocabulary.config();
        List<String> lines = new ArrayList<>(vocabulary.size() + 1);
        lines.add(MAGIC + " " + VERSION + " size=" + vocabulary.size() + " maxSize=" + c.maxSize()
                + " minCount=" + c.minCount() + " maxLength=" + c.maxLength() + " maxPieces=" + c.maxPieces()
                + " fingerprint=" + vocabulary.fingerprint());
        lines.addAll(vocabulary.tokens());
        Path target = modelDir.resolve(FILE_NAME);
        try {
            AtomicFiles.writeLines(target, lines);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the vocabulary to " + target, e);
        }
        return target;
    }

    /** Whether {@code modelDir} holds a vocabulary file. */
    public static boolean exists(Path modelDir) {
        return Files.isRegularFile(modelDir.resolve(FILE_NAME));
    }

    /**
     * Reads the vocabulary of {@code modelDir}.
     *
     * @throws VocabularyException if the file is missing, malformed, or its tokens do not match the
     *     size or fingerprint in its header
     */
    public static Vocabulary load(Path modelDir) {
        Path file = modelDir.resolve(FILE_NAME);
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new VocabularyException("model directory " + modelDir + " has no " + FILE_NAME
                    + ": the model was trained without text features, or the file was removed");
        } catch (IOException e) {
            throw new VocabularyException("cannot read " + file + ": " + e.getMessage(), e);
        }
        if (lines.isEmpty()) {
            throw new VocabularyException(file + " is empty");
        }
        Map<String, String> header = parseHeader(lines.get(0), file);
        List<String> tokens = lines.subList(1, lines.size());
        check(file, "size", header.get("size"), Integer.toString(tokens.size()));
        check(file, "fingerprint", header.get("fingerprint"), Vocabulary.fingerprintOf(tokens));
        try {
            VocabularyConfig config = new VocabularyConfig(
                    intField(header, "maxSize", file),
                    intField(header, "minCount", file),
                    intField(header, "maxLength", file),
                    intField(header, "maxPieces", file));
            return Vocabulary.of(tokens, config);
        } catch (IllegalArgumentException e) {
            throw new VocabularyException(file + " is not a valid vocabulary: " + e.getMessage(), e);
        }
    }

    private static Map<String, String> parseHeader(String line, Path file) {
        String[] parts = line.split(" ");
        if (parts.length < 2 || !parts[0].equals(MAGIC) || !parts[1].equals(VERSION)) {
            throw new VocabularyException(file + " does not start with '" + MAGIC + " " + VERSION + "'");
        }
        Map<String, String> fields = new HashMap<>();
        for (int i = 2; i < parts.length; i++) {
            int eq = parts[i].indexOf('=');
            if (eq > 0) {
                fields.put(parts[i].substring(0, eq), parts[i].substring(eq + 1));
            }
        }
        return fields;
    }

    private static void check(Path file, String field, String expected, String actual) {
        if (expected == null) {
            throw new VocabularyException(file + " header lacks " + field);
        }
        if (!expected.equals(actual)) {
            throw new VocabularyException(
                    file + " is corrupted: header " + field + " " + expected + " but the tokens give " + actual);
        }
    }

    private static int intField(Map<String, String> header, String field, Path file) {
        String value = header.get(field);
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new VocabularyException(file + " header has no valid " + field + ": " + value, e);
        }
    }
}
