package com.dipgnn.cli;

import com.dipgnn.bench.BenchConfiguration;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine;

/** {@code bench --profile}'s request, checked before any work (moved out of {@link BenchCommand} unchanged). */
final class ProfileRequest {

    private ProfileRequest() {}

    /**
     * Refuses a --profile request before any work: one step benchmark, and a new file in an existing directory.
     *
     * @param config the {@code --config} value
     * @param base that value without the pre-training prefix
     */
    static void check(CommandLine commandLine, String config, String base, Path profile) {
        if (BenchConfiguration.all().stream().noneMatch(c -> c.name().equals(base))) {
            throw new CommandLine.ParameterException(
                    commandLine,
                    "--profile times one step benchmark, not '"
                            + config
                            + "': name one training or pre-training configuration, for example --config hgt-homo "
                            + "or --config dipgnn-hgt-homo");
        }
        Path directory = profile.toAbsolutePath().getParent();
        if (Files.exists(profile)) {
            throw new CommandLine.ParameterException(
                    commandLine, "--profile: " + profile + " already exists; name a new file or remove it");
        }
        if (directory == null || !Files.isDirectory(directory)) {
            throw new CommandLine.ParameterException(
                    commandLine,
                    "--profile: the directory of " + profile
                            + " does not exist; create it or name a file in an existing one");
        }
    }
}
