package com.dipgnn.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Runs one cell of {@code bench --config recommend-train} in a fresh JVM, so that its peak resident
 * memory is its own: the same java binary, the JVM options that shape memory and the engine
 * ({@code -D} system properties such as {@code dipgnn.datasets} and
 * {@code ai.djl.pytorch.num_threads}, heap and {@code -XX} settings), the same jar or class path,
 * and the parent's command line with {@code --cell <graph>:<path> --json}; the child's
 * last line of standard output is the cell as JSON, its standard error the parent's.
 */
public final class RecommendTrainChild {

    /** The option that makes {@code bench --config recommend-train} measure one cell in its own process. */
    public static final String CELL_OPTION = "--cell";

    /** The option that makes it print JSON. */
    public static final String JSON_OPTION = "--json";

    private static final List<String> PASSED_JVM_OPTIONS = List.of("-D", "-Xmx", "-Xms", "-Xss", "-XX:");
    private static final String JAR_SUFFIX = ".jar";
    private static final ObjectMapper JSON = new ObjectMapper();

    private RecommendTrainChild() {}

    /**
     * A cell as {@code --cell} names it, {@code <graph>:<path>}: split at the last colon, since a
     * graph location may hold colons of its own.
     */
    public record CellName(String graph, RecommendTrainPath path) {

        public static CellName parse(String text) {
            int at = text.lastIndexOf(':');
            if (at <= 0 || at == text.length() - 1) {
                throw new IllegalArgumentException("a cell is <graph>:<path>, e.g. gowalla:fanout; got '" + text + "'");
            }
            return new CellName(text.substring(0, at), RecommendTrainPath.parse(text.substring(at + 1)));
        }

        @Override
        public String toString() {
            return graph + ":" + path.cliName();
        }
    }

    /**
     * Measures {@code cell} in a child JVM given the parent's command line ({@code bench} and its
     * options, with any options every command takes).
     */
    public static RecommendTrainCell run(List<String> parentArguments, CellName cell) {
        long start = System.nanoTime();
        List<String> command = command(
                ProcessHandle.current().info().command().orElse("java"),
                ManagementFactory.getRuntimeMXBean().getInputArguments(),
                System.getProperty("sun.java.command", ""),
                System.getProperty("java.class.path", ""),
                childArguments(parentArguments, cell));
        try {
            Process process = new ProcessBuilder(command)
                    .redirectError(ProcessBuilder.Redirect.INHERIT)
                    .start();
            String out;
            try (InputStream stdout = process.getInputStream()) {
                out = new String(stdout.readAllBytes(), StandardCharsets.UTF_8);
            }
            int exit = process.waitFor();
            if (exit != 0) {
                return RecommendTrainCell.skipped(
                        cell.graph(),
                        cell.path(),
                        String.format(Locale.ROOT, "the cell's process failed (exit %d; its errors above)", exit),
                        (System.nanoTime() - start) / 1e9);
            }
            return parseOutput(out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run the cell " + cell + " in a child process", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the cell " + cell + " ran", e);
        }
    }

    /**
     * The child's command line: {@code java}, the JVM options passed on, the launcher ({@code -jar
     * the.jar} when the parent was started from a jar, else {@code -cp <class path> <main class>},
     * read from {@code sun.java.command}) and the arguments.
     */
    static List<String> command(
            String java, List<String> jvmOptions, String javaCommand, String classPath, List<String> arguments) {
        List<String> command = new ArrayList<>();
        command.add(java);
        jvmOptions.stream()
                .filter(o -> PASSED_JVM_OPTIONS.stream().anyMatch(o::startsWith))
                .forEach(command::add);
        String launcher = javaCommand.trim().split("\\s+")[0];
        if (launcher.endsWith(JAR_SUFFIX)) {
            command.add("-jar");
            command.add(launcher);
        } else {
            command.add("-cp");
            command.add(classPath);
            command.add(launcher);
        }
        command.addAll(arguments);
        return command;
    }

    /** The parent's command line without {@code --json}, then {@code --cell <cell> --json}. */
    static List<String> childArguments(List<String> parentArguments, CellName cell) {
        List<String> out = new ArrayList<>();
        parentArguments.stream().filter(a -> !JSON_OPTION.equals(a)).forEach(out::add);
        out.add(CELL_OPTION);
        out.add(cell.toString());
        out.add(JSON_OPTION);
        return out;
    }

    /** The cell a child printed: its last non-blank line of standard output. */
    static RecommendTrainCell parseOutput(String stdout) throws IOException {
        String[] lines = stdout.strip().split("\\R");
        return JSON.readValue(lines[lines.length - 1], RecommendTrainCell.class);
    }

    /** The cell as the one JSON line a child prints. */
    public static String toJson(RecommendTrainCell cell) {
        try {
            return JSON.writeValueAsString(cell);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
