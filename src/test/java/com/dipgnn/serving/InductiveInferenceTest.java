package com.dipgnn.serving;

import static com.dipgnn.serving.ModelDeploymentTest.expect;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.sampling.FullGraphSampler;
import com.dipgnn.sampling.HgSampler;
import com.dipgnn.sampling.SamplingConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inductive inference: a node that is not in the graph, described by features and neighbours.
 *
 * <p>The fair check: the new node only receives messages (see {@link NewNodeSubgraph}), so when
 * it is given the features and all neighbours of an existing node, and the sampler keeps that
 * node's whole 2-hop neighbourhood both at deployment and for the request (the full graph, or
 * HGSampling with depth = layers and a width above every count), the new node sees exactly what
 * the existing node saw and its embedding must equal the deployed one; only the float summation
 * order of the aggregation differs, hence a 1e-5 tolerance. With a narrow sampler the two
 * neighbourhoods differ by construction, so there only determinism is asserted.
 */
class InductiveInferenceTest {

    @TempDir
    static Path dir;

    static HeteroGraph graph;
    static ModelDeployment full;
    static ModelDeployment wide;
    static ModelDeployment narrow;

    @BeforeAll
    static void deploy() throws Exception {
        graph = ServingFixtures.queryProduct();
        Path model = dir.resolve("link-model");
        ServingFixtures.train(graph, TaskKind.LINK_PREDICTION, null, model);
        DeploymentOptions options =
                DeploymentOptions.defaults().withChunkSize(64).withLimits(100, 100);
        full = ModelDeployment.deploy(
                model, graph, options.withSampler(new FullGraphSampler()), DeploymentListener.NONE);
        wide = ModelDeployment.deploy(
                model,
                graph,
                options.withSampler(new HgSampler(new SamplingConfig(2, 10_000))),
                DeploymentListener.NONE);
        narrow = ModelDeployment.deploy(model, graph, options, DeploymentListener.NONE);
    }

    @AfterAll
    static void close() {
        full.close();
        wide.close();
        narrow.close();
    }

    private static NewNode copyOf(String type, int id, String relation) {
        RelationType r = graph.relation(relation);
        return new NewNode(
                type,
                graph.nodes(type).features().gather(new int[] {id}),
                Map.of(
                        relation,
                        graph.adjacency(r.source().equals(type) ? r : r.reverse())
                                .neighbors(id)),
                graph.nodes(type).text()[id]);
    }

    @Test
    void aCopyOfAnExistingQueryGetsItsEmbeddingAndItsRecommendations() {
        for (ModelDeployment d : List.of(full, wide)) {
            for (int query : new int[] {0, 42, 149}) {
                float[] expected = d.embeddings("query", new int[] {query})[0];
                assertThat(d.embedNewNode(copyOf("query", query, "clicked"))).containsExactly(expected, within(1e-5f));
                assertThat(d.recommendForNewNode(null, copyOf("query", query, "clicked"), 8, true))
                        .extracting(ScoredNode::id)
                        .containsExactlyElementsOf(d.recommend(null, query, 8, true).stream()
                                .map(ScoredNode::id)
                                .toList());
            }
        }
    }

    @Test
    void droppingOneNeighbourChangesTheEmbedding() {
        int query = 42;
        int[] clicked = graph.adjacency(graph.relation("clicked")).neighbors(query);
        assertThat(clicked.length).isGreaterThan(1);
        NewNode partial = new NewNode(
                "query",
                graph.nodes("query").features().gather(new int[] {query}),
                Map.of("clicked", Arrays.copyOf(clicked, clicked.length - 1)));
        float[] expected = full.embeddings("query", new int[] {query})[0];
        float[] got = full.embedNewNode(partial);
        double distance = 0;
        for (int i = 0; i < got.length; i++) {
            distance = Math.max(distance, Math.abs(got[i] - expected[i]));
        }
        assertThat(distance).isGreaterThan(1e-3);
    }

    @Test
    void aCopyOfAProductGivenByTheRelationIntoItsTypeGetsItsEmbedding() {
        int product = 7;
        int[] clickedBy = graph.adjacency(graph.relation("rev_clicked")).neighbors(product);
        assertThat(clickedBy).isNotEmpty();
        // "clicked" enters the product type: the ids are queries that clicked the new product
        NewNode copy = new NewNode(
                "product",
                graph.nodes("product").features().gather(new int[] {product}),
                Map.of("query__clicked__product", clickedBy),
                graph.nodes("product").text()[product]);
        assertThat(full.embedNewNode(copy))
                .containsExactly(full.embeddings("product", new int[] {product})[0], within(1e-5f));
    }

