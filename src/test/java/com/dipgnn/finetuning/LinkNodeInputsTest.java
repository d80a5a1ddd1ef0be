package com.dipgnn.finetuning;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.graph.DenseFeatures;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.model.NodeInputConfig;
import com.dipgnn.model.TypeSelection;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code auto} node inputs of the link task: on an edge split every node is known in training, so
 * both types of the predicted relation get rows and log-degrees even when they have features
 * (MovieLens' users and movies do); the node-transfer split and explicit choices are kept.
 */
class LinkNodeInputsTest {

    /** The planted graph with 3 features on every user; items stay featureless. */
    private static HeteroGraph usersWithFeatures() {
        HeteroGraph g = PlantedCommunities.graph(1);
        int users = g.numNodes("user");
        return g.withNodes(g.nodes("user").withFeatures(new DenseFeatures(users, 3, new float[users * 3])));
    }

    @Test
    void anEdgeSplitGivesBothTypesOfThePredictedRelationRows() {
        HeteroGraph graph = usersWithFeatures();
        ExperimentSpec spec = PlantedCommunities.spec(NodeInputConfig.DEFAULT, 1, 1e-3);
        // auto alone would embed the featureless items only
        assertThat(TypeSelection.AUTO.resolve(com.dipgnn.model.GraphSchema.of(graph, NodeInputConfig.DEFAULT)
                        .featureDims()))
                .containsExactly("item");

        ExperimentSpec resolved = new FineTuneExperiment(graph, "planted", spec, ai.djl.Device.cpu()).spec();

        TypeSelection embeddings = resolved.model().nodeInputs().embeddings();
        assertThat(embeddings.mode()).isEqualTo(TypeSelection.Mode.LIST);
        assertThat(embeddings.types()).containsExactlyInAnyOrder("user", "item");
        // and both get their log-degrees (users have features, so auto alone would not give them)
        TypeSelection structural = resolved.model().nodeInputs().structural();
        assertThat(structural.mode()).isEqualTo(TypeSelection.Mode.LIST);
        assertThat(structural.types()).containsExactlyInAnyOrder("user", "item");
        // nothing else changes
        assertThat(resolved.model().hidden()).isEqualTo(spec.model().hidden());
        assertThat(resolved.model().nodeInputs().rowDropout())
                .isEqualTo(spec.model().nodeInputs().rowDropout());
    }

    @Test
    void theTransferSplitAndExplicitChoicesAreKept() {
        HeteroGraph graph = usersWithFeatures();
        ExperimentSpec base = PlantedCommunities.spec(NodeInputConfig.DEFAULT, 1, 1e-3);
        ExperimentSpec transfer = new ExperimentSpec(
                base.task(),
                null,
                base.relation(),
                SplitMode.TRANSFER,
                0,
                1.0,
                base.model(),
                base.training(),
                base.sampling(),
                base.fullGraphMaxNodes(),
                false,
                255,
                255,
                0.1);
        assertThat(transfer.withNodeInputsResolved(graph)).isSameAs(transfer);

        ExperimentSpec none = PlantedCommunities.spec(
                NodeInputConfig.DEFAULT.withEmbeddings(TypeSelection.NONE).withStructural(TypeSelection.NONE), 1, 1e-3);
        assertThat(none.withNodeInputsResolved(graph)).isSameAs(none);
        ExperimentSpec listed = PlantedCommunities.spec(
                NodeInputConfig.DEFAULT
                        .withEmbeddings(new TypeSelection(TypeSelection.Mode.LIST, List.of("item")))
                        .withStructural(TypeSelection.ALL),
                1,
                1e-3);
        assertThat(listed.withNodeInputsResolved(graph)).isSameAs(listed);
    }

    @Test
    void anEdgeSplitSelectsByFullRankingAndTheTransferSplitBySampledMrr() {
        HeteroGraph graph = usersWithFeatures();
        ExperimentSpec edges = PlantedCommunities.spec(NodeInputConfig.DEFAULT, 1, 1e-3);
        ExperimentSpec transfer = new ExperimentSpec(
                edges.task(),
                null,
                edges.relation(),
                SplitMode.TRANSFER,
                0,
                1.0,
                edges.model(),
                edges.training(),
                edges.sampling(),
                edges.fullGraphMaxNodes(),
                false,
                255,
                255,
                0.1);
        assertThat(new FineTuneExperiment(graph, "planted", edges, ai.djl.Device.cpu()).primaryMetric())
                .isEqualTo("recall@20");
        assertThat(new FineTuneExperiment(graph, "planted", transfer, ai.djl.Device.cpu()).primaryMetric())
                .isEqualTo("mrr");
    }
}
