package com.dipgnn.graph.io;

import java.nio.file.Path;

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