    @Test
    void aNarrowSamplerGivesADeterministicEmbeddingThatDependsOnTheNeighbours() {
        NewNode node = copyOf("query", 42, "clicked");
        float[] first = narrow.embedNewNode(node);
        assertThat(narrow.embedNewNode(node)).containsExactly(first);
        assertThat(first).hasSize(16).doesNotContain(Float.NaN);
        NewNode alone = new NewNode("query", node.features(), Map.of());
        assertThat(narrow.embedNewNode(alone)).doesNotContain(Float.NaN).isNotEqualTo(first);
    }

    @Test
    void concurrentRequestsAgreeWithSequentialOnes() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<float[]>> futures = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                int query = i * 9;
                futures.add(pool.submit(() -> wide.embedNewNode(copyOf("query", query, "clicked"))));
            }
            for (int i = 0; i < 16; i++) {
                assertThat(futures.get(i).get()).containsExactly(wide.embedNewNode(copyOf("query", i * 9, "clicked")));
            }
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void badNewNodesAreRefusedWithThePreciseProblem() {
        float[] features = graph.nodes("query").features().gather(new int[] {0});
        expect(
                () -> full.embedNewNode(new NewNode("query", new float[3], Map.of())),
                "features",
                InvalidInferenceRequestException.Reason.FEATURE_WIDTH,
                "a node of type 'query' has 8 features; beside them the model reads its text; got 3");
        expect(
                () -> full.embedNewNode(new NewNode("query", null, Map.of())),
                "features",
                InvalidInferenceRequestException.Reason.FEATURE_WIDTH,
                "has 8 features; beside them the model reads its text; got 0");
        expect(
                () -> full.embedNewNode(new NewNode("query", features, Map.of("clicked", new int[] {3, 200}))),
                "neighbours.clicked[1]",
                InvalidInferenceRequestException.Reason.UNKNOWN_NODE,
                "node 200 of type 'product' does not exist: ids of type 'product' are 0..199");
        expect(
                () -> full.embedNewNode(new NewNode("query", features, Map.of("viewed", new int[] {3}))),
                "neighbours.viewed",
                InvalidInferenceRequestException.Reason.UNKNOWN_RELATION,
                "unknown relation 'viewed'");
        expect(
                () -> full.embedNewNode(new NewNode("shop", features, Map.of())),
                "type",
                InvalidInferenceRequestException.Reason.UNKNOWN_NODE_TYPE,
                "unknown node type 'shop'");
        expect(
                () -> full.embedNewNode(new NewNode("query", features, Map.of("clicked", new int[101]))),
                "neighbours.clicked",
                InvalidInferenceRequestException.Reason.BATCH_TOO_LARGE,
                "at most 100");
        float[] nan = features.clone();
        nan[2] = Float.NaN;
        expect(
                () -> full.embedNewNode(new NewNode("query", nan, Map.of())),
                "features[2]",
                InvalidInferenceRequestException.Reason.MALFORMED,
                "feature 2 is NaN");
        expect(
                () -> full.recommendForNewNode(null, new NewNode("product", new float[9], Map.of()), 5, false),
                "type",
                InvalidInferenceRequestException.Reason.UNKNOWN_NODE_TYPE,
                "are for nodes of type 'query'");
    }

    @Test
    void featuresAreNormalisedLikeTheGraphsWhenTheModelWasTrainedSo() throws Exception {
        Path model = dir.resolve("normalised");
        ServingFixtures.randomNormalizedLinkModel(graph, model);
        try (ModelDeployment d = ModelDeployment.deploy(
                model,
                graph,
                DeploymentOptions.defaults().withSampler(new FullGraphSampler()),
                DeploymentListener.NONE)) {
            assertThat(d.graph().nodes("query").features().gather(new int[] {5}))
                    .isNotEqualTo(graph.nodes("query").features().gather(new int[] {5}));
            assertThat(d.embedNewNode(ServingFixtures.forModel(d, copyOf("query", 5, "clicked"))))
                    .containsExactly(d.embeddings("query", new int[] {5})[0], within(1e-5f));
        }
    }

    @Test
    void aClosedDeploymentRefusesNewNodesButStillAnswersFromItsTables() throws Exception {
        Path model = dir.resolve("closing");
        ServingFixtures.randomNormalizedLinkModel(graph, model);
        ModelDeployment d = ModelDeployment.deploy(model, graph, DeploymentOptions.defaults(), DeploymentListener.NONE);
        d.close();
        d.close();
        assertThat(d.recommend(null, 3, 4, false)).hasSize(4);
        assertThatThrownBy(() -> d.embedNewNode(ServingFixtures.forModel(d, copyOf("query", 3, "clicked"))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("closed");
    }
}
