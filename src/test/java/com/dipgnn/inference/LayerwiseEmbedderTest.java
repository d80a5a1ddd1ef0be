package com.dipgnn.inference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import com.dipgnn.graph.DenseFeatures;
import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.synthetic.CommunityConfig;
import com.dipgnn.graph.synthetic.QueryProductConfig;
import com.dipgnn.graph.synthetic.SyntheticGraphs;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.CosineScorer;
import com.dipgnn.model.GraphBatch;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.model.PropagationConfig;
import com.dipgnn.optim.ModelInitialization;
import com.dipgnn.runtime.Devices;
import com.dipgnn.sampling.FullGraphSampler;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Layer-by-layer exact inference against the definition it implements: every node sees all its
 * neighbours at every layer, which is also what one forward pass over the whole graph in a single
 * batch computes (a different code path: one batch, every layer on it).
 */
class LayerwiseEmbedderTest {

    private static final ModelConfig HGT = new ModelConfig(Backbone.HGT, 2, 16, 2, 0.1, 0.0);

    @Test
    void everyLayerEqualsTheWholeGraphInOneBatchForHgt() {
        HeteroGraph graph = SyntheticGraphs.queryProduct(QueryProductConfig.defaults()
                .withSize(60, 90, 500)
                .withNumCategories(3)
                .withFeatures(6, 1.0)
                .withSeed(2));
        assertLayersMatchTheWholeGraph(graph, HGT, new LayerwiseEmbedder(graph, 16, 40));
    }

    @Test
    void everyLayerEqualsTheWholeGraphInOneBatchForGatOnAnUndirectedRelation() {
        // one featured type: GAT reads raw features; the relation is stored in both directions, without a reverse
        HeteroGraph graph = SyntheticGraphs.community(CommunityConfig.defaults()
                .withNumNodes(120)
                .withAverageDegree(6)
                .withFeatures(8, 0.3)
                .withSeed(4));
        assertLayersMatchTheWholeGraph(
                graph, new ModelConfig(Backbone.GAT, 3, 16, 2, 0.1, 0.0), new LayerwiseEmbedder(graph, 25, 60));
    }

    @Test
    void everyLayerEqualsTheWholeGraphInOneBatchForThePropagationBackbone() {
        // the sources' degrees come from the graph, not from the pass: a pass holds only some of their out-edges
        HeteroGraph queryProduct = SyntheticGraphs.queryProduct(QueryProductConfig.defaults()
                .withSize(60, 90, 500)
                .withNumCategories(3)
                .withFeatures(6, 1.0)
                .withSeed(2));
        ModelConfig propagation = new ModelConfig(Backbone.PROPAGATION, 3, 16, 2, 0.1, 0.0);
        assertLayersMatchTheWholeGraph(queryProduct, propagation, new LayerwiseEmbedder(queryProduct, 16, 40));
        HeteroGraph community = SyntheticGraphs.community(CommunityConfig.defaults()
                .withNumNodes(120)
                .withAverageDegree(6)
                .withFeatures(8, 0.3)
                .withSeed(4));
        assertLayersMatchTheWholeGraph(
                community,
                propagation.withPropagation(new PropagationConfig(true, PropagationConfig.LayerCombination.SUM)),
                new LayerwiseEmbedder(community, 25, 60));
    }

