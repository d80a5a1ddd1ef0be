package com.dipgnn.recommend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ai.djl.Device;
import com.dipgnn.finetuning.ExperimentSpec;
import com.dipgnn.finetuning.FineTuneConfig;
import com.dipgnn.finetuning.FineTuneExperiment;
import com.dipgnn.finetuning.SplitMode;
import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.split.LinkSplit;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.optim.OptimizerConfig;
import com.dipgnn.ranking.Interactions;
import com.dipgnn.ranking.RankingEvaluator;
import com.dipgnn.sampling.SamplingConfig;
import org.junit.jupiter.api.Test;

/**
 * The transductive splits: sizes per user, disjointness, and that no validation or test pair
 * reaches the graph models learn from (message passing, training negatives' exclusions, LightGCN's
 * propagation) or pre-training.
 */
class InteractionSplitTest {

    private static final HeteroGraph GRAPH = PlantedInteractions.graph(60, 40, 4, 10, 0.8, 3);

    @Test
    void perUserHoldOutKeepsTwentyAndTenPercentOfEachUsersItems() {
        InteractionSplit s =
                InteractionSplit.of(LinkSplit.perUserHoldOut(GRAPH, PlantedInteractions.CLICKED, 0.2, 0.1, 5));
        for (int u = 0; u < 60; u++) {
            assertThat(s.test().count(u)).isEqualTo(2); // round(0.2 * 10)
            assertThat(s.val().count(u)).isEqualTo(1); // round(0.1 * 10)
            assertThat(s.train().count(u)).isEqualTo(7);
        }
        assertDisjointAndComplete(s);
    }

    @Test
    void leaveOneOutHoldsOutOneTestAndOneValidationItemPerUser() {
        InteractionSplit s = InteractionSplit.of(LinkSplit.leaveOneOut(GRAPH, PlantedInteractions.CLICKED, 5));
        for (int u = 0; u < 60; u++) {
            assertThat(s.test().count(u)).isEqualTo(1);
            assertThat(s.val().count(u)).isEqualTo(1);
        }
        assertThat(RankingEvaluator.isLeaveOneOut(s.test())).isTrue();
        assertDisjointAndComplete(s);
    }

    @Test
    void theSplitDependsOnTheSeedAlone() {
        LinkSplit a = LinkSplit.perUserHoldOut(GRAPH, PlantedInteractions.CLICKED, 0.2, 0.1, 5);
        LinkSplit b = LinkSplit.perUserHoldOut(GRAPH, PlantedInteractions.CLICKED, 0.2, 0.1, 5);
        LinkSplit c = LinkSplit.perUserHoldOut(GRAPH, PlantedInteractions.CLICKED, 0.2, 0.1, 6);
        assertThat(a.test().dst()).containsExactly(b.test().dst());
        assertThat(a.test().dst()).isNotEqualTo(c.test().dst());
    }

    @Test
    void heldOutPairsNeverReachTheModelGraphNorTrainingExclusionsNorPropagation() {
        InteractionSplit s =
                InteractionSplit.of(LinkSplit.perUserHoldOut(GRAPH, PlantedInteractions.CLICKED, 0.2, 0.1, 5));
        CsrAdjacency forward = s.structure().adjacency(PlantedInteractions.CLICKED);
        CsrAdjacency reverse = s.structure().adjacency(PlantedInteractions.CLICKED.reverse());
        for (Interactions heldOut : new Interactions[] {s.val(), s.test()}) {
            for (int u : heldOut.activeUsers()) {
                for (int i : heldOut.items(u)) {
                    assertThat(forward.hasEdge(u, i))
                            .as("message passing, user %d item %d", u, i)
                            .isFalse();
                    assertThat(reverse.hasEdge(i, u))
                            .as("reverse relation, item %d user %d", i, u)
                            .isFalse();
                    assertThat(s.train().contains(u, i))
                            .as("training exclusions, user %d item %d", u, i)
                            .isFalse();
                }
            }
        }
        // what the model graph holds is exactly the training set (LightGCN propagates over s.train())
        assertThat(forward.numEdges()).isEqualTo(s.train().size());
    }

    @Test
    void preTrainingOnAnEdgeSplitSeesTheTrainingPairsOnly() {
        ExperimentSpec spec = new ExperimentSpec(
                TaskKind.LINK_PREDICTION,
                null,
                null,
                SplitMode.HOLDOUT,
                5,
                1.0,
                new ModelConfig(com.dipgnn.model.Backbone.HGT, 1, 8, 2, 0.1, 0),
                new FineTuneConfig(1, 8, 1, 0, OptimizerConfig.FINE_TUNING, 0),
                new SamplingConfig(2, 8),
                0,
                false,
                5,
                5,
                0.2);
        HeteroGraph pretrain = new FineTuneExperiment(GRAPH, "planted", spec, Device.cpu()).pretrainGraph();
        InteractionSplit s =
                InteractionSplit.of(LinkSplit.perUserHoldOut(GRAPH, PlantedInteractions.CLICKED, 0.2, 0.1, 5));
        CsrAdjacency seen = pretrain.adjacency(PlantedInteractions.CLICKED);
        assertThat(seen.numEdges()).isEqualTo(s.train().size());
        for (int u : s.test().activeUsers()) {
            for (int i : s.test().items(u)) {
                assertThat(seen.hasEdge(u, i)).isFalse();
            }
        }
    }

    @Test
    void usersWithTooFewItemsKeepThemForTraining() {
        HeteroGraph tiny = new com.dipgnn.graph.GraphBuilder("tiny")
                .addNodes(com.dipgnn.graph.NodeTable.ofCount("user", 2))
                .addNodes(com.dipgnn.graph.NodeTable.ofCount("item", 3))
                .addEdges(PlantedInteractions.CLICKED, new int[] {0, 0, 0, 1, 1}, new int[] {0, 1, 2, 0, 1}, null, true)
                .build();
        InteractionSplit s = InteractionSplit.of(LinkSplit.leaveOneOut(tiny, PlantedInteractions.CLICKED, 1));
        assertThat(s.train().count(1)).isEqualTo(2);
        assertThat(s.train().count(0)).isEqualTo(1);
        HeteroGraph none = new com.dipgnn.graph.GraphBuilder("none")
                .addNodes(com.dipgnn.graph.NodeTable.ofCount("user", 1))
                .addNodes(com.dipgnn.graph.NodeTable.ofCount("item", 2))
                .addEdges(PlantedInteractions.CLICKED, new int[] {0, 0}, new int[] {0, 1}, null, true)
                .build();
        assertThatThrownBy(() -> LinkSplit.leaveOneOut(none, PlantedInteractions.CLICKED, 1))
                .hasMessageContaining("three or more edges");
    }

    private static void assertDisjointAndComplete(InteractionSplit s) {
        assertThat(s.train().size() + s.val().size() + s.test().size())
                .isEqualTo(s.all().size());
        assertThat(s.all().size())
                .isEqualTo(GRAPH.adjacency(PlantedInteractions.CLICKED).numEdges());
        RelationType r = s.relation();
        assertThat(r).isEqualTo(PlantedInteractions.CLICKED);
    }
}
