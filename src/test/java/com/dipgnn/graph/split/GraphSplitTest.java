package com.dipgnn.graph.split;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class GraphSplitTest {

    private static final HeteroGraph GRAPH = new GraphBuilder("g")
            .addNodes(NodeTable.ofCount("paper", 10))
            .addNodes(NodeTable.ofCount("author", 4))
            .build();
    private static final Map<String, int[]> IDS = Map.of(
            "paper",
            IntStream.range(0, 10).toArray(),
            "author",
            IntStream.range(0, 4).toArray());

    @Test
    void rejectsANodeInTwoSets() {
        assertThatThrownBy(() -> new GraphSplit(
                        null, GRAPH, "paper", new int[] {1, 2}, new int[] {2}, new int[] {3}, Map.of(), IDS))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("node 2 is in both train and val");
    }

    @Test
    void rejectsANodeOutsideTheFineTuningGraph() {
        assertThatThrownBy(() -> new GraphSplit(
                        null, GRAPH, "paper", new int[] {1}, new int[] {2}, new int[] {10}, Map.of(), IDS))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("test node 10 is outside 0..9");
    }

    @Test
    void rejectsAMissingOrShortOriginalIdMap() {
        Map<String, int[]> shortMap = Map.of("paper", new int[3], "author", new int[4]);

        assertThatThrownBy(() -> new GraphSplit(
                        null, GRAPH, "paper", new int[] {1}, new int[] {2}, new int[] {3}, Map.of(), shortMap))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("10 nodes of type 'paper' but 3 original ids");
    }

    @Test
    void describesTheCountsOfBothGraphsAndTheSets() {
        GraphSplit split = new NodeTransferSplit(0.5, 1, 1.0).split(GRAPH, "paper");

        assertThat(split.describe())
                .contains("train " + split.train().length + ", val " + split.val().length + ", test "
                        + split.test().length)
                .contains("'g-pretrain', 7 nodes (paper 5, author 2)")
                .contains("'g-finetune', 7 nodes (paper 5, author 2)");
        GraphSplit withoutPretraining =
                new GraphSplit(null, GRAPH, "paper", new int[] {1}, new int[] {2}, new int[] {3}, Map.of(), IDS);
        assertThat(withoutPretraining.describe()).contains("pre-training graph: none");
    }
}
