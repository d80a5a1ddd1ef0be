package com.dipgnn.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.testing.ChildJvm;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The repackaged executable jar, run as a user runs it: {@code java -jar <jar> finetune ...} in a
 * child process with an empty DJL cache (the PyTorch natives must come out of the fat jar) and a
 * proxy that refuses every connection (nothing may be downloaded). Failsafe passes the jar's path
 * as the system property {@code dipgnn.jar}, after {@code package}.
 */
class FinetuneJarIT {

    /** Small but complete: one layer, a tiny width, the whole graph per step. */
    /** A small architecture, which pre-training and fine-tuning share. */
    private static final List<String> SMALL_ARCHITECTURE =
            List.of("--layers", "1", "--hidden", "16", "--heads", "2", "--full-graph-max-nodes", "100000");

    /** A small fine-tuning on the small architecture ({@code pretrain} refuses the fine-tuning options). */
    private static final List<String> SMALL =
            concat(List.of("--steps", "20", "--eval-every", "10", "--batch-size", "64"), SMALL_ARCHITECTURE);

    private static final List<String> NATIVE_OVERRIDES = List.of(
            "PYTORCH_LIBRARY_PATH",
            "PYTORCH_VERSION",
            "PYTORCH_FLAVOR",
            "PYTORCH_EXTRA_LIBRARY_PATH",
            "DJL_OFFLINE",
            Cli.DEBUG_ENV);
    private static final int TIMEOUT_SECONDS = 300;

    @TempDir
    static Path djlCache;

    private static Path jar;

    @BeforeAll
    static void findJar() {
        String property = System.getProperty("dipgnn.jar");
        assertThat(property)
                .as("system property dipgnn.jar (set by the failsafe configuration)")
                .isNotBlank();
        jar = Paths.get(property);
        assertThat(jar).as("the repackaged jar; run 'mvnw verify'").isRegularFile();
    }

    @Test
    void nodeClassificationPrintsOneJsonReport() throws Exception {
        ChildJvm.Result run = finetune(concat(List.of("--dataset", "synthetic:community", "--json"), SMALL));

        assertThat(run.exitCode()).as(run.output()).isZero();
        JsonNode report = new ObjectMapper().readTree(run.stdout());
        assertThat(report.path("dataset").asText()).isEqualTo("synthetic:community");
        JsonNode config = report.path("config");
        assertThat(config.path("task").asText()).isEqualTo("NODE_CLASSIFICATION");
        assertThat(config.path("model").path("layers").asInt()).isEqualTo(1);
        assertThat(config.path("model").path("hidden").asInt()).isEqualTo(16);
        assertThat(config.path("training").path("steps").asInt()).isEqualTo(20);
        assertThat(config.path("fullGraphMaxNodes").asInt()).isEqualTo(100000);

        assertThat(report.path("runs").isArray()).isTrue();
        assertThat(report.path("runs")).hasSize(1);
        JsonNode only = report.path("runs").get(0);
        assertThat(only.path("seed").asLong()).isZero();
        assertThat(only.path("steps_run").asInt()).isBetween(1, 20);
        assertThat(only.path("best_step").asInt()).isIn(10, 20);
        for (String split : List.of("train", "val", "test")) {
            JsonNode metrics = only.path("metrics").path(split);
            for (String name : List.of("micro_f1", "macro_f1", "accuracy")) {
                assertThat(metrics.path(name).isNumber()).as(split + " " + name).isTrue();
                assertThat(metrics.path(name).asDouble()).as(split + " " + name).isBetween(0.0, 1.0);
            }
            assertThat(metrics.path("micro_f1").asDouble())
                    .as("single-label micro-F1 is accuracy")
                    .isEqualTo(metrics.path("accuracy").asDouble());
        }
        JsonNode summary = report.path("summary").path("test").path("micro_f1");
        assertThat(summary.path("n").asInt()).isEqualTo(1);
        assertThat(summary.path("mean").asDouble())
                .isEqualTo(only.path("metrics").path("test").path("micro_f1").asDouble());
        assertThat(summary.path("std").asDouble()).isZero();
        assertNativesCameFromTheJar();
    }

