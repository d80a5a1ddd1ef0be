package com.dipgnn.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ai.djl.Device;
import com.dipgnn.finetuning.ExperimentSpec;
import com.dipgnn.finetuning.FineTuneConfig;
import com.dipgnn.finetuning.FineTuneExperiment;
import com.dipgnn.finetuning.SplitMode;
import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.synthetic.QueryProductLocation;
import com.dipgnn.model.AggregationKernel;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.optim.OptimizerConfig;
import com.dipgnn.optim.TrainingListener;
import com.dipgnn.sampling.SamplingConfig;
import com.dipgnn.serving.DeploymentListener;
import com.dipgnn.serving.DeploymentOptions;
import com.dipgnn.serving.EmbeddingsManifest;
import com.dipgnn.serving.ModelDeployment;
import com.dipgnn.serving.PrecomputedEmbeddings;
import com.dipgnn.store.ModelStore;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The batch job in Spark local mode (2 worker threads) on a generated query-product graph with a
 * tiny fine-tuned link model: its Parquet output equals, bit for bit, what a deployment of the same
 * model computes, node by node, every node exactly once: with exact inference (the default of both),
 * and with sampled inference and the same seed and chunk size. Its manifest lists every part file
 * with its size, rows and SHA-256, and the service reads the output as verified. On the TorchScript
 * kernels, named explicitly, the job computes the COO path's embeddings within float tolerance.
 */
class BatchEmbeddingsTest {

    /** The graph both the job and the deployment load: 150 queries, 200 products, 1,200 clicks. */
    static final String GRAPH = new QueryProductLocation(150, 200, 1200, 5L).location();

    static final int CHUNK = 32;
    static final long SEED = 7;

    @TempDir
    static Path dir;

    static SparkSession spark;
    static HeteroGraph graph;
    static Path model;

    @BeforeAll
    static void setUp() throws Exception {
        graph = QueryProductLocation.parse(GRAPH).generate();
        model = dir.resolve("mv-test-model");
        ExperimentSpec spec = new ExperimentSpec(
                TaskKind.LINK_PREDICTION,
                null,
                null,
                SplitMode.TRANSFER,
                3,
                1.0,
                new ModelConfig(Backbone.HGT, 2, 16, 2, 0.1, 0.0),
                new FineTuneConfig(4, 32, 4, 0, OptimizerConfig.FINE_TUNING.withLearningRate(5e-3), 0),
                new SamplingConfig(2, 16),
                0,
                false,
                31,
                31,
                0.1);
        new FineTuneExperiment(graph, "synthetic:query-product", spec, Device.cpu())
                .run(1, TrainingListener.NONE, model);
        spark = SparkSession.builder()
                .master("local[2]")
                .appName("batch-embeddings-test")
                .config("spark.ui.enabled", "false")
                .config("spark.sql.shuffle.partitions", "2")
                .getOrCreate();
    }

    @AfterAll
    static void tearDown() {
        if (spark != null) {
            spark.stop();
        }
    }

    @Test
    void exactEmbeddingsEqualWhatADeploymentComputesByDefault() throws Exception {
        Path out = dir.resolve("exact");
        BatchOptions options = BatchOptions.of(model.toString(), GRAPH, out.toString())
                .withPartitions(3)
                .withDevice("cpu");
        EmbeddingsManifest manifest = BatchEmbeddings.run(spark, options);
        assertThat(manifest.sampler()).isEqualTo(com.dipgnn.inference.LayerwiseEmbedder.DESCRIPTION);
        assertThat(manifest.rows()).isEqualTo(350);
        assertListsEveryPartFile(out, manifest);
        assertThat(PrecomputedEmbeddings.read(out, model, "mv-test-model", graph)
                        .verified())
                .isTrue();
        Map<String, float[]> byKey = read(out);
        assertThat(byKey).hasSize(350);
        try (ModelDeployment deployment =
                ModelDeployment.deploy(model, graph, DeploymentOptions.defaults(), DeploymentListener.NONE)) {
            assertThat(deployment.stats().sampler()).isEqualTo(com.dipgnn.inference.LayerwiseEmbedder.DESCRIPTION);
            for (String type : graph.nodeTypes()) {
                for (int id = 0; id < graph.numNodes(type); id++) {
                    float[] expected = deployment.embeddings(type, new int[] {id})[0];
                    assertThat(byKey.get(type + "/" + id))
                            .as("%s %d", type, id)
                            .isNotNull()
                            .containsExactly(expected);
                }
            }
        }
    }

