package com.dipgnn.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The command line of the training engine. */
@Command(
        name = "dipgnn",
        mixinStandardHelpOptions = true,
        description = "Pre-trains, fine-tunes and benchmarks graph neural networks.",
        subcommands = {FinetuneCommand.class, BenchCommand.class})
public final class Cli {

    private Cli() {
    }

    /** Whether {@code word} names a command of this CLI (rather than a Spring argument). */
    public static boolean isCommand(String word) {
        return new CommandLine(new Cli()).getSubcommands().containsKey(word)
                || "--help".equals(word) || "-h".equals(word) || "help".equals(word);
    }

    /** Runs the command line and returns the process exit code. */
    public static int run(String[] args) {
        return new CommandLine(new Cli()).execute(args);
    }
}
