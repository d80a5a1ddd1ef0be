package com.dipgnn.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.graph.FeatureScaling;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.inference.NodeEmbedder;
import com.dipgnn.model.CosineScorer;
import com.dipgnn.model.GraphBatch;
import com.dipgnn.sampling.FullGraphSampler;
import com.dipgnn.sampling.HgSampler;
import com.dipgnn.store.ModelStore;
import com.dipgnn.text.TextInputsFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A fine-tuned link-prediction model deployed on its graph: embeddings, scores, top-k, request errors. */
class ModelDeploymentTest {

    private static final int CHUNK = 64;

    @TempDir
    static Path dir;

    static HeteroGraph graph;
    static Path model;
    static ModelDeployment deployment;
    static final List<long[]> progress = new ArrayList<>();

    @BeforeAll
    static void deploy() throws Exception {
        graph = ServingFixtures.queryProduct();
        model = dir.resolve("link-model");
        ServingFixtures.train(graph, TaskKind.LINK_PREDICTION, null, model);
        deployment = ModelDeployment.deploy(
                model,
                graph,
                options(),
                (phase, done, total) -> progress.add(new long[] {phase.ordinal(), done, total}));
    }

    @AfterAll
    static void close() {
        deployment.close();
    }

    private static DeploymentOptions options() {
        return DeploymentOptions.defaults().withChunkSize(CHUNK).withLimits(300, 50);
    }

    /**
     * The graph as the model reads it: the text columns of its stored text inputs after the
     * features, the dense features standardised with the scaling stored with it.
     */
    private static HeteroGraph modelsView() {
        return FeatureScaling.loadIfPresent(model)
                .orElseThrow()
                .apply(TextInputsFile.load(model).apply(graph, null));
    }

