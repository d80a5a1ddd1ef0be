package com.dipgnn.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** JVector's graph index behind the product's {@link VectorIndex} contract. */
class GraphIndexTest {

    private static final int N = 3000;
    private static final int DIM = 16;
    private static float[] vectors;
    private static GraphIndex index;
    private static ExactIndex exact;

    @BeforeAll
    static void build() {
        vectors = clusteredUnitVectors(N, DIM, new Random(3));
        index = GraphIndex.build(
                vectors, DIM, IndexOptions.defaults().withKind(IndexOptions.Kind.GRAPH), DeploymentListener.NONE);
        exact = new ExactIndex(vectors, DIM);
    }

    @AfterAll
    static void release() {
        index = null;
    }

    @Test
    void findsNearlyEveryExactNeighbour() {
        Random rng = new Random(4);
        int hits = 0;
        int queries = 200;
        for (int q = 0; q < queries; q++) {
            float[] query = clusteredUnitVectors(1, DIM, rng);
            Set<Integer> truth = ids(exact.search(query, 10, id -> false));
            for (ScoredNode found : index.search(query, 10, id -> false)) {
                hits += truth.contains(found.id()) ? 1 : 0;
            }
        }
        // a proximity graph of degree 16 re-ranking 100 candidates: misses are rare on 3,000 clustered vectors
        assertThat(hits / (10.0 * queries)).isGreaterThan(0.95);
    }

    @Test
    void scoresAreExactInnerProductsBestFirstWithTheLowerIdOnTies() {
        float[] query = Arrays.copyOfRange(vectors, 7 * DIM, 8 * DIM);
        List<ScoredNode> found = index.search(query, 10, id -> false);

        assertThat(found).hasSize(10);
        assertThat(found.get(0).id())
                .as("a stored vector is its own best match")
                .isEqualTo(7);
        for (ScoredNode node : found) {
            double dot = 0;
            for (int d = 0; d < DIM; d++) {
                dot += query[d] * vectors[node.id() * DIM + d];
            }
            assertThat((double) node.score()).isCloseTo(dot, org.assertj.core.data.Offset.offset(1e-5));
        }
        for (int i = 1; i < found.size(); i++) {
            ScoredNode a = found.get(i - 1);
            ScoredNode b = found.get(i);
            assertThat(a.score() > b.score() || (a.score() == b.score() && a.id() < b.id()))
                    .isTrue();
        }
    }

    @Test
    void excludedIdsNeverComeBackAndAFilterLeavingFewGivesExactlyThose() {
        float[] query = Arrays.copyOfRange(vectors, 11 * DIM, 12 * DIM);
        assertThat(index.search(query, 20, id -> id % 2 == 0)).hasSize(20).allMatch(n -> n.id() % 2 == 1);

        Set<Integer> allowed = Set.of(5, 1500, 2999);
        List<ScoredNode> few = index.search(query, 10, id -> !allowed.contains(id));
        assertThat(ids(few)).isEqualTo(allowed);
    }

    @Test
    void concurrentSearchesAnswerAsOneAtATime() throws Exception {
        List<float[]> queries = new ArrayList<>();
        Random rng = new Random(5);
        for (int q = 0; q < 64; q++) {
            queries.add(clusteredUnitVectors(1, DIM, rng));
        }
        List<List<ScoredNode>> sequential =
                queries.stream().map(q -> index.search(q, 10, id -> false)).toList();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<List<ScoredNode>>> futures = new ArrayList<>();
            for (float[] q : queries) {
                futures.add(pool.submit(() -> index.search(q, 10, id -> false)));
            }
            for (int i = 0; i < queries.size(); i++) {
                assertThat(futures.get(i).get()).isEqualTo(sequential.get(i));
            }
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void theGraphIsChosenByNameAndBadSettingsAreRefused() {
        float[] small = clusteredUnitVectors(50, 4, new Random(6));
        IndexOptions graph = new IndexOptions(IndexOptions.Kind.GRAPH, 20, 0, 0, 0.99, 10, 32, 0, 8, 32, 4, 0.95);
        assertThat(graph.build(small, 4, DeploymentListener.NONE)).isInstanceOf(GraphIndex.class);
        assertThat(graph.withKind(IndexOptions.Kind.AUTO).build(small, 4, DeploymentListener.NONE))
                .as("the inverted file stays the automatic choice")
                .isInstanceOf(IvfIndex.class);
        GraphIndex tiny = GraphIndex.build(Arrays.copyOf(small, 3 * 4), 4, graph, DeploymentListener.NONE);
        assertThat(tiny.search(new float[] {1, 0, 0, 0}, 10, id -> false))
                .as("fewer vectors than k: all")
                .hasSize(3);
        assertThatThrownBy(() -> new IndexOptions(IndexOptions.Kind.GRAPH, 20, 0, 0, 0.99, 10, 32, 0, 1, 32, 4, 0.95))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("graphDegree >= 2");
    }

    private static Set<Integer> ids(List<ScoredNode> nodes) {
        Set<Integer> ids = new HashSet<>();
        nodes.forEach(n -> ids.add(n.id()));
        return ids;
    }

    /** Unit vectors around 30 Gaussian centres. */
    private static float[] clusteredUnitVectors(int n, int dim, Random rng) {
        Random centres = new Random(99);
        float[][] c = new float[30][dim];
        for (float[] row : c) {
            for (int d = 0; d < dim; d++) {
                row[d] = (float) centres.nextGaussian();
            }
        }
        float[] out = new float[n * dim];
        for (int i = 0; i < n; i++) {
            float[] centre = c[rng.nextInt(c.length)];
            double norm = 0;
            for (int d = 0; d < dim; d++) {
                out[i * dim + d] = centre[d] + 0.5f * (float) rng.nextGaussian();
                norm += out[i * dim + d] * out[i * dim + d];
            }
            for (int d = 0; d < dim; d++) {
                out[i * dim + d] /= (float) Math.sqrt(norm);
            }
        }
        return out;
    }
}
