package com.dipgnn.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exact inference, the default: a new node sent with the features and the edges of an existing
 * node is encoded from those features and from its neighbours' states as the deployment computed
 * them, layer after layer, so it must get that node's embedding (up to float summation order) and
 * therefore its top k, whichever index answers. The neighbours are given along the relation that
 * leaves the new node's type ({@code clicked} for a query) or enters it ({@code clicked} for a
 * product), as a client would send them.
 */
class ExactInferenceTest {

    private static final float TOLERANCE = 1e-5f;

    @TempDir
    static Path dir;

    static HeteroGraph graph;
    static RelationType clicked;
    static ModelDeployment scan;
    static ModelDeployment ivf;

    @BeforeAll
    static void deploy() throws Exception {
        graph = ServingFixtures.queryProduct();
        clicked = graph.relation("clicked");
        Path model = dir.resolve("link-model");
        ServingFixtures.train(graph, TaskKind.LINK_PREDICTION, null, model);
        DeploymentOptions options = DeploymentOptions.defaults().withLimits(300, 50);
        scan = ModelDeployment.deploy(model, graph, options, DeploymentListener.NONE);
        // 8 lists of 25 products on average, 2 scanned per query: often not the exact answer
        ivf = ModelDeployment.deploy(
                model,
                graph,
                options.withIndex(
                        IndexOptions.defaults().withKind(IndexOptions.Kind.IVF).withLists(8, 2)),
                DeploymentListener.NONE);
    }

    @AfterAll
    static void close() {
        scan.close();
        ivf.close();
    }

    /** A query with the features, the text and the clicks of query {@code id}. */
    private static NewNode copyOfQuery(HeteroGraph g, int id) {
        return new NewNode(
                "query",
                g.nodes("query").features().gather(new int[] {id}),
                Map.of("clicked", g.adjacency(g.relation("clicked")).neighbors(id)),
                g.nodes("query").text()[id]);
    }

    @Test
    void everyCopiedQueryGetsItsOriginalsEmbedding() {
        assertThat(scan.stats().sampler()).isEqualTo(Deployer.EXACT);
        for (int query = 0; query < graph.numNodes("query"); query++) {
            float[] original = scan.embeddings("query", new int[] {query})[0];
            assertThat(scan.embedNewNode(copyOfQuery(graph, query)))
                    .as("query %d", query)
                    .containsExactly(original, within(TOLERANCE));
        }
    }

    @Test
    void everyCopiedProductGetsItsOriginalsEmbeddingFromTheQueriesThatClickedIt() {
        CsrAdjacency clickedBy = graph.adjacency(clicked.reverse());
        for (int product = 0; product < graph.numNodes("product"); product++) {
            // the key names the relation that enters the product type: the ids are queries
            NewNode copy = new NewNode(
                    "product",
                    graph.nodes("product").features().gather(new int[] {product}),
                    Map.of("query__clicked__product", clickedBy.neighbors(product)),
                    graph.nodes("product").text()[product]);
            assertThat(scan.embedNewNode(copy))
                    .as("product %d", product)
                    .containsExactly(scan.embeddings("product", new int[] {product})[0], within(TOLERANCE));
        }
    }

    @Test
    void copiesGetTheirOriginalsTopTenThroughTheExactScanAndTheInvertedFile() {
        assertThat(scan.index().orElseThrow()).isInstanceOf(ExactIndex.class);
        assertThat(ivf.index().orElseThrow()).isInstanceOf(IvfIndex.class);
        for (ModelDeployment d : List.of(scan, ivf)) {
            double overlap = 0;
            int same = 0;
            int queries = graph.numNodes("query");
            for (int query = 0; query < queries; query++) {
                List<ScoredNode> copy = d.recommendForNewNode(null, copyOfQuery(graph, query), 10, true);
                List<ScoredNode> original = d.recommend(null, query, 10, true);
                overlap += overlap(copy, original);
                same += ids(copy).equals(ids(original)) ? 1 : 0;
            }
            String index = d.index().orElseThrow().describe();
            assertThat(overlap / queries).as(index).isGreaterThanOrEqualTo(0.9);
            // the embeddings agree to float rounding: only a near tie could swap two places
            assertThat(same).as(index).isGreaterThanOrEqualTo(queries * 95 / 100);
        }
    }

    @Test
    void aNewNodesRecommendationsComeFromTheDeploymentsIndex() {
        VectorIndex exact = ivf.exactIndex().orElseThrow();
        int differing = 0;
        for (int query = 0; query < graph.numNodes("query"); query++) {
            NewNode copy = copyOfQuery(graph, query);
            float[] vector = ivf.queryVector(null, ivf.embedNewNode(copy));
            IntPredicate sent = sentWith(copy);
            List<ScoredNode> answer = ivf.recommendForNewNode(null, copy, 10, true);
            assertThat(answer).isEqualTo(ivf.index().orElseThrow().search(vector, 10, sent));
            if (!ids(answer).equals(ids(exact.search(vector, 10, sent)))) {
                differing++;
            }
        }
        // two lists of eight scanned: the inverted file answers, not a full scan
        assertThat(differing).isPositive();
    }

