package com.dipgnn.store;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;

/**
 * Writes a file so that readers see the old file or the whole new one, never a part: the content
 * goes to a temporary sibling that is renamed over the target (atomically where the file system
 * can), and the temporary file is removed when writing fails. A directory ({@link #writeDirectory})
 * is written the same way, except that it never replaces one.
 */
public final class AtomicFiles {

    /** What the name of a directory being written contains, after {@code .<name>}. */
    public static final String PARTIAL = ".partial-";

    /** Writes the content of a file. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    /** Writes the files of a directory. */
    @FunctionalInterface
    public interface DirectoryContent {
        void writeInto(Path dir) throws IOException;
    }

    private AtomicFiles() {}

    /**
     * Writes a new directory {@code target} whole or not at all: {@code content} fills a hidden
     * sibling {@code .<name>.partial-<owner>-<n>} ({@link WriteOwner}), which is renamed to {@code target} once complete and
     * removed if anything fails (an exception from {@code content} included, which is rethrown).
     *
     * @param existsMessage why {@code target} must not exist, for the exception when it does
     * @throws FileAlreadyExistsException when {@code target} exists: directories are never replaced
     */
    public static void writeDirectory(Path target, String existsMessage, DirectoryContent content) throws IOException {
        Path dir = target.toAbsolutePath().normalize();
        if (Files.exists(dir)) {
            throw new FileAlreadyExistsException(dir.toString(), null, existsMessage);
        }
        Path parent = dir.getParent();
        Files.createDirectories(parent);
        Path temp = Files.createTempDirectory(parent, "." + dir.getFileName() + PARTIAL + WriteOwner.tag());
        try {
            content.writeInto(temp);
            Files.move(temp, dir, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            ModelStore.deleteRecursively(temp);
            throw e;
        }
    }

    /** Writes {@code content} to {@code target} (through {@code <name>.<owner>-<n>.tmp}), creating its directory. */
    public static void write(Path target, Content content) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path temp = Files.createTempFile(dir, target.getFileName() + "." + WriteOwner.tag(), ".tmp");
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

    /**
     * Removes the partial writes of directory {@code name} in {@code parent} ({@code .<name>.partial-*})
     * that this process or a version before owner tokens left; call it only once no live writer of
     * this process can be writing that directory. Those of other owners are left to whoever can tell
     * whether their owner still lives (the service's housekeeping).
     */
    public static void removePartialWrites(Path parent, String name) throws IOException {
        if (!Files.isDirectory(parent)) {
            return;
        }
        try (Stream<Path> children = Files.list(parent)) {
            children.filter(p -> p.getFileName().toString().startsWith("." + name + PARTIAL))
                    .filter(p -> WriteOwner.ownedHereOrUnowned(p.getFileName().toString()))
                    .forEach(ModelStore::deleteRecursively);
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
