package com.dipgnn.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/** Runs a command (usually a second JVM, the test's own {@code java}) and captures its output. */
public final class ChildJvm {

    /** Exit code and the two output streams of a finished process. */
    public record Result(int exitCode, String stdout, String stderr) {

        /** Both streams, for failure messages. */
        public String output() {
            return "--- stdout ---\n" + stdout + "\n--- stderr ---\n" + stderr;
        }
    }

    private ChildJvm() {}

    /** The {@code java} launcher of the running JVM followed by {@code jvmOptions} (mutable). */
    public static List<String> javaCommand(List<String> jvmOptions) {
        List<String> command = new ArrayList<>();
        command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        return command;
    }

    /**
     * Runs {@code command} to completion.
     *
     * @param environment edits the child's environment (a copy of this process's)
     * @param timeoutSeconds the child is killed, and an {@link AssertionError} thrown, after this long
     */
    public static Result run(List<String> command, Consumer<Map<String, String>> environment, int timeoutSeconds)
            throws IOException, InterruptedException {
        Path out = Files.createTempFile("child-jvm", ".out");
        Path err = Files.createTempFile("child-jvm", ".err");
        try {
            ProcessBuilder builder =
                    new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
            environment.accept(builder.environment());
            Process process = builder.start();
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
                throw new AssertionError("child process still running after " + timeoutSeconds + " s: " + command + "\n"
                        + Files.readString(err, StandardCharsets.UTF_8));
            }
            return new Result(
                    process.exitValue(),
                    Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
