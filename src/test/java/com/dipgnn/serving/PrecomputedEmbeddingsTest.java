package com.dipgnn.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.training.TaskKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A deployment from precomputed embeddings (files as the Spark batch job writes them) answers as
 * one that computed its own; embeddings of another model or graph, of the wrong width, with
 * missing, repeated or broken rows are refused with what, where and how to fix. The reader runs on
 * the service's own classpath (no Hadoop codecs, no Spark).
 */
class PrecomputedEmbeddingsTest {

    private static final int CHUNK = 64;

    @TempDir
    static Path dir;

    static HeteroGraph graph;
    static Path model;
    static ModelDeployment computed;
    static List<EmbeddingFiles.Row> rows;
    static EmbeddingsManifest manifest;
    static Path good;

    @BeforeAll
    static void setUp() throws Exception {
        graph = ServingFixtures.queryProduct();
        model = dir.resolve("mv-link");
        ServingFixtures.train(graph, TaskKind.LINK_PREDICTION, null, model);
        computed = ModelDeployment.deploy(model, graph, options(), DeploymentListener.NONE);
        rows = EmbeddingFiles.rowsOf(computed);
        manifest = EmbeddingFiles.manifest(model, "mv-link", graph, 16);
        // rows dealt over 3 part files, as 3 Spark partitions would write them
        good = EmbeddingFiles.write(dir.resolve("good"), manifest, rows, 3);
    }

    @AfterAll
    static void close() {
        computed.close();
    }

    /** Sampled inference, as the batch job computes: new nodes of a deployment from its files are sampled too. */
    private static DeploymentOptions options() {
        return DeploymentOptions.defaults().withInference(DeploymentOptions.Inference.SAMPLED).withChunkSize(CHUNK)
                .withLimits(300, 50);
    }

    @Test
    void aDeploymentFromPrecomputedEmbeddingsAnswersAsOneThatComputedThem() throws Exception {
        PrecomputedEmbeddings precomputed = PrecomputedEmbeddings.read(good, model, "mv-link", graph);
        assertThat(precomputed.rows()).isEqualTo(350);
        try (ModelDeployment fromFiles = ModelDeployment.deploy(model, graph, options(), DeploymentListener.NONE, null,
                precomputed)) {
            for (String type : graph.nodeTypes()) {
                int[] ids = ServingFixtures.all(graph, type);
                assertThat(fromFiles.embeddings(type, ids)).as(type).isDeepEqualTo(computed.embeddings(type, ids));
            }
            int[] sources = {0, 3, 17, 149};
            int[] targets = {5, 199, 42, 7};
            assertThat(fromFiles.linkScores(null, sources, targets)).containsExactly(computed.linkScores(null, sources, targets));
            for (int query : new int[] {0, 11, 76, 149}) {
                assertThat(fromFiles.recommend(null, query, 10, true)).isEqualTo(computed.recommend(null, query, 10, true));
            }
            NewNode fresh = new NewNode("query", new float[] {0.5f, 0, 0, 0.25f, 0, 0, 0, 1}, Map.of("clicked", new int[] {1, 2}));
            assertThat(fromFiles.embedNewNode(fresh)).containsExactly(computed.embedNewNode(fresh));
            assertThat(fromFiles.stats().embeddedNodes()).isEqualTo(350);
        }
        // and it serves what the files hold, not a computation of its own: files with every value negated
        List<EmbeddingFiles.Row> negated = rows.stream().map(r -> {
            float[] v = r.embedding().clone();
            for (int i = 0; i < v.length; i++) {
                v[i] = -v[i];
            }
            return new EmbeddingFiles.Row(r.type(), r.id(), v);
        }).toList();
        Path flipped = EmbeddingFiles.write(dir.resolve("negated"), manifest, negated, 2);
        try (ModelDeployment fromFlipped = ModelDeployment.deploy(model, graph, options(), DeploymentListener.NONE, null,
                PrecomputedEmbeddings.read(flipped, model, "mv-link", graph))) {
            assertThat(fromFlipped.embeddings("product", new int[] {42})[0]).containsExactly(negated.get(150 + 42).embedding());
        }
    }

    @Test
    void embeddingsOfAnotherModelAreRefused() throws Exception {
        Path other = dir.resolve("mv-other");
        ServingFixtures.randomNormalizedLinkModel(graph, other);
        assertThatThrownBy(() -> PrecomputedEmbeddings.read(good, other, "mv-other", graph))
                .isInstanceOf(InvalidEmbeddingsException.class)
                .hasMessageContaining("were computed with model 'mv-link' (fingerprint " + manifest.modelFingerprint())
                .hasMessageContaining("not with model 'mv-other'")
                .hasMessageContaining("run the batch job with --model set to model 'mv-other''s directory");
    }

    @Test
    void aWidthOtherThanTheModelsIsRefused() throws Exception {
        EmbeddingsManifest wide = withDim(manifest, 32);
        Path files = EmbeddingFiles.write(dir.resolve("dim-32"), wide, rows, 1);
        assertThatThrownBy(() -> PrecomputedEmbeddings.read(files, model, "mv-link", graph))
                .isInstanceOf(InvalidEmbeddingsException.class)
                .hasMessageContaining("have width 32 but model 'mv-link' has hidden width 16");
        List<EmbeddingFiles.Row> shortRows = rows.stream()
                .map(r -> new EmbeddingFiles.Row(r.type(), r.id(), java.util.Arrays.copyOf(r.embedding(), 8))).toList();
        Path truncated = EmbeddingFiles.write(dir.resolve("rows-of-8"), manifest, shortRows, 1);
        assertThatThrownBy(() -> PrecomputedEmbeddings.read(truncated, model, "mv-link", graph))
                .isInstanceOf(InvalidEmbeddingsException.class)
                .hasMessageContaining("part-00000-test.snappy.parquet, row 0: the row has an embedding of 8 values for"
                        + " node 0 of type 'query' but the model's width is 16");
    }