    /**
     * The job on the TorchScript kernels, named explicitly, computes the embeddings of the COO path
     * within float tolerance (the two sum in different orders; 7.7e-7 at most when measured).
     * Spark's local mode runs the tasks in this JVM, so the process-wide kernel choice reaches them.
     */
    @Test
    void exactEmbeddingsOnTheTorchScriptKernelsMatchTheCooPath() throws Exception {
        AggregationKernel before = AggregationKernel.current();
        Map<String, float[]> coo;
        Map<String, float[]> torchscript;
        try {
            AggregationKernel.use(AggregationKernel.COO);
            coo = read(runExact(dir.resolve("kernels-coo")));
            AggregationKernel.use(AggregationKernel.TORCHSCRIPT);
            torchscript = read(runExact(dir.resolve("kernels-torchscript")));
        } finally {
            AggregationKernel.use(before);
        }
        assertThat(torchscript.keySet()).hasSize(350).isEqualTo(coo.keySet());
        double largest = 0;
        for (Map.Entry<String, float[]> node : coo.entrySet()) {
            float[] expected = node.getValue();
            float[] actual = torchscript.get(node.getKey());
            assertThat(actual).as(node.getKey()).hasSameSizeAs(expected);
            for (int i = 0; i < expected.length; i++) {
                largest = Math.max(largest, Math.abs(actual[i] - expected[i]) / Math.max(1.0, Math.abs(expected[i])));
            }
        }
        assertThat(largest)
                .as("largest difference, relative to max(1, |coo value|)")
                .isLessThan(1e-5);
    }

    private static Path runExact(Path out) {
        BatchEmbeddings.run(
                spark,
                BatchOptions.of(model.toString(), GRAPH, out.toString())
                        .withPartitions(2)
                        .withDevice("cpu"));
        return out;
    }

