package com.dipgnn.sampling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class NegativeSamplerTest {

    private final HeteroGraph graph = TestGraphs.academic(5);
    private final NegativeSampler sampler = new NegativeSampler(graph);

    @Test
    void negativesAreNeverEdgesNeverThePositiveAndDistinct() {
        for (RelationType r : new RelationType[] {
            TestGraphs.WRITES, TestGraphs.WRITES.reverse(), TestGraphs.CITES, TestGraphs.PUBLISHED_IN
        }) {
            int[][] edges = someEdges(graph.adjacency(r), 300);
            int n = 8;

            int[][] negatives = sampler.sample(r, edges[0], edges[1], n, new Random(1));

            assertThat(negatives).hasNumberOfRows(edges[0].length);
            assertNegatives(graph.adjacency(r), edges, negatives, n, graph.numNodes(r.source()));
        }
    }

    @Test
    void undirectedSameTypeRelationWithoutReverseIsChecked() {
        HeteroGraph homogeneous = TestGraphs.homogeneous(4, 60, 600);
        assertThat(homogeneous.relationTypes()).doesNotContain(TestGraphs.LINKS.reverse());
        CsrAdjacency links = homogeneous.adjacency(TestGraphs.LINKS);
        int[][] edges = someEdges(links, 500);

        int[][] negatives =
                new NegativeSampler(homogeneous).sample(TestGraphs.LINKS, edges[0], edges[1], 5, new Random(2));

        assertNegatives(links, edges, negatives, 5, 60);
    }

    @Test
    void negativesComeFromTheCandidatePool() {
        int[][] edges = someEdges(graph.adjacency(TestGraphs.WRITES), 100);
        int[] pool = IntStream.range(0, 250).filter(i -> i % 3 == 0).toArray();

        int[][] negatives = sampler.sample(TestGraphs.WRITES, edges[0], edges[1], 6, pool, new Random(3));

        for (int[] row : negatives) {
            assertThat(row).hasSize(6);
            assertThat(IntStream.of(row)).allMatch(id -> Arrays.binarySearch(pool, id) >= 0);
        }
        assertNegatives(graph.adjacency(TestGraphs.WRITES), edges, negatives, 6, 250);
    }

    @Test
    void aTargetLinkedToAlmostEverySourceStillGetsItsFewNegatives() {
        // Paper 0 is written by authors 0..96; only 97, 98 and 99 are not its authors.
        HeteroGraph dense = new GraphBuilder("dense")
                .addNodes(NodeTable.ofCount("author", 100))
                .addNodes(NodeTable.ofCount("paper", 1))
                .addEdges(TestGraphs.WRITES, TestGraphs.range(97), new int[97], null, true)
                .build();
        NegativeSampler fewTries = new NegativeSampler(dense, 1);

        int[] negatives = fewTries.sample(TestGraphs.WRITES, 5, 0, 3, null, new Random(4));

        assertThat(negatives).containsExactlyInAnyOrder(97, 98, 99);
        assertThatThrownBy(() -> fewTries.sample(TestGraphs.WRITES, 5, 0, 4, null, new Random(4)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("only 3 candidates")
                .hasMessageContaining("fewer negatives");
    }

    @Test
    void negativesAreUniformOverEligibleSources() {
        // Paper 0 is written by authors 0..9, so authors 10..39 are eligible: 30 of them.
        HeteroGraph small = new GraphBuilder("small")
                .addNodes(NodeTable.ofCount("author", 40))
                .addNodes(NodeTable.ofCount("paper", 1))
                .addEdges(TestGraphs.WRITES, TestGraphs.range(10), new int[10], null, true)
                .build();
        int trials = 30_000;
        int[][] negatives = new NegativeSampler(small)
                .sample(TestGraphs.WRITES, new int[trials], new int[trials], 1, new Random(6));

        int[] counts = new int[40];
        for (int[] row : negatives) {
            counts[row[0]]++;
        }
        for (int author = 0; author < 10; author++) {
            assertThat(counts[author]).isZero();
        }
        for (int author = 10; author < 40; author++) {
            assertThat(counts[author]).as("author %d", author).isBetween(800, 1200); // expected 1000
        }
    }

    @Test
    void sameRandomSeedGivesTheSameNegatives() {
        int[][] edges = someEdges(graph.adjacency(TestGraphs.CITES), 50);

        int[][] a = sampler.sample(TestGraphs.CITES, edges[0], edges[1], 4, new Random(8));
        int[][] b = sampler.sample(TestGraphs.CITES, edges[0], edges[1], 4, new Random(8));
        int[][] c = sampler.sample(TestGraphs.CITES, edges[0], edges[1], 4, new Random(9));

        assertThat(b).isDeepEqualTo(a);
        assertThat(Arrays.deepEquals(c, a)).isFalse();
    }

    @Test
    void badRequestsGiveClearErrors() {
        assertThatThrownBy(() -> sampler.sample(
                        TestGraphs.PUBLISHED_IN.reverse(), new int[] {0}, new int[] {0}, 400, new Random(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'venue' has only 12 nodes");
        assertThatThrownBy(() -> sampler.sample(TestGraphs.WRITES, new int[] {0, 1}, new int[] {0}, 1, new Random(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("2 sources but 1 targets");
        assertThatThrownBy(() -> sampler.sample(TestGraphs.WRITES, new int[] {0}, new int[] {400}, 1, new Random(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("edge 0 (0, 400)");
        assertThatThrownBy(() -> sampler.sample(
                        TestGraphs.WRITES, new int[] {0}, new int[] {0}, 1, new int[] {1, 999}, new Random(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("pool entry 1 is node 999");
    }

    /** Up to {@code max} edges of the adjacency, as {sources, targets}. */
    private static int[][] someEdges(CsrAdjacency adjacency, int max) {
        int count = Math.min(max, adjacency.numEdges());
        int[] src = new int[count];
        int[] dst = new int[count];
        int k = 0;
        for (int s = 0; s < adjacency.numSources() && k < count; s++) {
            for (int e = adjacency.rowStart(s); e < adjacency.rowEnd(s) && k < count; e++) {
                src[k] = s;
                dst[k++] = adjacency.targetArray()[e];
            }
        }
        return new int[][] {src, dst};
    }

    private static void assertNegatives(
            CsrAdjacency forward, int[][] edges, int[][] negatives, int n, int sourceCount) {
        for (int i = 0; i < negatives.length; i++) {
            int source = edges[0][i];
            int target = edges[1][i];
            assertThat(negatives[i]).hasSize(n).doesNotHaveDuplicates().doesNotContain(source);
            assertThat(IntStream.of(negatives[i])).allMatch(s -> s >= 0 && s < sourceCount);
            for (int s : negatives[i]) {
                assertThat(forward.hasEdge(s, target))
                        .as("(%d, %d) is an edge", s, target)
                        .isFalse();
            }
        }
    }
}
