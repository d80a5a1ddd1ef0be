package com.dipgnn.graph.io;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/** Writes test inputs: text files, gzip-compressed when the name ends in .gz. */
final class TestFiles {

    private TestFiles() {}

    /** Writes every {@code relative path -> content} entry under {@code dir}. */
    static void writeAll(Path dir, Map<String, String> files) {
        files.forEach((path, content) -> write(dir.resolve(path), content));
    }

    /** Writes {@code content} as UTF-8, gzipped when the name ends in .gz. */
    static Path write(Path file, String content) {
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        return writeBytes(file, file.toString().endsWith(".gz") ? gzip(bytes) : bytes);
    }

    static Path writeBytes(Path file, byte[] bytes) {
        try {
            Files.createDirectories(file.getParent());
            return Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] gzip(byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** The first {@code fraction} of the gzipped bytes of {@code content}: a truncated gzip file. */
    static byte[] truncatedGzip(String content, double fraction) {
        byte[] full = gzip(content.getBytes(StandardCharsets.UTF_8));
        return Arrays.copyOf(full, (int) (full.length * fraction));
    }
}
