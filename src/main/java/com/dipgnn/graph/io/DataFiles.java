package com.dipgnn.graph.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/** Opens data files as UTF-8 text, gunzipping {@code .gz} files, and explains read failures. */
final class DataFiles {

    private static final int BUFFER = 1 << 16;
    private static final int GZIP_MAGIC_1 = 0x1f;
    private static final int GZIP_MAGIC_2 = 0x8b;

    private DataFiles() {}

    /**
     * Opens a text file for reading.
     *
     * @param file the file; gzip-compressed when its name ends in {@code .gz}
     * @param expectedAs what the file should hold, for the message when it is missing
     * @param limits the longest line it may have
     */
    static BufferedReader open(Path file, String expectedAs, InputLimits limits) {
        if (!Files.isRegularFile(file)) {
            throw new GraphDataException(file, 0, "file not found", "expected " + expectedAs);
        }
        InputStream in = null;
        try {
            in = new BufferedInputStream(Files.newInputStream(file), BUFFER);
            InputStream text = isGzipName(file) ? gunzip(file, in) : plain(file, in);
            var decoder = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT);
            return new BufferedReader(new LineLimitReader(new InputStreamReader(text, decoder), file, limits), BUFFER);
        } catch (IOException e) {
            closeQuietly(in);
            throw readFailure(file, 0, e);
        } catch (GraphDataException e) {
            closeQuietly(in);
            throw e;
        }
    }

    /**
     * A graph's JSON description file (meta.json, graph.json), read whole after its size is checked.
     *
     * @throws GraphDataException when it is too large, not valid JSON (naming the line) or unreadable
     */
    static JsonNode readJson(Path file) {
        GnnFmtMeta.requireSmallFile(file);
        try {
            return new ObjectMapper().readTree(file.toFile());
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : Math.max(e.getLocation().getLineNr(), 0);
            throw new GraphDataException(
                    file, line, "not valid JSON (" + e.getOriginalMessage() + ")", "fix the JSON syntax", e);
        } catch (IOException e) {
            throw readFailure(file, 0, e);
        }
    }

    static boolean isGzipName(Path file) {
        return file.getFileName().toString().endsWith(".gz");
    }

    private static InputStream gunzip(Path file, InputStream in) throws IOException {
        try {
            return new GZIPInputStream(in, BUFFER);
        } catch (ZipException | EOFException e) {
            throw new GraphDataException(
                    file,
                    0,
                    "not a gzip file (" + e.getMessage() + ")",
                    "a file named .gz must be gzip-compressed: compress it with gzip, or drop the .gz suffix",
                    e);
        }
    }

    private static InputStream plain(Path file, InputStream in) throws IOException {
        in.mark(2);
        int first = in.read();
        int second = in.read();
        in.reset();
        if (first == GZIP_MAGIC_1 && second == GZIP_MAGIC_2) {
            throw new GraphDataException(
                    file,
                    0,
                    "file is gzip-compressed but its name does not end in .gz",
                    "rename it to " + file.getFileName() + ".gz, or decompress it");
        }
        return in;
    }

    /** Explains an I/O failure met while reading {@code line} (0: while opening the file). */
    static GraphDataException readFailure(Path file, int line, IOException e) {
        if (e instanceof EOFException) {
            return new GraphDataException(
                    file,
                    line,
                    "file ends unexpectedly: the gzip stream is truncated (" + e.getMessage() + ")",
                    "the file was cut off while being written or copied; re-create it",
                    e);
        }
        if (e instanceof ZipException) {
            return new GraphDataException(
                    file, line, "gzip data is corrupt (" + e.getMessage() + ")", "re-create the file with gzip", e);
        }
        if (e instanceof CharacterCodingException) {
            return new GraphDataException(
                    file, line, "text is not valid UTF-8", "save the file with UTF-8 encoding", e);
        }
        return new GraphDataException(file, line, "cannot read the file (" + e + ")", "check that it is readable", e);
    }

    private static void closeQuietly(InputStream in) {
        if (in == null) {
            return;
        }
        try {
            in.close();
        } catch (IOException ignored) {
            // the original failure is the one worth reporting
        }
    }
}
