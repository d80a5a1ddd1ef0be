package com.dipgnn;

import com.dipgnn.cli.Cli;

/**
 * Entry point of the executable jar: a known command ({@code finetune}, {@code bench}, ...) runs
 * the training engine from the command line without starting Spring; anything else starts the
 * HTTP service.
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        if (args.length > 0 && Cli.isCommand(args[0])) {
            System.exit(Cli.run(args));
        }
        ServiceApplication.start(args);
    }
}
