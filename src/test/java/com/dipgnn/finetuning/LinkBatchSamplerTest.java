package com.dipgnn.finetuning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.split.LinkSplit;
import com.dipgnn.ranking.NegativeSampling;
import com.dipgnn.ranking.RankingLoss;
import com.dipgnn.sampling.EdgeList;
import com.dipgnn.sampling.FullGraphSampler;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The link task's batches on a graph small enough to work by hand: user 0 clicked items 0 and 1,
 * user 1 item 2 (4 items), every click a training edge, and a random source that answers the
 * draws it is scripted with.
 */
class LinkBatchSamplerTest {

    private static final RelationType CLICKED = new RelationType("user", "clicked", "item");

    @Test
    void aBatchDrawsItsEdgesThenItsNegativesAndMasksTheAnchorsOtherKnownEdges() {
        LinkSplit split = tinySplit();
        // edges 0 (u0, i0) and 1 (u0, i1), then uniform items 3 and 0 (already pooled)
        ScriptedRandom rng = new ScriptedRandom(0, 1, 3, 0);
        LinkBatch batch = sampler(split, NegativeSampling.UNIFORM, 2).prepare(rng);

        assertThat(rng.bounds).containsExactly(3, 3, 4, 4); // two training edges, then two of 4 items
        int[] users = batch.subgraph().nodes("user");
        int[] items = batch.subgraph().nodes("item");
        assertThat(globalIds(users, batch.anchors())).containsExactly(0, 0);
        assertThat(globalIds(items, batch.candidates())).containsExactly(0, 1, 3); // positives first
        assertThat(batch.positive()).containsExactly(0, 1);
        // anchor 0 (positive i0) also knows i1, column 1: cell 0 * 3 + 1; anchor 1 (positive i1) knows
        // i0, column 0: cell 1 * 3 + 0
        assertThat(batch.maskedCells()).containsExactly(1L, 3L);
        assertThat(batch.logitOffsets()).isNull();
        // the batch's positives leave the subgraph in both directions; user 1's click stays
        assertThat(globalPairs(batch.subgraph().edges(CLICKED), users, items)).containsExactly("1-2");
        assertThat(globalPairs(batch.subgraph().edges(CLICKED.reverse()), items, users))
                .containsExactly("2-1");
    }

    @Test
    void inBatchNegativesDrawNothingButTheEdges() {
        ScriptedRandom rng = new ScriptedRandom(2, 0);
        LinkBatch batch = sampler(tinySplit(), NegativeSampling.IN_BATCH, 2).prepare(rng);
        assertThat(rng.bounds).containsExactly(3, 3);
        int[] items = batch.subgraph().nodes("item");
        assertThat(globalIds(items, batch.candidates())).containsExactly(2, 0);
        // user 1 knows only item 2, its positive; user 0 knows i0, its positive, and i1, not pooled
        assertThat(batch.maskedCells()).isEmpty();
    }

    @Test
    void theLogQCorrectionOffsetsEachPooledCandidate() {
        // training targets 0, 1, 2 among 4 items (shares 1/3, 1/3, 1/3, 0), pools of 2 positives and 2
        // uniform draws: Q = 1 - (2/3)^2 (3/4)^2 = 3/4 for items 0-2, 1 - (3/4)^2 = 7/16 for item 3
        ScriptedRandom rng = new ScriptedRandom(0, 1, 3, 0);
        LinkBatch batch = sampler(tinySplit(), NegativeSampling.UNIFORM_LOGQ, 2).prepare(rng);
        float[] offsets = batch.logitOffsets();
        assertThat(offsets[0]).isCloseTo((float) -Math.log(0.75), within(1e-6f));
        assertThat(offsets[1]).isCloseTo((float) -Math.log(0.75), within(1e-6f));
        assertThat(offsets[2]).isCloseTo((float) -Math.log(7.0 / 16), within(1e-6f));
    }

    @Test
    void aBatchMasksExactlyTheAnchorsOtherKnownEdgesAmongItsCandidates() {
        HeteroGraph graph = LinkPredictionTaskTest.groupedClicks(4);
        RelationType clicked = graph.relation("clicked");
        LinkSplit split = LinkSplit.perUserHoldOut(graph, clicked, 0.2, 0.1, 1);
        CsrAdjacency known = split.structure().adjacency(clicked);
        LinkBatch batch = new LinkBatchSampler(
                        split, new FullGraphSampler(), LinkTaskConfig.sampledSoftmax(64, 255, 64, 0.1, 2))
                .prepare(new Random(3));
        int[] users = batch.subgraph().nodes(clicked.source());
        int[] items = batch.subgraph().nodes(clicked.target());
        int c = batch.candidates().length;
        // every (anchor, candidate) pair checked against the known edges, as a dense mask would be
        List<Long> expected = new ArrayList<>();
        for (int i = 0; i < batch.anchors().length; i++) {
            for (int j = 0; j < c; j++) {
                if (j != batch.positive()[i]
                        && known.hasEdge(users[batch.anchors()[i]], items[batch.candidates()[j]])) {
                    expected.add((long) i * c + j);
                }
            }
        }
        assertThat(expected).isNotEmpty();
        assertThat(batch.maskedCells())
                .containsExactly(expected.stream().mapToLong(Long::longValue).toArray());
    }

    private static LinkSplit tinySplit() {
        int[] src = {0, 0, 1};
        int[] dst = {0, 1, 2};
        HeteroGraph graph = new GraphBuilder("tiny")
                .addNodes(NodeTable.ofCount("user", 2))
                .addNodes(NodeTable.ofCount("item", 4))
                .addEdges(CLICKED, src, dst, null, true)
                .build();
        LinkSplit.Edges all = new LinkSplit.Edges(src, dst);
        return new LinkSplit(CLICKED, graph, all, all, all);
    }

    private static LinkBatchSampler sampler(LinkSplit split, NegativeSampling negatives, int trainNegatives) {
        return new LinkBatchSampler(
                split,
                new FullGraphSampler(),
                new LinkTaskConfig(2, 1, trainNegatives, 0.1, 0, RankingLoss.SOFTMAX, negatives, false));
    }

    private static int[] globalIds(int[] nodes, int[] local) {
        int[] out = new int[local.length];
        for (int i = 0; i < local.length; i++) {
            out[i] = nodes[local[i]];
        }
        return out;
    }

    private static List<String> globalPairs(EdgeList edges, int[] srcNodes, int[] dstNodes) {
        List<String> out = new ArrayList<>();
        for (int e = 0; e < edges.size(); e++) {
            out.add(srcNodes[edges.src()[e]] + "-" + dstNodes[edges.dst()[e]]);
        }
        return out;
    }

    /** Answers {@link #nextInt(int)} from a script, recording each bound asked for. */
    private static final class ScriptedRandom extends Random {
        private final Deque<Integer> script = new ArrayDeque<>();
        final List<Integer> bounds = new ArrayList<>();

        ScriptedRandom(int... values) {
            for (int v : values) {
                script.add(v);
            }
        }

        @Override
        public int nextInt(int bound) {
            bounds.add(bound);
            return script.remove();
        }
    }
}