    /** The manifest lists exactly the part files, each with its size, rows and SHA-256 (computed here independently). */
    private static void assertListsEveryPartFile(Path out, EmbeddingsManifest manifest) throws Exception {
        List<Path> parts;
        try (Stream<Path> files = Files.list(out)) {
            parts = files.filter(p -> p.getFileName().toString().endsWith(".parquet")
                            && !p.getFileName().toString().startsWith("."))
                    .toList();
        }
        assertThat(manifest.files()).isNotNull().hasSize(parts.size());
        long rows = 0;
        for (Path part : parts) {
            String name = part.getFileName().toString();
            long count = spark.read().parquet(part.toString()).count();
            String sha256 = "sha256:"
                    + HexFormat.of()
                            .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(part)));
            assertThat(manifest.files().get(name))
                    .as(name)
                    .isEqualTo(new EmbeddingsManifest.DataFile(Files.size(part), count, sha256));
            rows += count;
        }
        assertThat(rows).isEqualTo(manifest.rows());
    }

    private static Map<String, float[]> read(Path out) {
        Map<String, float[]> byKey = new HashMap<>();
        for (Row row : spark.read().parquet(out.toString()).collectAsList()) {
            String key = row.getString(0) + "/" + row.getInt(1);
            assertThat(byKey.containsKey(key)).as("node %s appears once", key).isFalse();
            List<Float> values = row.getList(2);
            float[] vector = new float[values.size()];
            for (int i = 0; i < vector.length; i++) {
                vector[i] = values.get(i);
            }
            byKey.put(key, vector);
        }
        return byKey;
    }

    @Test
    void sampledEmbeddingsEqualWhatASampledDeploymentComputesWithTheSameModelAndSeed() throws Exception {
        Path out = dir.resolve("embeddings");
        BatchOptions options = BatchOptions.of(model.toString(), GRAPH, out.toString())
                .withSampled(true)
                .withChunk(CHUNK)
                .withSeed(SEED)
                .withPartitions(3)
                .withDevice("cpu");
        EmbeddingsManifest manifest = BatchEmbeddings.run(spark, options);

        // 200 products in chunks of 32: 7 passes, spread over 3 partitions, one part file each
        assertThat(manifest.passes()).isEqualTo(7);
        assertThat(manifest.partitions()).isEqualTo(3);
        try (Stream<Path> files = Files.list(out)) {
            assertThat(files.filter(p -> p.getFileName().toString().endsWith(".parquet")))
                    .hasSize(3);
        }
        assertThat(manifest.modelId()).isEqualTo("mv-test-model");
        assertThat(manifest.modelFingerprint()).isEqualTo(ModelStore.fingerprint(model));
        assertThat(manifest.graphFingerprint()).isEqualTo(graph.fingerprint());
        assertThat(manifest.nodeCounts()).containsExactly(Map.entry("query", 150L), Map.entry("product", 200L));
        assertThat(manifest.rows()).isEqualTo(350);
        assertThat(manifest.dim()).isEqualTo(16);
        assertThat(manifest.seed()).isEqualTo(SEED);
        assertThat(manifest.chunkSize()).isEqualTo(CHUNK);
        assertThat(manifest.sampler()).isEqualTo("HgSampler[depth=2, width=16]");
        try (InputStream in = Files.newInputStream(out.resolve(EmbeddingsManifest.FILE_NAME))) {
            assertThat(EmbeddingsManifest.read(in)).isEqualTo(manifest);
        }
        assertListsEveryPartFile(out, manifest);

        Map<String, float[]> byKey = read(out);
        assertThat(byKey).hasSize(350);

        DeploymentOptions same = DeploymentOptions.defaults()
                .withInference(DeploymentOptions.Inference.SAMPLED)
                .withChunkSize(CHUNK)
                .withSeed(SEED);
        try (ModelDeployment deployment = ModelDeployment.deploy(model, graph, same, DeploymentListener.NONE)) {
            for (String type : graph.nodeTypes()) {
                for (int id = 0; id < graph.numNodes(type); id++) {
                    float[] expected = deployment.embeddings(type, new int[] {id})[0];
                    assertThat(byKey.get(type + "/" + id))
                            .as("%s %d", type, id)
                            .isNotNull()
                            .containsExactly(expected);
                }
            }
        }
        // the seed matters: another seed samples other neighbourhoods, so an equality above is not an accident
        DeploymentOptions otherSeed = same.withSeed(SEED + 1);
        try (ModelDeployment other = ModelDeployment.deploy(model, graph, otherSeed, DeploymentListener.NONE)) {
            long differing = IntStream.range(0, 200)
                    .filter(id ->
                            !Arrays.equals(other.embeddings("product", new int[] {id})[0], byKey.get("product/" + id)))
                    .count();
            assertThat(differing).isPositive();
        }

        // the service reads the job's files back (its own Parquet reader) and deploys them: same answers
        PrecomputedEmbeddings precomputed = PrecomputedEmbeddings.read(out, model, "mv-test-model", graph);
        try (ModelDeployment fromFiles = ModelDeployment.deploy(
                model, graph, DeploymentOptions.defaults(), DeploymentListener.NONE, null, precomputed)) {
            for (int id : new int[] {0, 31, 32, 149}) {
                assertThat(fromFiles.embeddings("query", new int[] {id})[0]).containsExactly(byKey.get("query/" + id));
            }
            assertThat(fromFiles.recommend(null, 3, 5, false)).isNotEmpty();
        }
    }

    @Test
    void badInputsAreRefusedBeforeAnyTaskRuns() throws Exception {
        Path existing = Files.createDirectories(dir.resolve("taken"));
        assertThatThrownBy(
                        () -> BatchEmbeddings.run(spark, BatchOptions.of(model.toString(), GRAPH, existing.toString())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("already exists; choose a new directory");
        assertThatThrownBy(() -> BatchEmbeddings.run(
                        spark,
                        BatchOptions.of(
                                dir.resolve("no-model").toString(),
                                GRAPH,
                                dir.resolve("out-1").toString())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is not a readable model directory");
        String otherGraph = new QueryProductLocation(150, 200, 1200, 6L).location();
        assertThatThrownBy(() -> BatchEmbeddings.run(
                        spark,
                        BatchOptions.of(
                                model.toString(),
                                otherGraph,
                                dir.resolve("out-2").toString())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("deploy it on the graph it was trained on");
        assertThat(dir.resolve("out-1")).doesNotExist();
        assertThat(dir.resolve("out-2")).doesNotExist();
    }

    @Test
    void theCommandLineNamesWhatIsMissingOrWrong() {
        assertThatThrownBy(() -> BatchOptions.parse(new String[] {"--graph", GRAPH, "--output", "/tmp/x"}))
                .hasMessageContaining("--model is required")
                .hasMessageContaining("usage:");
        assertThatThrownBy(() -> BatchOptions.parse(
                        new String[] {"--model", "m", "--graph", "g", "--output", "o", "--chunk", "many"}))
                .hasMessageContaining("--chunk must be a whole number; got 'many'");
        assertThatThrownBy(() -> BatchOptions.parse(
                        new String[] {"--model", "m", "--graph", "g", "--output", "o", "--device", "tpu"}))
                .hasMessageContaining("--device must be auto, cpu or gpu; got 'tpu'");
        assertThatThrownBy(() -> BatchOptions.parse(new String[] {"--frobnicate"}))
                .hasMessageContaining("unknown argument '--frobnicate'");
        BatchOptions parsed = BatchOptions.parse(new String[] {
            "--model=m",
            "--graph",
            "g",
            "--output",
            "o",
            "--seed",
            "3",
            "--chunk",
            "64",
            "--partitions",
            "8",
            "--model-id",
            "mv-1",
            "--allow-other-graph"
        });
        assertThat(parsed).isEqualTo(new BatchOptions("m", "mv-1", "g", 0, "o", 3, 64, 8, "auto", false, false));
        assertThat(BatchOptions.parse(
                                new String[] {"--model", "m", "--graph", "g", "--output", "o", "--inference", "sampled"
                                })
                        .sampled())
                .isTrue();
        assertThatThrownBy(() -> BatchOptions.parse(
                        new String[] {"--model", "m", "--graph", "g", "--output", "o", "--inference", "approximate"}))
                .hasMessageContaining("--inference must be exact or sampled");
    }
}