    @Test
    void missingAndRepeatedNodesAreRefused() throws Exception {
        List<EmbeddingFiles.Row> missing = rows.stream()
                .filter(r -> !(r.type().equals("product") && Set.of(5, 77, 199).contains(r.id()))).toList();
        Path lacking = EmbeddingFiles.write(dir.resolve("missing"), manifest, missing, 2);
        assertThatThrownBy(() -> PrecomputedEmbeddings.read(lacking, model, "mv-link", graph))
                .isInstanceOf(InvalidEmbeddingsException.class)
                .hasMessageContaining("lack 3 of the 200 nodes of type 'product' (first: ids [5, 77, 199])");

        List<EmbeddingFiles.Row> repeated = new ArrayList<>(rows);
        repeated.add(rows.get(10));
        Path twice = EmbeddingFiles.write(dir.resolve("repeated"), manifest, repeated, 1);
        assertThatThrownBy(() -> PrecomputedEmbeddings.read(twice, model, "mv-link", graph))
                .isInstanceOf(InvalidEmbeddingsException.class)
                .hasMessageContaining("row 350: the row repeats node 10 of type 'query' (every node must appear exactly once)");

        List<EmbeddingFiles.Row> outOfRange = new ArrayList<>(rows.subList(0, 349));
        outOfRange.add(new EmbeddingFiles.Row("product", 200, rows.get(349).embedding()));
        Path beyond = EmbeddingFiles.write(dir.resolve("beyond"), manifest, outOfRange, 1);
        assertThatThrownBy(() -> PrecomputedEmbeddings.read(beyond, model, "mv-link", graph))
                .isInstanceOf(InvalidEmbeddingsException.class)
                .hasMessageContaining("has node_id 200 but the ids of type 'product' are 0..199");

        List<EmbeddingFiles.Row> nan = new ArrayList<>(rows);
        float[] bad = rows.get(3).embedding().clone();
        bad[2] = Float.NaN;
        nan.set(3, new EmbeddingFiles.Row("query", 3, bad));
        Path notFinite = EmbeddingFiles.write(dir.resolve("nan"), manifest, nan, 1);
        assertThatThrownBy(() -> PrecomputedEmbeddings.read(notFinite, model, "mv-link", graph))
                .isInstanceOf(InvalidEmbeddingsException.class)
                .hasMessageContaining("row 3: the row has a non-finite value (NaN) in the embedding of node 3");
    }

    @Test
    void anotherGraphIsRefused() throws Exception {
        HeteroGraph other = com.dipgnn.graph.synthetic.SyntheticGraphs.queryProduct(
                com.dipgnn.graph.synthetic.QueryProductConfig.defaults().withSize(150, 200, 1200)
                        .withNumCategories(4).withFeatures(8, 1.0).withSeed(6));
        assertThatThrownBy(() -> PrecomputedEmbeddings.read(good, model, "mv-link", other))
                .isInstanceOf(InvalidEmbeddingsException.class)
                .hasMessageContaining("were computed on graph")
                .hasMessageContaining("run the batch job with --graph set to the data set the model was trained on");
    }

    @Test
    void filesThatAreNotTheJobsOutputAreRefused() throws Exception {
        Path noManifest = EmbeddingFiles.write(dir.resolve("no-manifest"), null, rows, 1);
        assertThatThrownBy(() -> PrecomputedEmbeddings.read(noManifest, model, "mv-link", graph))
                .isInstanceOf(InvalidEmbeddingsException.class)
                .hasMessageContaining("has no _dipgnn-embeddings.json: it is not the output of the batch embedding job, "
                        + "or the job did not finish");

        Path garbage = Files.createDirectories(dir.resolve("garbage"));
        Files.writeString(garbage.resolve(EmbeddingsManifest.FILE_NAME), Files.readString(good.resolve(EmbeddingsManifest.FILE_NAME)));
        Files.write(garbage.resolve("part-00000.parquet"), new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});
        assertThatThrownBy(() -> PrecomputedEmbeddings.read(garbage, model, "mv-link", graph))
                .isInstanceOf(InvalidEmbeddingsException.class)
                .hasMessageContaining("part-00000.parquet is not a readable Parquet file");

        Path longIds = EmbeddingFiles.write(dir.resolve("long-ids"), manifest, rows, 1,
                EmbeddingFiles.SPARK_SCHEMA.replace("int32 node_id", "int64 node_id"));
        assertThatThrownBy(() -> PrecomputedEmbeddings.read(longIds, model, "mv-link", graph))
                .isInstanceOf(InvalidEmbeddingsException.class)
                .hasMessageContaining("does not have the batch job's columns: column node_id must be an int");

        assertThatThrownBy(() -> PrecomputedEmbeddings.read(dir.resolve("nowhere"), model, "mv-link", graph))
                .isInstanceOf(InvalidEmbeddingsException.class).hasMessageContaining("is not a directory");
    }

    private static EmbeddingsManifest withDim(EmbeddingsManifest m, int dim) {
        return new EmbeddingsManifest(m.format(), m.createdAt(), m.codeVersion(), m.modelId(), m.modelFingerprint(),
                m.dataset(), m.graphSource(), m.graphFingerprint(), dim, m.seed(), m.chunkSize(), m.sampler(),
                m.device(), m.passes(), m.partitions(), m.nodeCounts(), m.rows());
    }
}
