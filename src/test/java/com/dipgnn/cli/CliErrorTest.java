package com.dipgnn.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A failing command prints one clear line and exits with 1; the stack trace only on request. */
class CliErrorTest {

    /** Exit code and captured standard error of one in-process run. */
    private record Run(int exitCode, String err) {}

    private static Run run(boolean debug, String... args) {
        StringWriter err = new StringWriter();
        StringWriter out = new StringWriter();
        int exit = Cli.commandLine(debug)
                .setErr(new PrintWriter(err, true))
                .setOut(new PrintWriter(out, true))
                .execute(args);
        return new Run(exit, err.toString());
    }

    @Test
    void embedRefusesToOverwriteAndNamesAMissingModel(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path existing = Files.writeString(dir.resolve("old.tsv"), "x");
        Run overwrite = run(false, "embed", "--model", dir.toString(), "--out", existing.toString());
        assertThat(overwrite.exitCode()).isEqualTo(Cli.EXIT_FAILURE);
        assertThat(overwrite.err()).contains("already exists").doesNotContain("\tat ");

        Run missing = run(
                false,
                "embed",
                "--model",
                dir.resolve("none").toString(),
                "--out",
                dir.resolve("new.tsv").toString());
        assertThat(missing.exitCode()).isEqualTo(Cli.EXIT_FAILURE);
        assertThat(missing.err()).contains("no such model directory").doesNotContain("\tat ");

        // a Parquet directory (any name but .tsv / .tsv.gz) is a deployment's input: every type or none
        Run someTypes = run(
                false,
                "embed",
                "--model",
                dir.toString(),
                "--out",
                dir.resolve("embeddings").toString(),
                "--types",
                "query");
        assertThat(someTypes.exitCode()).isEqualTo(Cli.EXIT_FAILURE);
        assertThat(someTypes.err())
                .contains("--types: a Parquet output holds every node type")
                .doesNotContain("\tat ");
    }

    @Test
    void unknownDataSetIsOneErrorLineWithoutStackTrace() {
        Run run = run(false, "finetune", "--dataset", "does-not-exist");

        assertThat(run.exitCode()).isEqualTo(Cli.EXIT_FAILURE);
        assertThat(run.err().lines()).hasSize(1);
        assertThat(run.err())
                .startsWith("error: ")
                .contains("'does-not-exist'", "not found")
                .doesNotContain("\tat ");
    }

    @Test
    void verboseAndTheDebugVariableAddTheStackTrace() {
        Run verbose = run(false, "finetune", "--dataset", "does-not-exist", "--verbose");
        Run debug = run(true, "finetune", "--dataset", "does-not-exist");

        for (Run r : new Run[] {verbose, debug}) {
            assertThat(r.exitCode()).isEqualTo(Cli.EXIT_FAILURE);
            assertThat(r.err()).startsWith("error: ").contains("GraphDataException", "\tat com.dipgnn.");
        }
    }

    @Test
    void optionsTheChosenModelWouldIgnoreAreRefusedByName() {
        Run baseline = run(false, "finetune", "--task", "link", "--model", "mf", "--lr", "0.01", "--hidden", "32");
        assertThat(baseline.exitCode()).isEqualTo(Cli.EXIT_FAILURE);
        assertThat(baseline.err())
                .startsWith("error: options [--lr, --hidden] are the GNN's and --model mf ignores them");

        Run gnn = run(false, "finetune", "--task", "link", "--epochs", "3");
        assertThat(gnn.exitCode()).isEqualTo(Cli.EXIT_FAILURE);
        assertThat(gnn.err()).startsWith("error: options [--epochs] are the baseline recommenders'");
    }