    @Test
    void excludeLinkedSkipsExactlyTheItemsTheNewNodeWasSentWith() {
        int checked = 0;
        for (int query = 0; query < graph.numNodes("query"); query++) {
            NewNode copy = copyOfQuery(graph, query);
            Set<Integer> sent = new HashSet<>();
            Arrays.stream(copy.neighbours().get("clicked")).forEach(sent::add);
            List<ScoredNode> all = scan.recommendForNewNode(null, copy, 10 + sent.size(), false);
            if (all.stream().limit(10).noneMatch(s -> sent.contains(s.id()))) {
                continue;
            }
            checked++;
            // the scan ranks every product: without the clicked ones, the next in line move up
            List<ScoredNode> expected =
                    all.stream().filter(s -> !sent.contains(s.id())).limit(10).toList();
            assertThat(scan.recommendForNewNode(null, copy, 10, true)).isEqualTo(expected);
            assertThat(ivf.recommendForNewNode(null, copy, 10, true))
                    .hasSize(10)
                    .extracting(ScoredNode::id)
                    .doesNotContainAnyElementsOf(sent);
        }
        // a query's clicks are among its best matches often enough for the check to bite
        assertThat(checked).isGreaterThan(10);
    }

    @Test
    void aRandomlyInitialisedModelOnNormalisedFeaturesAgreesToo() throws Exception {
        Path model = dir.resolve("random-normalised");
        ServingFixtures.randomNormalizedLinkModel(graph, model);
        try (ModelDeployment d =
                ModelDeployment.deploy(model, graph, DeploymentOptions.defaults(), DeploymentListener.NONE)) {
            for (int query : new int[] {0, 5, 42, 149}) {
                assertThat(d.embedNewNode(ServingFixtures.forModel(d, copyOfQuery(graph, query))))
                        .containsExactly(d.embeddings("query", new int[] {query})[0], within(TOLERANCE));
                assertThat(d.recommendForNewNode(
                                null, ServingFixtures.forModel(d, copyOfQuery(graph, query)), 10, true))
                        .extracting(ScoredNode::id)
                        .containsExactlyElementsOf(ids(d.recommend(null, query, 10, true)));
            }
        }
    }

    @Test
    void exactEmbeddingsDependOnNeitherTheSeedNorTheChunkSize() throws Exception {
        Path model = dir.resolve("link-model");
        try (ModelDeployment other = ModelDeployment.deploy(
                model, graph, DeploymentOptions.defaults().withSeed(17).withChunkSize(5), DeploymentListener.NONE)) {
            for (String type : graph.nodeTypes()) {
                int[] ids = ServingFixtures.all(graph, type);
                assertThat(other.embeddings(type, ids)).isDeepEqualTo(scan.embeddings(type, ids));
            }
        }
    }

    @Test
    void aNewNodeWithFewerNeighboursIsAnotherNode() {
        int query = 42;
        int[] clicks = graph.adjacency(clicked).neighbors(query);
        assertThat(clicks.length).isGreaterThan(1);
        NewNode partial = new NewNode(
                "query",
                graph.nodes("query").features().gather(new int[] {query}),
                Map.of("clicked", Arrays.copyOf(clicks, clicks.length - 1)));
        float[] original = scan.embeddings("query", new int[] {query})[0];
        float[] got = scan.embedNewNode(partial);
        double distance = 0;
        for (int i = 0; i < got.length; i++) {
            distance = Math.max(distance, Math.abs(got[i] - original[i]));
        }
        assertThat(distance).isGreaterThan(1e-3);
    }

    @Test
    void aNodeSentWithoutNeighboursAndConcurrentRequestsAreAnsweredToo() throws Exception {
        float[] features = graph.nodes("query").features().gather(new int[] {3});
        float[] alone = scan.embedNewNode(new NewNode("query", features, Map.of()));
        assertThat(alone)
                .hasSize(16)
                .doesNotContain(Float.NaN)
                .isNotEqualTo(scan.embeddings("query", new int[] {3})[0]);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<float[]>> futures = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                int query = i * 9;
                futures.add(pool.submit(() -> scan.embedNewNode(copyOfQuery(graph, query))));
            }
            for (int i = 0; i < 16; i++) {
                // native kernels may split sums differently on other threads: equal up to rounding
                assertThat(futures.get(i).get())
                        .containsExactly(scan.embedNewNode(copyOfQuery(graph, i * 9)), within(1e-6f));
            }
        } finally {
            pool.shutdown();
        }
    }

    private static IntPredicate sentWith(NewNode node) {
        int[] sorted = node.neighbours().get("clicked").clone();
        Arrays.sort(sorted);
        return id -> Arrays.binarySearch(sorted, id) >= 0;
    }

    private static List<Integer> ids(List<ScoredNode> nodes) {
        return nodes.stream().map(ScoredNode::id).toList();
    }

    private static double overlap(List<ScoredNode> got, List<ScoredNode> expected) {
        Set<Integer> want = new HashSet<>(ids(expected));
        return got.stream().filter(s -> want.contains(s.id())).count() / (double) expected.size();
    }
}
