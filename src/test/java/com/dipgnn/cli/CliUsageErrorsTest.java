package com.dipgnn.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * A command line that cannot run says why in a few lines: a misspelt option with its nearest
 * matches, an option {@code pretrain} would ignore with the one meant, and where the rest is.
 */
class CliUsageErrorsTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cli = Cli.commandLine(false);
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        cli.getSubcommands().values().forEach(c -> {
            c.setOut(new PrintWriter(out));
            c.setErr(new PrintWriter(err));
        });
        return cli.execute(args);
    }

    @Test
    void aMisspeltOptionIsOneErrorWithTheNearestOptionsNotTheWholeUsage() {
        int code = run("finetune", "--stepz", "30");

        assertThat(code).isEqualTo(CommandLine.ExitCode.USAGE);
        String text = err.toString();
        assertThat(text).startsWith("error: Unknown option").contains("'--stepz'");
        assertThat(text).contains("--steps").contains("every option: dipgnn finetune --help");
        assertThat(text).doesNotContain("Usage:");
        assertThat(text.lines().count()).as(text).isLessThan(10);
    }

    @Test
    void pretrainRefusesTheFineTuningStepsAndNamesItsOwn() {
        int code = run("pretrain", "--steps", "30", "--save", "never-written-model-dir");

        assertThat(code).isEqualTo(Cli.EXIT_FAILURE);
        assertThat(err.toString())
                .contains("--steps is a fine-tuning setting, which pretrain does not use; pre-training's is "
                        + "--pretrain-steps");
        assertThat(new java.io.File("never-written-model-dir")).doesNotExist();
    }

    @Test
    void pretrainNamesEveryRefusedOptionAtOnce() {
        run("pretrain", "--lr", "0.01", "--patience", "5", "--save", "never-written-model-dir");

        assertThat(err.toString())
                .contains("--lr is a fine-tuning setting, which pretrain does not use; pre-training's is --pretrain-lr")
                .contains("--patience is a fine-tuning setting, which pretrain does not use");
    }

    @Test
    void pretrainsHelpListsItsOwnStepsOnly() {
        run("pretrain", "--help");

        assertThat(out.toString())
                .contains("--pretrain-steps")
                .doesNotContain("--steps=")
                .doesNotContain("--patience");
    }

    @Test
    void theTopLevelHelpSaysNoCommandStartsTheServiceAndNamesTheRoles() {
        run("--help");

        assertThat(out.toString())
                .contains("None of these commands starts the service")
                .contains("`api` or `worker`");
    }
}
