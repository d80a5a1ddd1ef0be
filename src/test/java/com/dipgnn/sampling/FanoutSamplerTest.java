package com.dipgnn.sampling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.split.LinkSplit;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FanoutSamplerTest {

    private static final RelationType CLICKS = new RelationType("user", "clicks", "item");

    /** u0 -> i0, i1; u1 -> i1; u2 -> i2, i3 (and the reverse relation). */
    private static HeteroGraph tiny() {
        return new GraphBuilder("tiny")
                .addNodes(NodeTable.ofCount("user", 3))
                .addNodes(NodeTable.ofCount("item", 4))
                .addEdges(CLICKS, new int[] {0, 0, 1, 2, 2}, new int[] {0, 1, 1, 2, 3}, null, true)
                .build();
    }

    @Test
    void withFanOutsAboveEveryDegreeTheComputationGraphIsTheTwoHopInNeighbourhood() {
        Map<String, int[]> seeds = new LinkedHashMap<>();
        seeds.put("user", new int[] {0});
        seeds.put("item", new int[] {3});

        Subgraph sub = new FanoutSampler(List.of(5, 5)).sample(tiny(), seeds, new Random(1));

        // hop 0: u0 draws i0, i1 (rev_clicks); i3 draws u2 (clicks).
        // hop 1: i0 draws u0; i1 draws u0, u1 (new); u2 draws i2 (new), i3. u1 and i2 are not expanded.
        assertThat(sub.nodes("user")).containsExactly(0, 2, 1);
        assertThat(sub.nodes("item")).containsExactly(3, 0, 1, 2);
        // clicks in local ids (user -> item), sorted by destination: u2->i3, u0->i0, u0->i1, u1->i1
        assertThat(sub.edges(CLICKS).src()).containsExactly(1, 0, 0, 2);
        assertThat(sub.edges(CLICKS).dst()).containsExactly(0, 1, 2, 2);
        // rev_clicks (item -> user): i0->u0, i1->u0, i3->u2, i2->u2
        assertThat(sub.edges(CLICKS.reverse()).src()).containsExactly(1, 2, 0, 3);
        assertThat(sub.edges(CLICKS.reverse()).dst()).containsExactly(0, 0, 1, 1);
    }

    @Test
    void aThinnedNeighbourhoodRecordsHowManyInNeighboursEachDrawnOneStandsFor() {
        // i0 clicked by u0..u4 (in-degree 5 along clicks), i1 by u0 (in-degree 1)
        HeteroGraph star = new GraphBuilder("star")
                .addNodes(NodeTable.ofCount("user", 5))
                .addNodes(NodeTable.ofCount("item", 2))
                .addEdges(CLICKS, new int[] {0, 1, 2, 3, 4, 0}, new int[] {0, 0, 0, 0, 0, 1}, null, true)
                .build();
        Subgraph sub = new FanoutSampler(List.of(2)).sample(star, Map.of("item", new int[] {0, 1}), new Random(3));
        // i0 drew 2 of its 5 clickers: each stands for 5 / 2 = 2.5; i1 kept its only one: 1
        assertThat(sub.edges(CLICKS).size()).isEqualTo(3);
        assertThat(sub.neighbourScale(CLICKS)).containsExactly(2.5f, 1f);
        // nothing drawn into users (one hop from items), and a sampler that keeps every in-edge records none
        assertThat(sub.neighbourScale(CLICKS.reverse())).isNull();
        Subgraph whole = new FanoutSampler(List.of(5)).sample(star, Map.of("item", new int[] {0, 1}), new Random(3));
        assertThat(whole.neighbourScale(CLICKS)).isNull();
    }

    @Test
    void oneHopTakesOnlyTheSeedsInNeighbours() {
        Subgraph sub = new FanoutSampler(List.of(5)).sample(tiny(), Map.of("item", new int[] {1}), new Random(1));

        assertThat(sub.nodes("item")).containsExactly(1);
        assertThat(sub.nodes("user")).containsExactly(0, 1);
        assertThat(sub.edges(CLICKS).src()).containsExactly(0, 1);
        assertThat(sub.edges(CLICKS).dst()).containsExactly(0, 0);
        assertThat(sub.edges(CLICKS.reverse()).size()).isZero();
    }

    @Test
    void eachNodeDrawsMinOfItsFanOutAndItsInDegreePerRelationAndOnlyRealEdges() {
        HeteroGraph graph = TestGraphs.academic(5);
        List<Integer> fanouts = List.of(3, 2);
        Map<String, int[]> seeds = Map.of("paper", new int[] {4, 90, 17, 250}, "author", new int[] {3, 8});
        for (long trial = 0; trial < 5; trial++) {
            Subgraph sub = new FanoutSampler(fanouts).sample(graph, seeds, new Random(trial));
            Map<String, int[]> hops = hops(sub, seeds);
            int checkedNodes = 0;
            for (String type : sub.nodeTypes()) {
                int[] ids = sub.nodes(type);
                assertThat(ids).doesNotHaveDuplicates();
                for (RelationType r : graph.relationsInto(type)) {
                    CsrAdjacency in = graph.adjacency(r).transpose();
                    int[] drawn = inDegrees(sub.edges(r), ids.length);
                    for (int local = 0; local < ids.length; local++) {
                        int hop = hops.get(type)[local];
                        int expected = hop < fanouts.size() ? Math.min(fanouts.get(hop), in.degree(ids[local])) : 0;
                        assertThat(drawn[local])
                                .as("%s node %d (hop %d) along %s", type, ids[local], hop, r)
                                .isEqualTo(expected);
                        checkedNodes++;
                    }
                    EdgeList edges = sub.edges(r);
                    for (int e = 0; e < edges.size(); e++) {
                        assertThat(graph.adjacency(r)
                                        .hasEdge(sub.nodes(r.source())[edges.src()[e]], ids[edges.dst()[e]]))
                                .isTrue();
                    }
                }
            }
            assertThat(checkedNodes).isGreaterThan(50);
        }
    }

    @Test
    void neverReturnsAHeldOutEdgeWhenGivenTheTrainingStructure() {
        RelationType writes = TestGraphs.WRITES;
        HeteroGraph graph = TestGraphs.academic(11);
        int authors = graph.numNodes("author");
        int[] all = TestGraphs.range(authors);
        LinkSplit split = LinkSplit.holdOut(
                graph,
                writes,
                Arrays.copyOfRange(all, 0, 150),
                Arrays.copyOfRange(all, 150, 200),
                Arrays.copyOfRange(all, 200, authors),
                0.5,
                3);
        Set<Long> heldOut = new HashSet<>();
        for (LinkSplit.Edges held : List.of(split.val(), split.test())) {
            for (int e = 0; e < held.size(); e++) {
                heldOut.add(pair(held.src()[e], held.dst()[e]));
            }
        }
        assertThat(heldOut).hasSizeGreaterThan(20);
        Map<String, int[]> seeds = Map.of("author", Arrays.copyOfRange(all, 140, 250));
        FanoutSampler sampler = new FanoutSampler(List.of(50, 50));

        assertThat(writtenPairs(sampler.sample(graph, seeds, new Random(2)), writes))
                .as("the same draw on the full graph does reach held-out edges")
                .containsAnyElementsOf(heldOut);
        for (long trial = 0; trial < 5; trial++) {
            Subgraph sub = sampler.sample(split.structure(), seeds, new Random(trial));
            assertThat(writtenPairs(sub, writes)).isNotEmpty().doesNotContainAnyElementsOf(heldOut);
        }
    }

    @Test
    void theSameSeedAndStepGiveTheSameSubgraphAndOtherStepsDiffer() {
        HeteroGraph graph = TestGraphs.academic(7);
        FanoutSampler sampler = new FanoutSampler(List.of(2, 2));
        Map<String, int[]> seeds = Map.of("paper", new int[] {1, 2, 3, 50, 60});

        Subgraph a = sampler.sample(graph, seeds, com.dipgnn.graph.StepRandom.rngFor(9, 4));
        Subgraph b = sampler.sample(graph, seeds, com.dipgnn.graph.StepRandom.rngFor(9, 4));
        Subgraph c = sampler.sample(graph, seeds, com.dipgnn.graph.StepRandom.rngFor(9, 5));

        assertThat(describe(a)).isEqualTo(describe(b));
        assertThat(describe(a)).isNotEqualTo(describe(c));
    }

    @Test
    void aDrawOfTwoAmongFivePositionsIsUniformWithoutRepeats() {
        IntOrderedSet positions = new IntOrderedSet(2);
        int[] counts = new int[5];
        Random rng = new Random(3);
        int trials = 50_000;
        for (int t = 0; t < trials; t++) {
            FanoutSampler.drawPositions(5, 2, positions, rng);
            assertThat(positions.size()).isEqualTo(2);
            assertThat(positions.get(0)).isNotEqualTo(positions.get(1));
            counts[positions.get(0)]++;
            counts[positions.get(1)]++;
        }
        for (int c : counts) {
            assertThat(c / (double) trials).isCloseTo(2 / 5.0, within(0.01)); // each position in 2 of 5 draws
        }
    }

    @Test
    void refusesAnEmptyOrNonPositiveFanOut() {
        assertThatThrownBy(() -> new FanoutSampler(List.of())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new FanoutSampler(List.of(10, 0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 1");
    }

    /** The hop at which each sampled node was first reached: its distance to a seed against the drawn edges. */
    private static Map<String, int[]> hops(Subgraph sub, Map<String, int[]> seeds) {
        Map<String, int[]> hop = new HashMap<>();
        for (String type : sub.nodeTypes()) {
            int[] h = new int[sub.numNodes(type)];
            Arrays.fill(h, Integer.MAX_VALUE);
            hop.put(type, h);
        }
        Deque<Object[]> queue = new ArrayDeque<>();
        seeds.forEach((type, ids) -> {
            for (int local = 0; local < ids.length; local++) {
                hop.get(type)[local] = 0;
                queue.add(new Object[] {type, local});
            }
        });
        while (!queue.isEmpty()) {
            Object[] node = queue.poll();
            String type = (String) node[0];
            int local = (Integer) node[1];
            sub.edgeMap().forEach((r, edges) -> {
                if (!r.target().equals(type)) {
                    return;
                }
                for (int e = 0; e < edges.size(); e++) {
                    int[] sourceHops = hop.get(r.source());
                    if (edges.dst()[e] == local && sourceHops[edges.src()[e]] == Integer.MAX_VALUE) {
                        sourceHops[edges.src()[e]] = hop.get(type)[local] + 1;
                        queue.add(new Object[] {r.source(), edges.src()[e]});
                    }
                }
            });
        }
        return hop;
    }

    private static int[] inDegrees(EdgeList edges, int nodes) {
        int[] degree = new int[nodes];
        for (int d : edges.dst()) {
            degree[d]++;
        }
        return degree;
    }

    /** The (author, paper) pairs of the subgraph's writes edges and of its reverse edges. */
    private static Set<Long> writtenPairs(Subgraph sub, RelationType writes) {
        Set<Long> pairs = new HashSet<>();
        int[] authors = sub.nodes(writes.source());
        int[] papers = sub.nodes(writes.target());
        EdgeList forward = sub.edges(writes);
        for (int e = 0; e < forward.size(); e++) {
            pairs.add(pair(authors[forward.src()[e]], papers[forward.dst()[e]]));
        }
        EdgeList reverse = sub.edges(writes.reverse());
        for (int e = 0; e < reverse.size(); e++) {
            pairs.add(pair(authors[reverse.dst()[e]], papers[reverse.src()[e]]));
        }
        return pairs;
    }

    private static long pair(int a, int b) {
        return ((long) a << 32) | b;
    }

    private static String describe(Subgraph sub) {
        StringBuilder out = new StringBuilder();
        sub.nodeMap().forEach((t, ids) -> out.append(t).append(Arrays.toString(ids)));
        sub.edgeMap()
                .forEach(
                        (r, e) -> out.append(r).append(Arrays.toString(e.src())).append(Arrays.toString(e.dst())));
        return out.toString();
    }
}
