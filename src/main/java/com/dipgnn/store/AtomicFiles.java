package com.dipgnn.store;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * Writes a file so that readers see the old file or the whole new one, never a part: the content
 * goes to a temporary sibling that is renamed over the target (atomically where the file system
 * can), and the temporary file is removed when writing fails.
 */
public final class AtomicFiles {

    /** Writes the content of a file. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    private AtomicFiles() {
    }

    /** Writes {@code content} to {@code target}, creating its directory. */
    public static void write(Path target, Content content) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path temp = Files.createTempFile(dir, target.getFileName().toString(), ".tmp");
        try {
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(temp))) {
                content.writeTo(out);
            }
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** Writes {@code lines} to {@code target} as UTF-8, each ended by a line separator. */
    public static void writeLines(Path target, List<String> lines) throws IOException {
        write(target, out -> {
            for (String line : lines) {
                out.write((line + System.lineSeparator()).getBytes(StandardCharsets.UTF_8));
            }
        });
    }
}