    @Test
    void passesFollowTheNodeAndEdgeBudgets() {
        // every user likes item 0, users 0 and 1 also item 1, nobody item 2: a user's in-neighbours are the
        // items it likes (2, 2, 1, 1 of them), an item's the users who like it (4, 2, 0). Nodes with fewer
        // in-neighbours never come before those whose in-neighbours include theirs, so passes go in id order.
        HeteroGraph graph = new GraphBuilder("likes")
                .addNodes(NodeTable.ofCount("user", 4)
                        .withFeatures(new DenseFeatures(4, 2, new float[] {1, 0, 0, 1, 1, 1, 0.5f, 0})))
                .addNodes(NodeTable.ofCount("item", 3))
                .addEdges(
                        new RelationType("user", "likes", "item"),
                        new int[] {0, 1, 2, 3, 0, 1},
                        new int[] {0, 0, 0, 0, 1, 1},
                        null,
                        true)
                .build();
        List<long[]> progress = new ArrayList<>();
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            GraphEncoder encoder = encoder(graph, HGT, manager);
            new LayerwiseEmbedder(graph, 10, 3)
                    .embedAll(encoder, manager, (done, total) -> progress.add(new long[] {done, total}));
        }
        // at most 3 in-edges a pass: users {0}, {1, 2}, {3}; item 0 (4 in-edges) alone, then items {1, 2}
        assertThat(progress).extracting(p -> p[0]).containsExactly(1L, 3L, 4L, 5L, 7L, 8L, 10L, 11L, 12L, 14L);
        assertThat(progress).extracting(p -> p[1]).containsOnly(14L);
    }

    @Test
    void inNeighboursAreTheReverseRelationsOrTheUndirectedRelationItself() {
        HeteroGraph bipartite = SyntheticGraphs.queryProduct(QueryProductConfig.defaults()
                .withSize(20, 30, 100)
                .withNumCategories(2)
                .withSeed(1));
        RelationType clicked = bipartite.relation("clicked");
        assertThat(LayerwiseEmbedder.inNeighbours(bipartite, clicked)).isSameAs(bipartite.adjacency(clicked.reverse()));
        HeteroGraph community = SyntheticGraphs.community(
                CommunityConfig.defaults().withNumNodes(50).withSeed(1));
        RelationType link = community.relation("link");
        assertThat(LayerwiseEmbedder.inNeighbours(community, link)).isSameAs(community.adjacency(link));
        assertThatThrownBy(() -> new LayerwiseEmbedder(community, 0, 5)).isInstanceOf(IllegalArgumentException.class);
    }

    private static void assertLayersMatchTheWholeGraph(
            HeteroGraph graph, ModelConfig config, LayerwiseEmbedder embedder) {
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            GraphEncoder encoder = encoder(graph, config, manager);
            List<Map<String, float[]>> layers = embedder.embedAll(encoder, manager, (done, total) -> {});
            assertThat(layers).hasSize(config.layers());
            GraphBatch whole = new GraphBatch(manager, graph, new FullGraphSampler().sample(graph, Map.of(), null));
            Map<String, NDArray> states = encoder.inputStates(whole, false);
            for (int l = 0; l < config.layers(); l++) {
                states = encoder.layers().get(l).forward(whole, states, false);
                for (String type : graph.nodeTypes()) {
                    assertThat(layers.get(l).get(type))
                            .as("layer %d, %s", l + 1, type)
                            .containsExactly(states.get(type).toFloatArray(), within(1e-5f));
                }
            }
            // the last layer's states are the encoder's output
            Map<String, NDArray> output = encoder.forward(whole, false);
            // streamed layer by layer, the last layer is the same
            Map<String, float[]> last = embedder.embedLast(encoder, manager, (done, total) -> {});
            assertThat(last.keySet()).containsExactlyElementsOf(graph.nodeTypes());
            for (String type : graph.nodeTypes()) {
                assertThat(layers.get(layers.size() - 1).get(type))
                        .containsExactly(output.get(type).toFloatArray(), within(1e-5f));
                assertThat(last.get(type)).containsExactly(output.get(type).toFloatArray(), within(1e-5f));
            }
        }
    }

    private static GraphEncoder encoder(HeteroGraph graph, ModelConfig config, NDManager manager) {
        Devices.engine();
        GraphEncoder encoder = new GraphEncoder(GraphSchema.of(graph), config);
        ModelInitialization.initialize(3, manager, encoder, new CosineScorer(config.hidden()));
        return encoder;
    }
}
