package com.dipgnn.sampling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class HgSamplerTest {

    private final HeteroGraph graph = TestGraphs.academic(7);
    private final Map<String, int[]> seeds = Map.of("paper", new int[] {17, 3, 250}, "author", new int[] {9});

    @Test
    void seedsComeFirstInOrderAndNoNodeRepeats() {
        Subgraph subgraph = new HgSampler(new SamplingConfig(4, 16)).sample(graph, seeds, new Random(1));

        assertThat(Arrays.copyOf(subgraph.nodes("paper"), 3)).containsExactly(17, 3, 250);
        assertThat(subgraph.nodes("author")[0]).isEqualTo(9);
        for (String type : graph.nodeTypes()) {
            int[] nodes = subgraph.nodes(type);
            assertThat(nodes).doesNotHaveDuplicates();
            assertThat(IntStream.of(nodes)).allMatch(id -> id >= 0 && id < graph.numNodes(type));
        }
        assertThat(subgraph.totalNodes()).isGreaterThan(4);
    }

    @Test
    void eachLayerAddsAtMostWidthNodesPerType() {
        int width = 5;
        int depth = 5;
        Map<String, int[]> previous = null;
        for (int d = 0; d <= depth; d++) {
            // Same rng seed: the run of depth d is the first d layers of the run of depth d + 1.
            Map<String, int[]> nodes =
                    new HgSampler(new SamplingConfig(d, width)).sampleNodes(graph, seeds, new Random(42));
            if (previous != null) {
                for (String type : graph.nodeTypes()) {
                    int[] before = previous.get(type);
                    int[] after = nodes.get(type);
                    assertThat(Arrays.copyOf(after, before.length)).containsExactly(before);
                    assertThat(after.length - before.length)
                            .as("new %s nodes in layer %d", type, d)
                            .isLessThanOrEqualTo(width);
                }
            }
            previous = nodes;
        }
        // The graph is large enough that the budget is never exhausted: full layers for papers.
        assertThat(previous.get("paper")).hasSize(3 + depth * width);
    }

    @Test
    void everySampledNodeIsConnectedToASeedThroughSampledNodes() {
        for (long trial = 0; trial < 10; trial++) {
            Subgraph subgraph = new HgSampler(new SamplingConfig(6, 8)).sample(graph, seeds, new Random(trial));

            Map<String, Set<Integer>> reached = TestGraphs.reachableFromSeeds(subgraph, seeds);
            for (String type : graph.nodeTypes()) {
                assertThat(reached.get(type)).as("reached %s nodes", type).hasSize(subgraph.numNodes(type));
            }
        }
    }

    @Test
    void sameRandomSeedGivesTheSameSubgraphAndOtherSeedsDiffer() {
        HgSampler sampler = new HgSampler(new SamplingConfig(3, 10));
        Subgraph a = sampler.sample(graph, seeds, new Random(5));
        Subgraph b = sampler.sample(graph, seeds, new Random(5));
        Subgraph c = sampler.sample(graph, seeds, new Random(6));

        for (String type : graph.nodeTypes()) {
            assertThat(b.nodes(type)).containsExactly(a.nodes(type));
        }
        a.edgeMap().forEach((r, edges) -> {
            assertThat(b.edges(r).src()).containsExactly(edges.src());
            assertThat(b.edges(r).dst()).containsExactly(edges.dst());
        });
        assertThat(graph.nodeTypes()).anyMatch(type -> !Arrays.equals(a.nodes(type), c.nodes(type)));
    }

    /**
     * Papers 0 and 1 are the seeds; paper 0 is written by authors a, b and paper 1 by b, c, d.
     * Budgets: a = 1/2, b = 1/2 + 1/3, c = d = 1/3, so the first author is drawn with probability
     * budget^2 / sum budget^2 = 9/42, 25/42, 4/42, 4/42. Width 3 keeps all neighbours (no
     * subsampling) but draws fewer than the 4 candidates; drawn nodes follow in draw order.
     */
    @Test
    void firstDrawFollowsSquaredNormalizedDegreeBudgets() {
        int a = 0;
        int b = 1;
        int c = 2;
        int d = 3;
        HeteroGraph tiny = new GraphBuilder("tiny")
                .addNodes(NodeTable.ofCount("paper", 2))
                .addNodes(NodeTable.ofCount("author", 4))
                .addEdges(TestGraphs.WRITES, new int[] {a, b, b, c, d}, new int[] {0, 0, 1, 1, 1}, null, true)
                .build();
        HgSampler sampler = new HgSampler(new SamplingConfig(1, 3));
        int trials = 20_000;
        int[] counts = new int[4];
        Random rng = new Random(11);
        for (int i = 0; i < trials; i++) {
            int[] authors = sampler.sampleNodes(tiny, Map.of("paper", new int[] {0, 1}), rng)
                    .get("author");
            assertThat(authors).hasSize(3);
            counts[authors[0]]++;
        }

        double[] expected = {9 / 42.0, 25 / 42.0, 4 / 42.0, 4 / 42.0};
        for (int author = 0; author < 4; author++) {
            assertThat(counts[author] / (double) trials)
                    .as("author %d", author)
                    .isCloseTo(expected[author], within(0.015));
        }
        assertThat(counts[b]).isGreaterThan(5 * counts[c]);
    }

    @Test
    void neighboursOfAHighDegreeNodeAreSubsampledToWidthUniformly() {
        int authors = 300;
        HeteroGraph star = new GraphBuilder("star")
                .addNodes(NodeTable.ofCount("paper", 1))
                .addNodes(NodeTable.ofCount("author", authors))
                .addEdges(TestGraphs.WRITES, TestGraphs.range(authors), new int[authors], null, true)
                .build();
        HgSampler sampler = new HgSampler(new SamplingConfig(1, 6));
        int[] counts = new int[authors];
        Random rng = new Random(3);
        int trials = 3000;
        for (int i = 0; i < trials; i++) {
            int[] drawn = sampler.sampleNodes(star, Map.of("paper", new int[] {0}), rng)
                    .get("author");
            assertThat(drawn).hasSize(6).doesNotHaveDuplicates();
            for (int author : drawn) {
                counts[author]++;
            }
        }
        // Each author is kept with probability 6/300, i.e. about 60 times; none is never or always picked.
        assertThat(IntStream.of(counts)).allMatch(n -> n > 20 && n < 120);
    }

    @Test
    void emptyBudgetStopsEarlyAndIsolatedSeedsStayAlone() {
        HeteroGraph isolated = new GraphBuilder("isolated")
                .addNodes(NodeTable.ofCount("paper", 3))
                .addNodes(NodeTable.ofCount("author", 2))
                .addEdges(TestGraphs.WRITES, new int[] {0}, new int[] {0}, null, true)
                .build();
        Subgraph subgraph =
                new HgSampler(new SamplingConfig(6, 4)).sample(isolated, Map.of("paper", new int[] {2}), new Random(1));

        assertThat(subgraph.nodes("paper")).containsExactly(2);
        assertThat(subgraph.nodes("author")).isEmpty();
    }

    @Test
    void badSeedsAreRejectedWithTheReason() {
        HgSampler sampler = new HgSampler(SamplingConfig.defaults());

        assertThatThrownBy(() -> sampler.sample(graph, Map.of("conference", new int[] {0}), new Random(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'conference'")
                .hasMessageContaining("paper");
        assertThatThrownBy(() -> sampler.sample(graph, Map.of("venue", new int[] {12}), new Random(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("node 12")
                .hasMessageContaining("0..11");
        assertThatThrownBy(() -> sampler.sample(graph, Map.of("paper", new int[] {4, 5, 4}), new Random(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("given twice")
                .hasMessageContaining("positions 0 and 2");
    }
}
