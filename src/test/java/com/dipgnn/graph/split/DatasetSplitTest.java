package com.dipgnn.graph.split;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeLabels;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.SplitMark;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class DatasetSplitTest {

    private static final int NODES = 2_000;

    @Test
    void usesTheMarkedNodesAndTheWholeGraphWithoutPreTraining() {
        HeteroGraph graph = markedGraph(140, 500, 1_000, 0);

        GraphSplit split = new DatasetSplit().split(graph, "paper");

        assertThat(split.train()).isEqualTo(IntStream.range(0, 140).toArray());
        assertThat(split.val()).isEqualTo(IntStream.range(140, 640).toArray());
        assertThat(split.test()).isEqualTo(IntStream.range(640, 1_640).toArray());
        assertThat(split.hasPretrainGraph()).isFalse();
        assertThat(split.pretrainOriginalIds()).isEmpty();
        assertThat(split.finetuneGraph()).isSameAs(graph);
        assertThat(split.finetuneOriginalIds().get("paper"))
                .isEqualTo(IntStream.range(0, NODES).toArray());
    }

    @Test
    void leavesOutMarkedNodesWithoutALabel() {
        GraphSplit split = new DatasetSplit().split(markedGraph(140, 500, 1_000, 10), "paper");

        assertThat(split.train()).isEqualTo(IntStream.range(10, 140).toArray());
        assertThat(split.val()).hasSize(500);
    }

    @Test
    void explainsMissingMarks() {
        HeteroGraph unmarked = new GraphBuilder("plain")
                .addNodes(NodeTable.ofCount("paper", 10))
                .build();
        assertThatThrownBy(() -> new DatasetSplit().split(unmarked, "paper"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'paper' has no split marks")
                .hasMessageContaining("NodeTransferSplit");
        HeteroGraph noVal = markedGraph(140, 0, 1_000, 0);
        assertThatThrownBy(() -> new DatasetSplit().split(noVal, "paper"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the val set is empty");
    }

    /**
     * Papers (the first {@code unlabeled} without a label) marked train, val, test in that order,
     * citing the next paper.
     */
    private static HeteroGraph markedGraph(int train, int val, int test, int unlabeled) {
        byte[] marks = new byte[NODES];
        int[] labels = new int[NODES];
        for (int n = 0; n < NODES; n++) {
            SplitMark mark = n < train
                    ? SplitMark.TRAIN
                    : n < train + val ? SplitMark.VAL : n < train + val + test ? SplitMark.TEST : SplitMark.NONE;
            marks[n] = mark.code();
            labels[n] = n < unlabeled ? -1 : n % 7;
        }
        NodeTable papers = NodeTable.ofCount("paper", NODES)
                .withLabels(NodeLabels.single(7, labels))
                .withSplits(marks);
        return new GraphBuilder("marked")
                .addNodes(papers)
                .addEdges(
                        new RelationType("paper", "cites", "paper"),
                        IntStream.range(0, NODES - 1).toArray(),
                        IntStream.range(1, NODES).toArray(),
                        null,
                        true)
                .build();
    }
}
