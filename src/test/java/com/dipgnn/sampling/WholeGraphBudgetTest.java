package com.dipgnn.sampling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import org.junit.jupiter.api.Test;

/**
 * The whole graph is taken only under both bounds: nodes, and the estimated bytes of one step's
 * per-edge arrays (directed edges × hidden × layers × encoders × 24).
 */
class WholeGraphBudgetTest {

    /** 4 users, 6 items, 5 interactions stored with their reverse: 10 nodes, 10 directed edges. */
    private static final HeteroGraph SMALL = new GraphBuilder("small")
            .addNodes(NodeTable.ofCount("user", 4))
            .addNodes(NodeTable.ofCount("item", 6))
            .addEdges(
                    new RelationType("user", "rated", "item"),
                    new int[] {0, 0, 1, 2, 3},
                    new int[] {0, 1, 2, 3, 5},
                    null,
                    true)
            .build();

    @Test
    void edgeBytesCountEveryDirectedEdgeInEveryLayerAndEncoder() {
        assertThat(SMALL.totalEdges()).isEqualTo(10);
        assertThat(WholeGraphBudget.edgeBytes(SMALL, 8, 2, 1)).isEqualTo(3_840); // 10 × 8 × 2 × 24
        assertThat(WholeGraphBudget.edgeBytes(SMALL, 8, 2, 2)).isEqualTo(7_680);
    }

    @Test
    void bothBoundsMustHold() {
        WholeGraphBudget budget = new WholeGraphBudget(10, 10_000);
        assertThat(budget.allows(SMALL, 8, 2, 1)).isTrue(); // 3,840 bytes
        assertThat(budget.allows(SMALL, 32, 2, 1)).isFalse(); // 15,360 bytes
        assertThat(budget.allows(SMALL, 20, 2, 1)).isTrue(); // 9,600 bytes
        assertThat(budget.allows(SMALL, 21, 2, 1)).isFalse(); // 10,080 bytes
        assertThat(new WholeGraphBudget(9, 10_000).allows(SMALL, 8, 2, 1)).isFalse(); // 10 nodes
    }

    @Test
    void theSamplerAndTheExplanationFollowTheChoice() {
        WholeGraphBudget budget = new WholeGraphBudget(10, 10_000);
        SamplingConfig sampling = new SamplingConfig(2, 4);
        assertThat(budget.samplerFor(SMALL, sampling, 8, 2, 1)).isInstanceOf(FullGraphSampler.class);
        assertThat(budget.samplerFor(SMALL, sampling, 32, 2, 1)).isNotInstanceOf(FullGraphSampler.class);
        assertThat(budget.explain(SMALL, 32, 2, 1)).startsWith("sampled subgraphs: 10 nodes and 10 message-passing");
        assertThat(budget.explain(SMALL, 8, 2, 1)).startsWith("the whole graph: ");
        assertThat(budget.figures(SMALL, 32, 2, 1))
                .startsWith("10 nodes and 10 message-passing edges")
                .doesNotContain("whole graph:")
                .doesNotContain("sampled subgraphs");
    }

    @Test
    void theDefaultKeepsGowallaWholeForTheRecommendationModelAndSamplesItForThePapers() {
        // Gowalla's training structure: 1,540,000 directed edges (770,000 interactions and their reverse)
        long narrow = 1_540_000L * 64 * 2 * 24; // 4,730,880,000 bytes
        long paper = 1_540_000L * 400 * 3 * 24; // 44,352,000,000 bytes
        assertThat(narrow).isLessThanOrEqualTo(WholeGraphBudget.DEFAULT_MAX_EDGE_BYTES);
        assertThat(paper).isGreaterThan(WholeGraphBudget.DEFAULT_MAX_EDGE_BYTES);
    }

    @Test
    void theBoundsReadAsWordsAndANodeBoundOfZeroSaysWholeGraphStepsAreOff() {
        assertThat(new WholeGraphBudget(5_000, 8_600_000_000L).bounds())
                .isEqualTo("bounds: at most 5,000 nodes and 8.6 GB");
        assertThat(new WholeGraphBudget(0, 8_600_000_000L).bounds())
                .isEqualTo("whole-graph steps are off: the node bound is 0");
    }

    @Test
    void hugeModelsSaturateInsteadOfOverflowing() {
        assertThat(WholeGraphBudget.edgeBytes(SMALL, Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE))
                .isEqualTo(Long.MAX_VALUE);
        assertThat(new WholeGraphBudget(Long.MAX_VALUE, Long.MAX_VALUE - 1)
                        .allows(SMALL, Integer.MAX_VALUE, Integer.MAX_VALUE, 2))
                .isFalse();
    }

    @Test
    void negativeBoundsAreRejected() {
        assertThatThrownBy(() -> new WholeGraphBudget(-1, 0)).hasMessageContaining("must not be negative");
    }
}