    @Test
    void linkPredictionReportsMrr() throws Exception {
        ChildJvm.Result run = finetune(concat(
                List.of("--task", "link", "--dataset", "synthetic:query-product", "--negatives", "63", "--json"),
                SMALL));

        assertThat(run.exitCode()).as(run.output()).isZero();
        JsonNode report = new ObjectMapper().readTree(run.stdout());
        assertThat(report.path("config").path("task").asText()).isEqualTo("LINK_PREDICTION");
        assertThat(report.path("runs")).hasSize(1);
        JsonNode test = report.path("runs").get(0).path("metrics").path("test");
        double mrr = test.path("mrr").asDouble();
        assertThat(mrr).isGreaterThan(0.0).isLessThanOrEqualTo(1.0);
        assertThat(test.path("hits@1").asDouble()).isBetween(0.0, 1.0);
        assertThat(test.path("hits@10").asDouble())
                .isBetween(test.path("hits@1").asDouble(), 1.0);
        assertThat(mrr)
                .as("MRR is at least hits@1")
                .isGreaterThanOrEqualTo(test.path("hits@1").asDouble());
        assertThat(report.path("summary").path("test").path("mrr").path("mean").asDouble())
                .isEqualTo(mrr);
        assertNativesCameFromTheJar();
    }

    @Test
    void saveWritesAModelDirectoryAndNeverOverwritesOne(@TempDir Path work) throws Exception {
        Path model = work.resolve("model");
        List<String> args = concat(List.of("--dataset", "synthetic:community", "--save", model.toString()), SMALL);

        ChildJvm.Result first = finetune(args);
        assertThat(first.exitCode()).as(first.output()).isZero();
        for (String file : List.of("manifest.json", "encoder.params", "head.params")) {
            assertThat(model.resolve(file)).isRegularFile();
            assertThat(Files.size(model.resolve(file))).as(file).isPositive();
        }
        JsonNode manifest =
                new ObjectMapper().readTree(model.resolve("manifest.json").toFile());
        assertThat(manifest.path("backbone").asText()).isEqualTo("HGT");
        assertThat(manifest.path("hidden").asInt()).isEqualTo(16);
        assertThat(manifest.path("dataset").asText()).isEqualTo("synthetic:community");
        byte[] encoder = Files.readAllBytes(model.resolve("encoder.params"));

        ChildJvm.Result second = finetune(args);
        assertThat(second.exitCode()).as(second.output()).isNotZero();
        String lastLine = lastLine(second.stderr());
        assertThat(lastLine).startsWith("error: ").contains(model.getFileName().toString(), "already exists");
        assertThat(second.stderr()).doesNotContain("\tat ");
        assertThat(Files.readAllBytes(model.resolve("encoder.params")))
                .as("the saved model is untouched")
                .isEqualTo(encoder);
        try (Stream<Path> left = Files.list(work)) {
            assertThat(left.map(p -> p.getFileName().toString()))
                    .as("no partial model left behind")
                    .containsExactly("model");
        }
    }

    @Test
    void unknownDataSetFailsWithOneClearLine() throws Exception {
        ChildJvm.Result run = finetune(List.of("--dataset", "does-not-exist"));

        assertThat(run.exitCode()).isEqualTo(Cli.EXIT_FAILURE);
        assertThat(run.stdout()).isEmpty();
        assertThat(run.stderr().lines()).as(run.output()).hasSize(1);
        assertThat(run.stderr()).startsWith("error: data set 'does-not-exist' not found");
    }

    @Test
    void pretrainSavesTheDiscriminatorAndFinetuneStartsFromIt(@TempDir Path work) throws Exception {
        Path model = work.resolve("pretrained");
        ChildJvm.Result pretrain = cli(
                "pretrain",
                concat(
                        List.of(
                                "--dataset",
                                "synthetic:community",
                                "--method",
                                "dipgnn",
                                "--pretrain-steps",
                                "4",
                                "--log-every",
                                "2",
                                "--pretrain-negatives",
                                "63",
                                "--save",
                                model.toString(),
                                "--json"),
                        SMALL_ARCHITECTURE));
        assertThat(pretrain.exitCode()).as(pretrain.output()).isZero();
        JsonNode figures = new ObjectMapper().readTree(pretrain.stdout());
        assertThat(figures.path("method").asText()).isEqualTo("dipgnn");
        assertThat(figures.path("history")).hasSize(2);
        assertThat(figures.path("final").path("disc_accuracy").asDouble()).isBetween(0.0, 1.0);
        JsonNode manifest =
                new ObjectMapper().readTree(model.resolve("manifest.json").toFile());
        assertThat(manifest.path("task").path("method").asText()).isEqualTo("dipgnn");
        assertThat(manifest.path("task").path("kept").asText()).isEqualTo("discriminator");
        assertThat(manifest.path("metrics")
                        .path("pretrain_final")
                        .path("gen_coverage")
                        .asDouble())
                .isBetween(0.7, 0.9);

        ChildJvm.Result tuned = finetune(concat(
                List.of(
                        "--dataset",
                        "synthetic:community",
                        "--split",
                        "transfer",
                        "--pretrained",
                        model.toString(),
                        "--json"),
                SMALL));
        assertThat(tuned.exitCode()).as(tuned.output()).isZero();
        assertThat(new ObjectMapper().readTree(tuned.stdout()).path("runs")).hasSize(1);

        List<String> wider = new ArrayList<>(concat(
                List.of("--dataset", "synthetic:community", "--split", "transfer", "--pretrained", model.toString()),
                SMALL));
        wider.set(wider.indexOf("--hidden") + 1, "32");
        ChildJvm.Result mismatch = finetune(wider);
        assertThat(mismatch.exitCode()).isEqualTo(Cli.EXIT_FAILURE);
        assertThat(lastLine(mismatch.stderr())).startsWith("error: ").contains("hidden 16", "hidden 32");
    }

