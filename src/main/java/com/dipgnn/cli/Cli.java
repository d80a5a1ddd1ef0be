package com.dipgnn.cli;

import java.io.PrintWriter;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The command line of the training engine. A command that fails prints one line,
 * {@code error: <message>}, on standard error and exits with code 1; {@code --verbose} (or the
 * environment variable {@value #DEBUG_ENV}) adds the stack trace.
 */
@Command(
        name = "dipgnn",
        mixinStandardHelpOptions = true,
        description = "Pre-trains, fine-tunes and benchmarks graph neural networks.",
        footer = {
            "",
            "None of these commands starts the service. Without a command the jar starts the HTTP service (API and "
                    + "worker in one process); `api` or `worker` as the first word starts it with that role only "
                    + "(docs/service.md, \"Roles and the worker pool\"). Each command's options: dipgnn COMMAND --help."
        },
        subcommands = {
            PretrainCommand.class,
            FinetuneCommand.class,
            ReproduceCommand.class,
            EmbedCommand.class,
            BenchCommand.class
        })
public final class Cli {

    /** Environment variable that, set to anything but {@code 0} or {@code false}, prints stack traces. */
    public static final String DEBUG_ENV = "DIPGNN_DEBUG";
    /** Exit code of a command that failed while running (picocli uses 2 for bad usage). */
    public static final int EXIT_FAILURE = 1;

    private static final String VERBOSE = "--verbose";
    private static final String KERNELS = "--kernels";

    @Option(
            names = VERBOSE,
            scope = ScopeType.INHERIT,
            description = "on an error, print the stack trace as well (or set " + DEBUG_ENV + "=1)")
    boolean verbose;

    private Cli() {}

    /** Chooses how message passing aggregates, for every command of this process. */
    @Option(
            names = KERNELS,
            scope = ScopeType.INHERIT,
            paramLabel = "coo|torchscript",
            description = "how message passing sums and normalises over in-edges: torchscript (default: PyTorch's own "
                    + "scatter kernels and a fused attention kernel) or coo (the earlier sparse matrix of ones); same "
                    + "values either way")
    void kernels(String name) {
        com.dipgnn.model.AggregationKernel.use(com.dipgnn.model.AggregationKernel.parse(name));
    }

    /** Whether {@code word} names a command of this CLI (rather than a Spring argument). */
    /**
     * Whether {@code args} are a command line for this tool: a command word, or the options every
     * command takes ({@code --verbose}, {@code --kernels VALUE} or {@code --kernels=VALUE}) and then
     * one, as {@code --help} shows them ({@code java -jar ... --kernels coo finetune ...}).
     */
    public static boolean isCommandLine(String[] args) {
        int i = 0;
        while (i < args.length) {
            if (VERBOSE.equals(args[i]) || args[i].startsWith(KERNELS + "=")) {
                i++;
            } else if (KERNELS.equals(args[i])) {
                i += 2;
            } else {
                return isCommand(args[i]);
            }
        }
        return false;
    }

    public static boolean isCommand(String word) {
        return new CommandLine(new Cli()).getSubcommands().containsKey(word)
                || "--help".equals(word)
                || "-h".equals(word)
                || "help".equals(word);
    }

    /** Runs the command line and returns the process exit code. */
    public static int run(String[] args) {
        try {
            applyThreads(System.getenv(THREADS_ENV));
        } catch (IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            return CommandLine.ExitCode.USAGE;
        }
        ConsoleLog.install(System.err);
        return commandLine().execute(args);
    }

    /** The environment variable that sets PyTorch's CPU threads for the command line (and the service). */
    static final String THREADS_ENV = "DIPGNN_THREADS";

    /**
     * {@value #THREADS_ENV}, when set, as PyTorch's CPU thread count; unset, the cores that the
     * machine's load leaves free (as the service chooses them; {@code -Dai.djl.pytorch.num_threads} wins).
     */
    static void applyThreads(String value) {
        if (value == null || value.isBlank()) {
            com.dipgnn.runtime.EngineThreads.apply(com.dipgnn.runtime.EngineThreads.automatic(
                    Runtime.getRuntime().availableProcessors(), 1, com.dipgnn.runtime.EngineThreads.loadAverage()));
            return;
        }
        int threads;
        try {
            threads = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    THREADS_ENV + "='" + value + "' is not a thread count; give a number "
                            + "such as 2, or unset it for the cores the machine's load leaves free",
                    e);
        }
        com.dipgnn.runtime.EngineThreads.apply(threads);
    }

    /** The command line, with stack traces when {@value #DEBUG_ENV} asks for them. */
    public static CommandLine commandLine() {
        return commandLine(isDebug(System.getenv(DEBUG_ENV)));
    }

    /** The command line; {@code debug} prints the stack trace of every error. */
    static CommandLine commandLine(boolean debug) {
        CommandLine commandLine = new CommandLine(new Cli());
        commandLine.setExecutionExceptionHandler((error, failed, parsed) -> {
            report(error, failed.getErr(), debug || verboseRequested(parsed));
            return EXIT_FAILURE;
        });
        commandLine.setParameterExceptionHandler(Cli::badUsage);
        hideFineTuningOnlyOptions(commandLine.getSubcommands().get("pretrain").getCommandSpec());
        return commandLine;
    }

    /**
     * A command line picocli cannot parse: the error, the nearest options for a misspelt one, and
     * where the full usage is, instead of the whole usage, which would scroll the error away.
     */
    private static int badUsage(ParameterException error, String[] args) {
        CommandLine failed = error.getCommandLine();
        PrintWriter err = failed.getErr();
        err.println("error: " + error.getMessage());
        UnmatchedArgumentException.printSuggestions(error, err);
        err.println("every option: " + failed.getCommandSpec().qualifiedName() + " --help");
        err.flush();
        return failed.getCommandSpec().exitCodeOnInvalidInput();
    }

    /** {@code pretrain} parses the options it refuses ({@link FineTuningOnlyOptions}) but does not list them. */
    private static void hideFineTuningOnlyOptions(CommandSpec pretrain) {
        for (String name : FineTuningOnlyOptions.twinsByOption().keySet()) {
            OptionSpec shown = pretrain.findOption(name);
            if (shown != null) {
                pretrain.remove(shown);
                pretrain.addOption(OptionSpec.builder(shown).hidden(true).build());
            }
        }
    }

    static boolean isDebug(String value) {
        return value != null
                && !value.isBlank()
                && !"0".equals(value.trim())
                && !"false".equals(value.trim().toLowerCase(Locale.ROOT));
    }

    private static boolean verboseRequested(ParseResult parsed) {
        for (ParseResult p = parsed; p != null; p = p.subcommand()) {
            if (p.hasMatchedOption(VERBOSE)) {
                return true;
            }
        }
        return false;
    }

    private static void report(Exception error, PrintWriter err, boolean stackTrace) {
        err.println("error: " + message(error));
        if (stackTrace) {
            error.printStackTrace(err);
        }
        err.flush();
    }

    /** The exception's own message, or its type and a hint when it has none (a bug rather than bad input). */
    static String message(Throwable error) {
        String message = error.getMessage();
        if (message == null || message.isBlank()) {
            return error.getClass().getSimpleName() + " (an internal error; run with " + VERBOSE + " or " + DEBUG_ENV
                    + "=1 for the stack trace)";
        }
        return message.strip();
    }
}
