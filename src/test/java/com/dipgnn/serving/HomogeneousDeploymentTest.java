package com.dipgnn.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.synthetic.CommunityConfig;
import com.dipgnn.graph.synthetic.SyntheticGraphs;
import com.dipgnn.model.CosineScorer;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.optim.ModelInitialization;
import com.dipgnn.store.InputPreparation;
import com.dipgnn.store.ModelManifest;
import com.dipgnn.store.ModelStore;
import com.dipgnn.store.ModelTask;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A link model on a graph with one node type and an undirected relation (stored both ways). */
class HomogeneousDeploymentTest {

    @Test
    void recommendationsSkipTheNodeItselfAndANewNodeReceivesAlongTheSameRelation(@TempDir Path dir) throws Exception {
        HeteroGraph graph = SyntheticGraphs.community(CommunityConfig.defaults()
                .withNumNodes(300)
                .withAverageDegree(8)
                .withFeatures(16, 0.2)
                .withSeed(3));
        Path model = dir.resolve("m");
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            GraphEncoder encoder = new GraphEncoder(GraphSchema.of(graph), ServingFixtures.TINY);
            CosineScorer head = new CosineScorer(ServingFixtures.TINY.hidden());
            ModelInitialization.initialize(4, manager, encoder, head);
            ModelStore.save(
                    model,
                    ModelManifest.of(
                            ServingFixtures.TINY,
                            GraphSchema.of(graph),
                            ModelTask.LinkPrediction.untrained(RelationType.parse("node__link__node"), 0.1),
                            "community",
                            graph.fingerprint(),
                            0,
                            InputPreparation.defaults(),
                            Map.of()),
                    encoder,
                    head);
        }
        try (ModelDeployment d =
                ModelDeployment.deploy(model, graph, DeploymentOptions.defaults(), DeploymentListener.NONE)) {
            CsrAdjacency links = graph.adjacency(graph.relation("link"));
            for (int node : new int[] {0, 77, 299}) {
                List<ScoredNode> top = d.recommend("link", node, 20, true);
                assertThat(top)
                        .hasSize(20)
                        .extracting(ScoredNode::id)
                        .doesNotContain(node)
                        .noneMatch(id -> links.hasEdge(node, id));
                NewNode copy = new NewNode(
                        "node",
                        graph.nodes("node").features().gather(new int[] {node}),
                        Map.of("link", links.neighbors(node)));
                assertThat(d.embedNewNode(copy))
                        .containsExactly(d.embeddings("node", new int[] {node})[0], within(1e-5f));
            }
        }
    }
}
