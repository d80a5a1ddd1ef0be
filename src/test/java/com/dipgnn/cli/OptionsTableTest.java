package com.dipgnn.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.jobs.parameters.FinetuneParameters;
import com.dipgnn.jobs.parameters.PretrainParameters;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * docs/options.md maps every option of the training commands to its job field: each option and each
 * field of the pre-training and fine-tuning jobs has a row, so that no option is left unexplained
 * when one is added.
 */
class OptionsTableTest {

    private static final Path TABLE = Path.of("docs/options.md");
    private static final List<String> COMMANDS = List.of("pretrain", "finetune", "reproduce");
    private static final Pattern ROW = Pattern.compile("^\\| (`--[a-z0-9-]+`(?:, `--[a-z0-9-]+`)*|–) \\|(.*)$");
    private static final Pattern CODE = Pattern.compile("`([^`]+)`");

    @Test
    void everyOptionOfTheTrainingCommandsHasARow() throws IOException {
        TreeSet<String> listed = new TreeSet<>();
        for (String row : rows()) {
            Matcher m = CODE.matcher(row.split("\\|")[1]);
            while (m.find()) {
                listed.add(m.group(1));
            }
        }
        TreeSet<String> missing = new TreeSet<>();
        CommandLine cli = Cli.commandLine(false);
        for (String command : COMMANDS) {
            for (OptionSpec option :
                    cli.getSubcommands().get(command).getCommandSpec().options()) {
                String name = option.longestName();
                if (!option.usageHelp() && !option.versionHelp() && !listed.contains(name)) {
                    missing.add(command + " " + name);
                }
            }
        }
        assertThat(missing).as("options without a row in " + TABLE).isEmpty();
    }

    @Test
    void everyFieldOfTheTrainingJobsHasARow() throws IOException {
        List<String> missing = new ArrayList<>();
        missing.addAll(fieldsMissingFrom(PretrainParameters.class, 3));
        missing.addAll(fieldsMissingFrom(FinetuneParameters.class, 4));
        assertThat(missing).as("job fields without a row in " + TABLE).isEmpty();
    }

    /** The fields of {@code job} that no row names in its column ({@code column}, 1-based, of the table). */
    private static List<String> fieldsMissingFrom(Class<? extends Record> job, int column) throws IOException {
        TreeSet<String> listed = new TreeSet<>();
        for (String row : rows()) {
            String[] cells = row.split("\\|");
            if (cells.length > column) {
                Matcher m = CODE.matcher(cells[column]);
                while (m.find()) {
                    listed.add(m.group(1));
                }
            }
        }
        return Arrays.stream(job.getRecordComponents())
                .map(c -> c.getName())
                .filter(name -> !listed.contains(name))
                .map(name -> job.getSimpleName() + "." + name)
                .toList();
    }

    private static List<String> rows() throws IOException {
        assertThat(TABLE).exists();
        return Files.readAllLines(TABLE).stream()
                .filter(line -> ROW.matcher(line).matches())
                .toList();
    }
}
