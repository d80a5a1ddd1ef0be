package com.dipgnn.finetuning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ai.djl.ndarray.NDManager;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.split.LinkSplit;
import com.dipgnn.inference.NodeEmbedder;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.GraphModule;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.optim.ModelInitialization;
import com.dipgnn.ranking.UserSample;
import com.dipgnn.sampling.FanoutSampler;
import com.dipgnn.sampling.FullGraphSampler;
import com.dipgnn.sampling.SubgraphSampler;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The link task's evaluation is exact whatever trains it: above the whole-graph bound (an
 * evaluation sampler that does not cover the graph) every node is embedded layer by layer, and
 * every metric equals that of one whole-graph pass.
 */
class ExactLinkEvaluationTest {

    private static final List<Integer> FANOUT_2_2 = List.of(2, 2);

    @ParameterizedTest
    @EnumSource(
            value = Backbone.class,
            names = {"GAT", "HGT", "PROPAGATION"})
    void fanOutEvaluationEqualsTheWholeGraphPass(Backbone backbone) {
        HeteroGraph graph = LinkPredictionTaskTest.groupedClicks(4);
        LinkSplit split = LinkSplit.perUserHoldOut(graph, graph.relation("clicked"), 0.2, 0.1, 1);
        LinkTaskConfig config =
                LinkTaskConfig.sampledSoftmax(64, 63, 64, 0.1, 2).withFullRankingSelection(true);
        SubgraphSampler fanout = new FanoutSampler(FANOUT_2_2);
        LinkPredictionTask whole =
                new LinkPredictionTask(graph, split, new LinkSampling.Samplers(fanout, new FullGraphSampler()), config);
        LinkPredictionTask aboveBound =
                new LinkPredictionTask(graph, split, new LinkSampling.Samplers(fanout, fanout), config);
        ModelConfig model = new ModelConfig(backbone, 2, 16, 2, 0.1, 0);
        try (NDManager manager = NDManager.newBaseManager()) {
            GraphEncoder encoder = new GraphEncoder(GraphSchema.of(split.structure()), model);
            GraphModule head = whole.createHead(16);
            ModelInitialization.initialize(7, manager, encoder, head);
            for (EvalSplit s : List.of(EvalSplit.VAL, EvalSplit.TEST)) {
                Map<String, Double> expected = whole.evaluate(encoder, head, s, manager);
                Map<String, Double> actual = aboveBound.evaluate(encoder, head, s, manager);
                assertThat(expected).containsKeys("mrr", "recall@20", "ndcg@20");
                assertThat(actual.keySet()).isEqualTo(expected.keySet());
                expected.forEach((metric, value) ->
                        assertThat(actual.get(metric)).as("%s %s", s, metric).isCloseTo(value, within(1e-6)));
            }
        }
    }

    /** What the exactness is worth: embedding through fan-out 2,2 neighbourhoods does change the embeddings. */
    @Test
    void sampledNeighbourhoodsWouldHaveGivenOtherEmbeddings() {
        HeteroGraph graph = LinkPredictionTaskTest.groupedClicks(4);
        ModelConfig model = new ModelConfig(Backbone.GAT, 2, 16, 2, 0.1, 0);
        int[] users = {0, 1, 2, 3, 4, 5, 6, 7};
        try (NDManager manager = NDManager.newBaseManager()) {
            GraphEncoder encoder = new GraphEncoder(GraphSchema.of(graph), model);
            ModelInitialization.initialize(7, manager, encoder);
            Map<String, int[]> ids = Map.of("user", users);
            float[] exact = new NodeEmbedder(graph, new FullGraphSampler(), 1024)
                    .embed(encoder, ids, manager, 0)
                    .get("user")
                    .rows(manager, users)
                    .toFloatArray();
            float[] sampled = new NodeEmbedder(graph, new FanoutSampler(FANOUT_2_2), 1024)
                    .embed(encoder, ids, manager, 0)
                    .get("user")
                    .rows(manager, users)
                    .toFloatArray();
            float largest = 0;
            for (int i = 0; i < exact.length; i++) {
                largest = Math.max(largest, Math.abs(exact[i] - sampled[i]));
            }
            // every user clicks 10 items; 2 of them give another mean than all 10
            assertThat(largest).isGreaterThan(1e-3f);
        }
    }

    @Test
    void everyNodeTablesAreIndexedByNodeId() {
        float[] values = {1, 2, 3, 4, 5, 6}; // three nodes of width 2
        NodeEmbedder.Table table = NodeEmbedder.Table.everyNode(values, 2);
        try (NDManager manager = NDManager.newBaseManager()) {
            assertThat(table.rows(manager, new int[] {2, 0}).toFloatArray()).containsExactly(5, 6, 1, 2);
        }
        float[] row = new float[3];
        table.copyRow(1, row, 1);
        assertThat(row).containsExactly(0, 3, 4);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> table.copyRow(3, row, 0))
                .hasMessageContaining("node 3 was not embedded");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> NodeEmbedder.Table.everyNode(values, 4))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void tooManyAnchorsAreRankedThroughTheUsersSample() {
        int[] src = {9, 3, 3, 7, 1, 5, 9, 0, 2, 8, 4, 6}; // anchors 0..9
        assertThat(LinkFullRanking.rankedAnchors(src, 100, 1000)).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
        int[] sample = LinkFullRanking.rankedAnchors(src, 100, 400); // 40% of the anchors
        UserSample users = UserSample.of(10, 100, 400);
        assertThat(sample)
                .isSorted()
                .containsExactly(java.util.stream.IntStream.range(0, 10)
                        .filter(users::keeps)
                        .toArray());
        // Gowalla's test set is ranked whole
        assertThat(UserSample.of(29_858, 40_981)).isEqualTo(UserSample.EVERY_USER);
    }
}
