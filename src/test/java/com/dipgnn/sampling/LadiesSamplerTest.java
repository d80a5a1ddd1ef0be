package com.dipgnn.sampling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class LadiesSamplerTest {

    private final HeteroGraph graph = TestGraphs.homogeneous(3, 500, 1500);
    private final Map<String, int[]> seeds = Map.of("node", new int[] {40, 7, 300, 12});

    @Test
    void seedsComeFirstInOrderAndNoNodeRepeats() {
        Subgraph subgraph = new LadiesSampler(new SamplingConfig(3, 20)).sample(graph, seeds, new Random(2));

        int[] nodes = subgraph.nodes("node");
        assertThat(Arrays.copyOf(nodes, 4)).containsExactly(40, 7, 300, 12);
        assertThat(nodes).doesNotHaveDuplicates().hasSizeGreaterThan(4);
        assertThat(IntStream.of(nodes)).allMatch(id -> id >= 0 && id < 500);
    }

    @Test
    void eachLayerAddsAtMostWidthNodes() {
        int width = 12;
        int[] previous = null;
        for (int depth = 0; depth <= 5; depth++) {
            int[] nodes = new LadiesSampler(new SamplingConfig(depth, width))
                    .sampleNodes(graph, seeds, new Random(9))
                    .get("node");
            if (previous != null) {
                assertThat(Arrays.copyOf(nodes, previous.length)).containsExactly(previous);
                assertThat(nodes.length - previous.length)
                        .as("new nodes in layer %d", depth)
                        .isBetween(1, width);
            }
            previous = nodes;
        }
    }

    @Test
    void everySampledNodeIsConnectedToASeedThroughSampledNodes() {
        for (long trial = 0; trial < 10; trial++) {
            Subgraph subgraph = new LadiesSampler(new SamplingConfig(6, 10)).sample(graph, seeds, new Random(trial));

            Map<String, Set<Integer>> reached = TestGraphs.reachableFromSeeds(subgraph, seeds);
            assertThat(reached.get("node")).hasSize(subgraph.numNodes("node"));
        }
    }

    @Test
    void sameRandomSeedGivesTheSameSubgraphAndOtherSeedsDiffer() {
        LadiesSampler sampler = new LadiesSampler(new SamplingConfig(4, 16));

        int[] a = sampler.sample(graph, seeds, new Random(5)).nodes("node");
        int[] b = sampler.sample(graph, seeds, new Random(5)).nodes("node");
        int[] c = sampler.sample(graph, seeds, new Random(6)).nodes("node");

        assertThat(b).containsExactly(a);
        assertThat(Arrays.equals(c, a)).isFalse();
    }

    /**
     * Edges 0-1, 0-2, 0-3, 1-4, 1-5 with seeds 0 and 4. The expected first-layer probabilities come
     * from the matrix form: P = D^-1/2 (A + I) D^-1/2 and p(u) proportional to the squared norm of
     * the seed rows of column u.
     */
    @Test
    void firstDrawFollowsLayerDependentImportance() {
        int[] src = {0, 0, 0, 1, 1};
        int[] dst = {1, 2, 3, 4, 5};
        HeteroGraph tiny = new GraphBuilder("tiny")
                .addNodes(NodeTable.ofCount("node", 6))
                .addEdges(TestGraphs.LINKS, src, dst, null, false)
                .build();
        double[] expected = importanceByMatrix(6, src, dst, new int[] {0, 4});
        // Drawing a seed adds no node; count it as "seed".
        double expectedSeed = expected[0] + expected[4];

        LadiesSampler sampler = new LadiesSampler(new SamplingConfig(1, 1));
        Random rng = new Random(21);
        int trials = 20_000;
        int[] counts = new int[6];
        int seedDraws = 0;
        for (int i = 0; i < trials; i++) {
            int[] nodes = sampler.sampleNodes(tiny, Map.of("node", new int[] {0, 4}), rng)
                    .get("node");
            if (nodes.length == 2) {
                seedDraws++;
            } else {
                counts[nodes[2]]++;
            }
        }

        assertThat(seedDraws / (double) trials).isCloseTo(expectedSeed, within(0.015));
        for (int u : new int[] {1, 2, 3, 5}) {
            assertThat(counts[u] / (double) trials).as("node %d", u).isCloseTo(expected[u], within(0.015));
        }
        assertThat(counts[5]).isZero(); // not adjacent to any seed
        assertThat(counts[1]).isGreaterThan(counts[2] + counts[2] / 5); // 1 touches both seeds
    }

    /** p(u) = sum over layer rows v of P[v][u]^2, normalized, with a dense P. */
    private static double[] importanceByMatrix(int n, int[] src, int[] dst, int[] layer) {
        double[][] a = new double[n][n];
        for (int i = 0; i < n; i++) {
            a[i][i] = 1;
        }
        for (int e = 0; e < src.length; e++) {
            a[src[e]][dst[e]] = 1;
            a[dst[e]][src[e]] = 1;
        }
        double[] deg = new double[n];
        for (int i = 0; i < n; i++) {
            deg[i] = Arrays.stream(a[i]).sum();
        }
        double[] p = new double[n];
        double total = 0;
        for (int u = 0; u < n; u++) {
            for (int v : layer) {
                double pvu = a[v][u] / Math.sqrt(deg[v] * deg[u]);
                p[u] += pvu * pvu;
            }
            total += p[u];
        }
        for (int u = 0; u < n; u++) {
            p[u] /= total;
        }
        return p;
    }

    @Test
    void allRelationsOfTheNodeTypeAreNeighbours() {
        RelationType cites = new RelationType("node", "cites", "node");
        HeteroGraph twoRelations = new GraphBuilder("two")
                .addNodes(NodeTable.ofCount("node", 4))
                .addEdges(TestGraphs.LINKS, new int[] {0}, new int[] {1}, null, false)
                .addEdges(cites, new int[] {2}, new int[] {0}, null, true)
                .build();

        int[] nodes = new LadiesSampler(new SamplingConfig(1, 10))
                .sampleNodes(twoRelations, Map.of("node", new int[] {0}), new Random(1))
                .get("node");

        // Candidates 0 (self loop), 1 (links) and 2 (rev_cites) fit in the width; 3 is isolated.
        assertThat(nodes).containsExactlyInAnyOrder(0, 1, 2);
    }

    @Test
    void heterogeneousGraphsAreRejectedPointingToHgSampler() {
        LadiesSampler sampler = new LadiesSampler(SamplingConfig.defaults());

        assertThatThrownBy(() -> sampler.sample(TestGraphs.academic(1), Map.of("paper", new int[] {0}), new Random(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("homogeneous")
                .hasMessageContaining("HgSampler");
    }

    @Test
    void samplersFactoryPicksLadiesForOneNodeTypeAndHgSamplingOtherwise() {
        SamplingConfig config = new SamplingConfig(2, 3);

        assertThat(Samplers.forGraph(graph, config)).isInstanceOf(LadiesSampler.class);
        assertThat(Samplers.forGraph(TestGraphs.academic(1), config)).isInstanceOf(HgSampler.class);
        assertThat(((HgSampler) Samplers.forGraph(TestGraphs.academic(1), config)).config())
                .isEqualTo(config);
    }

    @Test
    void subgraphEdgesAreEdgesOfTheGraph() {
        // The merged adjacency adds no edges: every edge of the sampled subgraph exists in the graph.
        Subgraph subgraph = new LadiesSampler(new SamplingConfig(2, 8)).sample(graph, seeds, new Random(4));
        CsrAdjacency links = graph.adjacency(TestGraphs.LINKS);
        int[] nodes = subgraph.nodes("node");
        EdgeList edges = subgraph.edges(TestGraphs.LINKS);
        assertThat(edges.size()).isPositive();
        for (int e = 0; e < edges.size(); e++) {
            assertThat(links.hasEdge(nodes[edges.src()[e]], nodes[edges.dst()[e]]))
                    .isTrue();
        }
    }
}
