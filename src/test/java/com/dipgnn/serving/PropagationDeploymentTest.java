package com.dipgnn.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.model.PropagationConfig;
import com.dipgnn.store.ModelStore;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A link model of the propagation backbone (GCN-like, with per-layer weights and the sum over
 * layers) is fine-tuned, saved with its propagation options in the manifest, deployed with exact
 * inference, and a new node sent with the features and the edges of an existing node gets that
 * node's embedding: its neighbours' degrees come from the deployed graph, as in the deployment's
 * own layer-wise pass.
 */
class PropagationDeploymentTest {

    private static final float TOLERANCE = 1e-5f;

    @TempDir
    Path dir;

    @Test
    void aCopyOfAnExistingNodeGetsItsEmbeddingFromTheDeployment() throws Exception {
        HeteroGraph graph = ServingFixtures.queryProduct();
        RelationType clicked = graph.relation("clicked");
        PropagationConfig options = new PropagationConfig(true, PropagationConfig.LayerCombination.SUM);
        ModelConfig model = new ModelConfig(Backbone.PROPAGATION, 2, 16, 2, 0.1, 0.0).withPropagation(options);
        Path saved = dir.resolve("propagation-link");
        ServingFixtures.train(graph, TaskKind.LINK_PREDICTION, null, saved, model);
        assertThat(ModelStore.readManifest(saved).modelConfig().propagation()).isEqualTo(options);
        try (ModelDeployment deployment = ModelDeployment.deploy(
                saved, graph, DeploymentOptions.defaults().withLimits(300, 50), DeploymentListener.NONE)) {
            assertThat(deployment.stats().sampler()).isEqualTo(Deployer.EXACT);
            for (int query = 0; query < graph.numNodes("query"); query += 7) {
                NewNode copy = ServingFixtures.forModel(
                        deployment,
                        new NewNode(
                                "query",
                                graph.nodes("query").features().gather(new int[] {query}),
                                Map.of("clicked", graph.adjacency(clicked).neighbors(query)),
                                graph.nodes("query").text()[query]));
                assertThat(deployment.embedNewNode(copy))
                        .as("query %d", query)
                        .containsExactly(deployment.embeddings("query", new int[] {query})[0], within(TOLERANCE));
            }
            CsrAdjacency clickedBy = graph.adjacency(clicked.reverse());
            for (int product = 0; product < graph.numNodes("product"); product += 11) {
                NewNode copy = ServingFixtures.forModel(
                        deployment,
                        new NewNode(
                                "product",
                                graph.nodes("product").features().gather(new int[] {product}),
                                Map.of("query__clicked__product", clickedBy.neighbors(product)),
                                graph.nodes("product").text()[product]));
                assertThat(deployment.embedNewNode(copy))
                        .as("product %d", product)
                        .containsExactly(deployment.embeddings("product", new int[] {product})[0], within(TOLERANCE));
            }
        }
    }
}