    @Test
    void thePropagationOptionsAreRefusedWithAnotherBackboneOrABaseline() {
        Run hgt = run(false, "finetune", "--backbone", "hgt", "--layer-combination", "sum");
        assertThat(hgt.exitCode()).isEqualTo(Cli.EXIT_FAILURE);
        assertThat(hgt.err().lines()).hasSize(1);
        assertThat(hgt.err())
                .startsWith("error: --propagation-weights and --layer-combination are the propagation backbone's "
                        + "options and backbone hgt would ignore them; drop them, or use --backbone propagation");

        Run baseline = run(false, "finetune", "--task", "link", "--model", "mf", "--propagation-weights");
        assertThat(baseline.exitCode()).isEqualTo(Cli.EXIT_FAILURE);
        assertThat(baseline.err()).startsWith("error: options [--propagation-weights] are the GNN's");
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
        "--preset,   cora-2010, 'unknown preset ''cora-2010'': use planetoid, recommend or paper'",
        "--backbone, gcn,       'unknown backbone ''gcn'': use hgt, gat or propagation'",
        "--task,     graph,     'unknown task ''graph'': use node or link'",
        "--split,    random,    'unknown split ''random'': use dataset|planetoid|own (the data set''s own split), transfer|node-transfer, holdout|per-user (per user, link task) or leave-one-out|loo (link task)'",
        "--dataset,  synthetic:grid, 'unknown synthetic graph ''synthetic:grid'': use synthetic:community, synthetic:query-product, synthetic:interactions, synthetic:query-product?queries=Q&products=P&clicks=C&seed=S or synthetic:interactions?users=U&items=I&interactions=N&seed=S'",
    })
    void unknownChoicesNameTheValueAndTheAlternatives(String option, String value, String expected) {
        Run run = run(false, "finetune", option, value);

        assertThat(run.exitCode()).isEqualTo(Cli.EXIT_FAILURE);
        assertThat(run.err().lines()).hasSize(1);
        assertThat(run.err()).startsWith("error: " + expected);
    }

    @Test
    void anUnknownLearningRateScheduleNamesTheAlternatives() {
        Run run = run(false, "finetune", "--task", "link", "--model", "lightgcn", "--rec-lr-schedule", "linear");

        assertThat(run.exitCode()).isEqualTo(Cli.EXIT_FAILURE);
        assertThat(run.err()).startsWith("error: unknown learning-rate schedule 'linear': use constant or cosine");
    }

    @Test
    void theBaselinesTakeThePopularityPriorOptionAndNameItsForms() {
        // not refused as a GNN-only option: read, and an unknown form is named with the accepted ones
        Run run = run(false, "finetune", "--task", "link", "--model", "mf", "--popularity-prior", "lots");

        assertThat(run.exitCode()).isEqualTo(Cli.EXIT_FAILURE);
        assertThat(run.err())
                .startsWith("error: unknown popularity prior 'lots': use auto")
                .contains("off");
    }

    @ParameterizedTest
    @CsvSource({"all", "dipgnn-all", "memory", "recommend"})
    void aProfileNeedsOneStepBenchmark(String config, @org.junit.jupiter.api.io.TempDir Path dir) {
        Path trace = dir.resolve("trace.json");
        Run run = run(false, "bench", "--config", config, "--profile", trace.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err())
                .contains("--profile times one step benchmark, not '" + config + "'", "--config dipgnn-hgt-homo");
        assertThat(trace).doesNotExist();
    }

    @Test
    void aProfileIsANewFileInAnExistingDirectory(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path existing = Files.writeString(dir.resolve("old.json"), "kept");
        Run overwrite = run(false, "bench", "--config", "hgt-homo", "--profile", existing.toString());
        assertThat(overwrite.exitCode()).isEqualTo(2);
        assertThat(overwrite.err()).contains("--profile: " + existing + " already exists");
        assertThat(existing).hasContent("kept");

        Path nowhere = dir.resolve("missing").resolve("trace.json");
        Run missing = run(false, "bench", "--config", "hgt-homo", "--profile", nowhere.toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).contains("--profile: the directory of " + nowhere + " does not exist");
        assertThat(dir.resolve("missing")).doesNotExist();
    }

    @Test
    void malformedOptionValueIsAUsageErrorWithItsOwnExitCode() {
        Run run = run(false, "finetune", "--steps", "many");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--steps", "'many'");
    }

    @Test
    void anExceptionWithoutMessageIsNamedAndPointsToVerbose() {
        assertThat(Cli.message(new NullPointerException()))
                .contains("NullPointerException", "--verbose", Cli.DEBUG_ENV);
        assertThat(Cli.message(new IllegalArgumentException(" bad value \n"))).isEqualTo("bad value");
    }

    @Test
    void debugVariableIsOnForAnyValueButZeroOrFalse() {
        assertThat(Cli.isDebug("1")).isTrue();
        assertThat(Cli.isDebug("yes")).isTrue();
        assertThat(Cli.isDebug("0")).isFalse();
        assertThat(Cli.isDebug("FALSE")).isFalse();
        assertThat(Cli.isDebug("")).isFalse();
        assertThat(Cli.isDebug(null)).isFalse();
    }
}