    @Test
    void exactEmbeddingsAreTheEncoderRunOnTheWholeGraph() throws Exception {
        // exact inference (the default) gives every node all its neighbours at every layer, which is
        // what one forward pass over the whole graph does (here in a single batch, not layer by layer)
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            ModelStore.LoadedModel loaded = ModelStore.load(model, manager, m -> new CosineScorer(m.hidden()));
            HeteroGraph seen = modelsView();
            Map<String, NDArray> whole = loaded.encoder()
                    .forward(new GraphBatch(manager, seen, new FullGraphSampler().sample(seen, Map.of(), null)), false);
            for (String type : graph.nodeTypes()) {
                float[] got = flatten(deployment.embeddings(type, ServingFixtures.all(graph, type)));
                assertThat(got).as(type).containsExactly(whole.get(type).toFloatArray(), within(1e-5f));
            }
        }
        assertThat(deployment.stats().embeddedNodes()).isEqualTo(350);
        assertThat(deployment.stats().sampler()).isEqualTo(Deployer.EXACT);
    }

    @Test
    void sampledEmbeddingsAreWhatTheNodeEmbedderComputesWithTheSameSeed() throws Exception {
        Map<String, int[]> ids = new LinkedHashMap<>();
        ids.put("query", ServingFixtures.all(graph, "query"));
        ids.put("product", ServingFixtures.all(graph, "product"));
        DeploymentOptions sampled = options().withInference(DeploymentOptions.Inference.SAMPLED);
        try (NDManager manager = NDManager.newBaseManager(Device.cpu());
                ModelDeployment d = ModelDeployment.deploy(model, graph, sampled, DeploymentListener.NONE)) {
            ModelStore.LoadedModel loaded = ModelStore.load(model, manager, m -> new CosineScorer(m.hidden()));
            Map<String, NodeEmbedder.Table> expected = new NodeEmbedder(
                            modelsView(), new HgSampler(ServingFixtures.SAMPLING), CHUNK)
                    .embed(loaded.encoder(), ids, manager, sampled.seed());
            for (String type : ids.keySet()) {
                float[] want = expected.get(type).rows(manager, ids.get(type)).toFloatArray();
                float[] got = flatten(d.embeddings(type, ids.get(type)));
                assertThat(got).as(type).containsExactly(want, within(1e-6f));
            }
            assertThat(d.stats().sampler()).contains("HgSampler[depth=2, width=16]");
        }
    }

    @Test
    void twoDeploymentsAgreeAndProgressIsReported() throws Exception {
        try (ModelDeployment again = ModelDeployment.deploy(model, graph, options(), DeploymentListener.NONE)) {
            int[] ids = ServingFixtures.all(graph, "product");
            assertThat(again.embeddings("product", ids)).isDeepEqualTo(deployment.embeddings("product", ids));
        }
        List<long[]> embedding = progress.stream()
                .filter(p -> p[0] == DeploymentListener.Phase.EMBEDDING.ordinal())
                .toList();
        assertThat(embedding).hasSizeGreaterThan(1);
        assertThat(embedding.get(embedding.size() - 1)).containsExactly(0, 350, 350);
        assertThat(embedding).extracting(p -> p[1]).isSorted();
    }

    @Test
    void linkScoresEqualTheCosineScorerOnTheSameEmbeddings() throws Exception {
        int[] sources = {0, 3, 3, 17, 149};
        int[] targets = {5, 0, 199, 42, 7};
        float[] scores = deployment.linkScores("clicked", sources, targets);
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            CosineScorer head = (CosineScorer) ModelStore.load(model, manager, m -> new CosineScorer(m.hidden()))
                    .head();
            NDArray anchors = manager.create(flatten(deployment.embeddings("query", sources)), new Shape(5, 16));
            NDArray candidates = manager.create(flatten(deployment.embeddings("product", targets)), new Shape(5, 16));
            float[] expected = head.score(candidates, anchors).toFloatArray();
            assertThat(scores).containsExactly(expected, within(1e-5f));
        }
        assertThat(deployment.linkScores("query__clicked__product", sources, targets))
                .containsExactly(scores);
        assertThat(deployment.linkScores(null, sources, targets)).containsExactly(scores);
    }

    @Test
    void recommendationsAreTheBruteForceTopKOfTheLinkScores() {
        RelationType clicked = graph.relation("clicked");
        int[] products = ServingFixtures.all(graph, "product");
        for (int query : new int[] {0, 11, 76}) {
            float[] scores = deployment.linkScores(null, filled(products.length, query), products);
            List<Integer> ranked = IntStream.range(0, products.length)
                    .boxed()
                    .sorted(Comparator.comparingDouble((Integer p) -> -scores[p])
                            .thenComparing(p -> p))
                    .toList();
            assertThat(deployment.recommend(null, query, 10, false))
                    .extracting(ScoredNode::id)
                    .containsExactlyElementsOf(ranked.subList(0, 10));
            List<Integer> unlinked = ranked.stream()
                    .filter(p -> !graph.adjacency(clicked).hasEdge(query, p))
                    .toList();
            List<ScoredNode> excluded = deployment.recommend("clicked", query, 10, true);
            assertThat(excluded).extracting(ScoredNode::id).containsExactlyElementsOf(unlinked.subList(0, 10));
            assertThat(excluded.get(0).score()).isCloseTo(scores[unlinked.get(0)], within(0f));
        }
        assertThat(graph.adjacency(clicked).degree(76))
                .as("a query with clicks to exclude")
                .isPositive();
        assertThat(deployment.index()).get().isInstanceOf(ExactIndex.class);
    }

    @Test
    void badRequestsNameTheFieldAndTheValidRange() {
        expect(
                () -> deployment.embeddings("query", new int[] {1, 150}),
                "ids[1]",
                InvalidInferenceRequestException.Reason.UNKNOWN_NODE,
                "node 150 of type 'query' does not exist: ids of type 'query' are 0..149");
        expect(
                () -> deployment.embeddings("user", new int[] {1}),
                "type",
                InvalidInferenceRequestException.Reason.UNKNOWN_NODE_TYPE,
                "unknown node type 'user': the graph's node types are [query, product]");
        expect(
                () -> deployment.embeddings("query", new int[301]),
                "ids",
                InvalidInferenceRequestException.Reason.BATCH_TOO_LARGE,
                "ids holds 301 items; at most 300");
        expect(
                () -> deployment.recommend(null, 1, 0, false),
                "k",
                InvalidInferenceRequestException.Reason.K_OUT_OF_RANGE,
                "k must be between 1 and 50");
        expect(
                () -> deployment.recommend(null, 1, 51, false),
                "k",
                InvalidInferenceRequestException.Reason.K_OUT_OF_RANGE,
                "got 51");
        expect(
                () -> deployment.recommend(null, -1, 5, false),
                "source",
                InvalidInferenceRequestException.Reason.UNKNOWN_NODE,
                "node -1 of type 'query'");
        expect(
                () -> deployment.recommend("bought", 1, 5, false),
                "relation",
                InvalidInferenceRequestException.Reason.UNKNOWN_RELATION,
                "unknown relation 'bought'");
        expect(
                () -> deployment.recommend("rev_clicked", 1, 5, false),
                "relation",
                InvalidInferenceRequestException.Reason.NOT_SUPPORTED_BY_MODEL,
                "the model scores relation query__clicked__product only; got product__rev_clicked__query");
        // several sources at once: k and every id checked before any search (and any result of size n x k)
        expect(
                () -> deployment.recommend(null, new int[] {1, 2}, Integer.MAX_VALUE, false),
                "k",
                InvalidInferenceRequestException.Reason.K_OUT_OF_RANGE,
                "k must be between 1 and 50");
        expect(
                () -> deployment.recommend(null, new int[] {1, 150}, 5, false),
                "sources[1]",
                InvalidInferenceRequestException.Reason.UNKNOWN_NODE,
                "node 150 of type 'query'");
        expect(
                () -> deployment.recommend(null, new int[301], 5, false),
                "sources",
                InvalidInferenceRequestException.Reason.BATCH_TOO_LARGE,
                "sources holds 301 items; at most 300");
        assertThat(deployment.recommend(null, new int[] {76, 3}, 10, true))
                .containsExactly(deployment.recommend(null, 76, 10, true), deployment.recommend(null, 3, 10, true));
        expect(
                () -> deployment.linkScores(null, new int[] {1, 2}, new int[] {3}),
                "targets",
                InvalidInferenceRequestException.Reason.MALFORMED,
                "got 2 sources and 1 targets");
        expect(
                () -> deployment.linkScores(null, new int[] {1}, new int[] {200}),
                "targets[0]",
                InvalidInferenceRequestException.Reason.UNKNOWN_NODE,
                "ids of type 'product' are 0..199");
        expect(
                () -> deployment.classProbabilities("query", new int[] {1}),
                "type",
                InvalidInferenceRequestException.Reason.NOT_SUPPORTED_BY_MODEL,
                "no classification head");
    }

    static void expect(Runnable call, String field, InvalidInferenceRequestException.Reason reason, String message) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(InvalidInferenceRequestException.class, e -> {
            assertThat(e.field()).isEqualTo(field);
            assertThat(e.reason()).isEqualTo(reason);
            assertThat(e.getMessage()).contains(message);
        });
    }

    @Test
    void aGraphOfOtherDataIsRefused() {
        HeteroGraph other = com.dipgnn.graph.synthetic.SyntheticGraphs.queryProduct(
                com.dipgnn.graph.synthetic.QueryProductConfig.defaults()
                        .withSize(150, 200, 1100)
                        .withNumCategories(4)
                        .withFeatures(8, 1.0)
                        .withSeed(5));
        assertThatThrownBy(() -> ModelDeployment.deploy(model, other, options(), DeploymentListener.NONE))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("fingerprint")
                .hasMessageContaining("deploy it on the graph it was trained on");
    }

    @Test
    void interruptingTheDeployingThreadCancelsTheDeployment() {
        try {
            assertThatThrownBy(() -> ModelDeployment.deploy(
                            model,
                            graph,
                            options(),
                            (phase, done, total) -> Thread.currentThread().interrupt()))
                    .isInstanceOf(CancellationException.class)
                    .hasMessageContaining("interrupted");
        } finally {
            assertThat(Thread.interrupted())
                    .as("the interrupt flag is left set")
                    .isTrue();
        }
    }

    static float[] flatten(float[][] rows) {
        int width = rows.length == 0 ? 0 : rows[0].length;
        float[] out = new float[rows.length * width];
        for (int i = 0; i < rows.length; i++) {
            System.arraycopy(rows[i], 0, out, i * width, width);
        }
        return out;
    }

    private static int[] filled(int n, int value) {
        int[] out = new int[n];
        Arrays.fill(out, value);
        return out;
    }
}
