package com.dipgnn.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The one path rule for every directory the code reads from a path it was given or stored (data
 * set directories, extracted uploads, precomputed embeddings, model directories, checkpoints): the
 * directory's real path ({@code ..} and links resolved) lies under one of the allowed roots, and no
 * link inside it, a file or a folder at any depth, reached directly or through a chain of links,
 * leads outside them. Links that stay inside are followed; links to nothing and link loops are
 * refused. Checked right before reading, so a link made after a directory was accepted is refused
 * when it is read again.
 */
public final class AllowedRoots {

    private final List<Path> roots;
    private final String description;

    private AllowedRoots(List<Path> roots, String description) {
        this.roots = List.copyOf(roots);
        this.description = description;
    }

    /**
     * @param roots the allowed roots; those that do not exist are left out (nothing can lie under them)
     * @param description what the roots are, for messages (such as "the data set roots (dipgnn.datasets.roots)")
     */
    public static AllowedRoots of(List<Path> roots, String description) {
        List<Path> real = new ArrayList<>();
        for (Path root : roots) {
            try {
                real.add(root.toRealPath());
            } catch (IOException e) {
                // a root that does not exist (yet) allows nothing
            }
        }
        return new AllowedRoots(real, description);
    }

    /** The directory itself as the only root: what a self-contained directory (a model, a checkpoint) may link to. */
    public static AllowedRoots within(Path directory, String description) {
        return of(List.of(directory), description);
    }

    /** The real paths of the roots that exist. */
    public List<Path> roots() {
        return roots;
    }

    /**
     * The real path of {@code directory}, checked: it exists, is a directory under a root, and
     * holds no link leaving the roots.
     *
     * @param what the directory's role in messages (such as "the embeddings directory")
     * @throws PathRefusedException naming what is wrong and how to fix it
     */
    public Path directory(String directory, String what) {
        Path dir = confine(directory, what);
        requireNoLinksLeaving(dir, what);
        return dir;
    }

    /** {@link #directory(String, String)} for a path. */
    public Path directory(Path directory, String what) {
        return directory(directory.toString(), what);
    }

    /** The real path of {@code directory}, an existing directory under a root (its contents unchecked). */
    public Path confine(String directory, String what) {
        if (directory == null || directory.isBlank()) {
            throw new PathRefusedException(what + " is not given; name a server directory");
        }
        Path dir;
        try {
            dir = Path.of(directory).toRealPath();
        } catch (IOException | InvalidPathException e) {
            throw new PathRefusedException(what + " '" + directory + "' does not exist on the server");
        }
        if (!inside(dir)) {
            throw new PathRefusedException(
                    what + " '" + directory + "' is outside " + placesAllowed() + "; place it under one of them");
        }
        if (!Files.isDirectory(dir)) {
            throw new PathRefusedException(what + " '" + directory + "' is not a directory");
        }
        return dir;
    }

    /**
     * Refuses a link anywhere under {@code dir} (a file or a folder, at any depth, directly or through
     * other links) whose target lies outside every root, a link to nothing, and a link loop.
     */
    public void requireNoLinksLeaving(Path dir, String what) {
        try (Stream<Path> all = Files.walk(dir, FileVisitOption.FOLLOW_LINKS)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                if (!Files.isSymbolicLink(p)) {
                    continue;
                }
                Path target;
                try {
                    target = p.toRealPath();
                } catch (IOException e) {
                    throw new PathRefusedException("'" + relative(dir, p) + "' in " + what + " " + dir
                            + " is a link to " + "nothing that exists; remove it or replace it with the file itself");
                }
                if (!inside(target)) {
                    throw new PathRefusedException("'" + relative(dir, p) + "' in " + what + " " + dir
                            + " is a link to "
                            + "a place outside " + placesAllowed() + "; copy the file into the directory instead of "
                            + "linking to it");
                }
            }
        } catch (UncheckedIOException e) {
            if (e.getCause() instanceof FileSystemLoopException loop) {
                throw new PathRefusedException("'" + relative(dir, Path.of(loop.getFile())) + "' in " + what + " " + dir
                        + " is a link back to a folder that contains it (a loop); remove the link");
            }
            throw new PathRefusedException("cannot list " + what + " " + dir + ": " + reason(e.getCause()));
        } catch (IOException e) {
            throw new PathRefusedException("cannot list " + what + " " + dir + ": " + reason(e));
        }
    }

    private boolean inside(Path real) {
        return roots.stream().anyMatch(real::startsWith);
    }

    private String placesAllowed() {
        return description + " " + roots;
    }

    private static String relative(Path dir, Path p) {
        return p.startsWith(dir) ? dir.relativize(p).toString() : p.toString();
    }

    /** An I/O failure in plain words: the path it names and what happened, without class names. */
    private static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied on " + e.getMessage();
        }
        if (e instanceof NoSuchFileException) {
            return e.getMessage() + " does not exist";
        }
        return e.getMessage() != null ? e.getMessage() : "an I/O error";
    }
}
