package com.dipgnn.graph.split;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.IntStream;

/** Checks of the properties every split must have, against the graph it was made from. */
final class SplitProperties {

    private SplitProperties() {}

    /** For a node-transfer split: the two graphs partition the nodes of every type. */
    static void assertNodesPartitioned(HeteroGraph original, GraphSplit split) {
        for (String type : original.nodeTypes()) {
            int[] pre = split.pretrainOriginalIds().get(type);
            int[] fine = split.finetuneOriginalIds().get(type);
            int[] both = IntStream.concat(Arrays.stream(pre), Arrays.stream(fine))
                    .sorted()
                    .toArray();
            assertThat(both)
                    .as("pre-training and fine-tuning nodes of type %s", type)
                    .isEqualTo(IntStream.range(0, original.numNodes(type)).toArray());
        }
    }

    /**
     * Every edge of {@code part} joins two of its nodes and is an edge of the original graph, and
     * {@code part} holds every original edge whose ends are both in it (it is the induced graph).
     */
    static void assertInducedSubgraph(HeteroGraph original, HeteroGraph part, Map<String, int[]> originalIds) {
        assertThat(part.relationTypes()).isEqualTo(original.relationTypes());
        for (RelationType r : original.relationTypes()) {
            int[] srcIds = originalIds.get(r.source());
            int[] dstIds = originalIds.get(r.target());
            CsrAdjacency edges = part.adjacency(r);
            for (int s = 0; s < edges.numSources(); s++) {
                for (int e = edges.rowStart(s); e < edges.rowEnd(s); e++) {
                    assertThat(original.adjacency(r).hasEdge(srcIds[s], dstIds[edges.targetArray()[e]]))
                            .as("edge %d -> %d of %s maps to an original edge", s, edges.targetArray()[e], r)
                            .isTrue();
                }
            }
            assertThat((long) edges.numEdges())
                    .as("edges of %s among the nodes of %s", r, part.name())
                    .isEqualTo(edgesAmong(
                            original.adjacency(r),
                            member(original, r.source(), srcIds),
                            member(original, r.target(), dstIds)));
        }
    }

    /** No original edge between a pre-training and a fine-tuning node can be in either graph. */
    static void assertNoCrossEdges(HeteroGraph original, GraphSplit split) {
        for (RelationType r : original.relationTypes()) {
            boolean[] preSource =
                    member(original, r.source(), split.pretrainOriginalIds().get(r.source()));
            boolean[] preTarget =
                    member(original, r.target(), split.pretrainOriginalIds().get(r.target()));
            boolean[] fineSource =
                    member(original, r.source(), split.finetuneOriginalIds().get(r.source()));
            boolean[] fineTarget =
                    member(original, r.target(), split.finetuneOriginalIds().get(r.target()));
            long pre = split.pretrainGraph().adjacency(r).numEdges();
            long fine = split.finetuneGraph().adjacency(r).numEdges();
            long cross = 0;
            CsrAdjacency all = original.adjacency(r);
            for (int s = 0; s < all.numSources(); s++) {
                for (int e = all.rowStart(s); e < all.rowEnd(s); e++) {
                    int t = all.targetArray()[e];
                    if (preSource[s] != preTarget[t]) {
                        cross++;
                        assertThat(preSource[s] && fineSource[s] || preTarget[t] && fineTarget[t])
                                .as("an end of cross edge %d -> %d of %s is in both graphs", s, t, r)
                                .isFalse();
                    }
                }
            }
            assertThat(pre + fine + cross)
                    .as("every edge of %s is in one graph or crosses", r)
                    .isEqualTo(all.numEdges());
        }
    }

    /** Train, val and test are disjoint and together the expected nodes. */
    static void assertSetsPartition(GraphSplit split, int[] expectedNodes) {
        int[] all = IntStream.concat(
                        IntStream.concat(Arrays.stream(split.train()), Arrays.stream(split.val())),
                        Arrays.stream(split.test()))
                .sorted()
                .toArray();
        assertThat(all).doesNotHaveDuplicates().isEqualTo(expectedNodes);
    }

    static boolean[] member(HeteroGraph original, String type, int[] ids) {
        boolean[] in = new boolean[original.numNodes(type)];
        for (int id : ids) {
            in[id] = true;
        }
        return in;
    }

    private static long edgesAmong(CsrAdjacency all, boolean[] sources, boolean[] targets) {
        long count = 0;
        for (int s = 0; s < all.numSources(); s++) {
            if (sources[s]) {
                for (int e = all.rowStart(s); e < all.rowEnd(s); e++) {
                    count += targets[all.targetArray()[e]] ? 1 : 0;
                }
            }
        }
        return count;
    }
}
