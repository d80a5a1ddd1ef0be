package com.dipgnn;

import com.dipgnn.cli.Cli;
import java.util.Arrays;
import java.util.Set;

/**
 * Entry point of the executable jar: a known command ({@code finetune}, {@code bench}, ...) runs
 * the training engine from the command line without starting Spring; {@code worker} or
 * {@code api} starts the service with that role only; anything else starts the service with both.
 */
public final class Main {

    private static final Set<String> ROLES = Set.of("api", "worker");

    private Main() {}

    public static void main(String[] args) {
        if (Cli.isCommandLine(args)) {
            System.exit(Cli.run(args));
        }
        if (args.length > 0 && ROLES.contains(args[0])) { // `worker` or `api`: the service with one role
            String[] rest = Arrays.copyOfRange(args, 1, args.length + 1);
            System.arraycopy(rest, 0, rest, 1, args.length - 1);
            rest[0] = "--dipgnn.roles=" + args[0];
            ServiceApplication.start(rest);
            return;
        }
        ServiceApplication.start(args);
    }
}