    @Test
    void reproduceWritesTheReportThePlotAndTheJson(@TempDir Path work) throws Exception {
        Path out = work.resolve("report");
        ChildJvm.Result run = cli(
                "reproduce",
                concat(
                        List.of(
                                "--dataset",
                                "synthetic:community",
                                "--methods",
                                "none,dipgnn",
                                "--runs",
                                "2",
                                "--pretrain-steps",
                                "4",
                                "--pretrain-negatives",
                                "63",
                                "--out",
                                out.toString(),
                                "--json"),
                        SMALL));
        assertThat(run.exitCode()).as(run.output()).isZero();
        JsonNode result = new ObjectMapper().readTree(run.stdout());
        assertThat(result.path("methods")).hasSize(2);
        assertThat(result.path("comparisons").has("DiP-GNN vs w/o pre-train")).isTrue();
        assertThat(Files.readString(out.resolve("report.md"))).contains("| DiP-GNN |", "| w/o pre-train |");
        assertThat(Files.readString(out.resolve("validation.svg")))
                .startsWith("<")
                .contains("<svg");
        assertThat(out.resolve("result.json")).isRegularFile();
    }

    @Test
    void pretrainRefusesAnUnknownMethodInOneLine(@TempDir Path work) throws Exception {
        ChildJvm.Result run = cli(
                "pretrain",
                List.of("--method", "bert", "--save", work.resolve("m").toString()));
        assertThat(run.exitCode()).isEqualTo(Cli.EXIT_FAILURE);
        assertThat(lastLine(run.stderr())).contains("unknown pre-training method 'bert'", "dipgnn", "gpt-gnn");
        assertThat(work.resolve("m")).doesNotExist();
    }

    private static ChildJvm.Result finetune(List<String> args) throws IOException, InterruptedException {
        return cli("finetune", args);
    }

    private static ChildJvm.Result cli(String subcommand, List<String> args) throws IOException, InterruptedException {
        List<String> command = ChildJvm.javaCommand(List.of(
                "-Dhttp.proxyHost=127.0.0.1",
                "-Dhttp.proxyPort=9",
                "-Dhttps.proxyHost=127.0.0.1",
                "-Dhttps.proxyPort=9",
                "-Duser.home=" + djlCache.resolve("home"),
                // one intra-op thread: on a small shared machine OpenMP workers spin against other processes
                "-Dai.djl.pytorch.num_threads=1"));
        command.add("-jar");
        command.add(jar.toString());
        command.add(subcommand);
        command.addAll(args);
        return ChildJvm.run(
                command,
                env -> {
                    NATIVE_OVERRIDES.forEach(env::remove);
                    env.put("DJL_CACHE_DIR", djlCache.toString());
                    env.put("ENGINE_CACHE_DIR", djlCache.toString());
                },
                TIMEOUT_SECONDS);
    }

    private static void assertNativesCameFromTheJar() throws IOException {
        try (Stream<Path> files = Files.walk(djlCache)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .as("PyTorch natives extracted into the empty DJL cache")
                    .anyMatch(name -> name.startsWith("libtorch") || name.startsWith("libc10"));
        }
    }

    private static String lastLine(String text) {
        List<String> lines = text.lines().filter(l -> !l.isBlank()).toList();
        return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
