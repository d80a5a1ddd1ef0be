package com.dipgnn.graph.io;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Bad graph input: says which file and line is wrong, what is wrong, and what was expected. The
 * message reads {@code <file>:<line>: <problem>; <remedy>} (the line is left out when it does not
 * apply, the file when there is none).
 */
public final class GraphDataException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final int line;
    private final String problem;
    private final String remedy;

    /**
     * @param file the file at fault, or null
     * @param line the 1-based line at fault, or 0 when no single line is
     * @param problem what is wrong
     * @param remedy what was expected, or how to fix it
     */
    public GraphDataException(Path file, int line, String problem, String remedy) {
        this(file, line, problem, remedy, null);
    }

    public GraphDataException(Path file, int line, String problem, String remedy, Throwable cause) {
        super(format(file, line, problem, remedy), cause);
        this.file = file;
        this.line = line;
        this.problem = problem;
        this.remedy = remedy;
    }

    private static String format(Path file, int line, String problem, String remedy) {
        StringBuilder message = new StringBuilder();
        if (file != null) {
            message.append(file);
            if (line > 0) {
                message.append(':').append(line);
            }
            message.append(": ");
        }
        message.append(problem);
        if (remedy != null && !remedy.isEmpty()) {
            message.append("; ").append(remedy);
        }
        return message.toString();
    }

    /**
     * This error as the user sees their files: the file at fault, and any mention of it in the
     * problem and remedy, as a path under {@code shownAs} instead of under {@code folder} (an
     * upload's extraction folder becomes the archive's name: {@code graph.zip/nodes.tsv:3}).
     * Unchanged when the file is not under {@code folder}.
     */
    public GraphDataException shownUnder(Path folder, String shownAs) {
        List<Path> roots = new ArrayList<>(List.of(folder.toAbsolutePath().normalize()));
        try {
            roots.add(folder.toRealPath());
        } catch (java.io.IOException e) {
            // the folder is gone: its absolute path is all there is to replace
        }
        Path shown = file;
        String what = problem;
        String how = remedy;
        for (Path root : roots) {
            if (shown != null && shown.toAbsolutePath().normalize().startsWith(root)) {
                shown = Path.of(shownAs)
                        .resolve(root.relativize(shown.toAbsolutePath().normalize()));
            }
            what = what == null ? null : what.replace(root.toString(), shownAs);
            how = how == null ? null : how.replace(root.toString(), shownAs);
        }
        return new GraphDataException(shown, line, what, how, this);
    }

    /** The file at fault, or null. */
    public Path file() {
        return file;
    }

    /** The 1-based line at fault, or 0 when no single line is. */
    public int line() {
        return line;
    }

    /** What is wrong. */
    public String problem() {
        return problem;
    }

    /** What was expected, or how to fix it. */
    public String remedy() {
        return remedy;
    }
}
