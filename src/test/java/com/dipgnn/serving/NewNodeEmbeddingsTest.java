package com.dipgnn.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import com.dipgnn.finetuning.ExperimentSpec;
import com.dipgnn.finetuning.FineTuneConfig;
import com.dipgnn.finetuning.FineTuneExperiment;
import com.dipgnn.finetuning.SplitMode;
import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.model.CosineScorer;
import com.dipgnn.model.NodeEmbeddingTable;
import com.dipgnn.model.NodeIdSpace;
import com.dipgnn.optim.OptimizerConfig;
import com.dipgnn.optim.TrainingListener;
import com.dipgnn.sampling.FullGraphSampler;
import com.dipgnn.store.ModelStore;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Serving a model with per-node embeddings, fine-tuned on the fine-tuning part of the node-transfer
 * split of an id-only graph and deployed on the whole graph (whole-graph sampler): a node outside
 * the fine-tuning part was never trained and reads the unknown vector, exactly as a new node sent
 * with the same edges does (same degrees, same neighbourhood, so the same embedding); a trained
 * node reads its own row, so a new copy of it differs.
 */
class NewNodeEmbeddingsTest {

    @TempDir
    static Path dir;

    static HeteroGraph graph;
    static ModelDeployment deployment;
    static NodeEmbeddingTable queries;
    static NDManager manager;

    @BeforeAll
    static void deploy() throws Exception {
        HeteroGraph withFeatures = ServingFixtures.queryProduct();
        graph = withFeatures
                .withNodes(NodeTable.ofCount("query", withFeatures.numNodes("query")))
                .withNodes(NodeTable.ofCount("product", withFeatures.numNodes("product")));
        Path model = dir.resolve("model");
        ExperimentSpec spec = new ExperimentSpec(
                TaskKind.LINK_PREDICTION,
                null,
                null,
                SplitMode.TRANSFER,
                3,
                1.0,
                ServingFixtures.TINY,
                new FineTuneConfig(6, 32, 6, 0, OptimizerConfig.FINE_TUNING.withLearningRate(5e-3), 0),
                ServingFixtures.SAMPLING,
                0,
                false,
                31,
                31,
                0.1);
        new FineTuneExperiment(graph, "id-only", spec, Device.cpu()).run(1, TrainingListener.NONE, model);
        deployment = ModelDeployment.deploy(
                model,
                graph,
                DeploymentOptions.defaults()
                        .withChunkSize(64)
                        .withLimits(100, 100)
                        .withSampler(new FullGraphSampler()),
                DeploymentListener.NONE);
        manager = NDManager.newBaseManager();
        queries = ModelStore.load(model, manager, m -> new CosineScorer(m.hidden()))
                .encoder()
                .nodeTables()
                .get("query");
    }

    @AfterAll
    static void close() {
        deployment.close();
        manager.close();
    }

    @Test
    void theTableIsSavedForTheWholeGraphWithOnlyTheFineTuningNodesTrained() {
        assertThat(queries.idSpace()).isEqualTo(NodeIdSpace.of(graph.nodes("query")));
        assertThat(queries.trainedCount()).isPositive().isLessThanOrEqualTo(graph.numNodes("query") * 3 / 10 + 1);
    }

    @Test
    void aNewNodeIsEncodedLikeANeverTrainedNodeWithTheSameEdges() {
        int checked = 0;
        for (int query = 0; query < graph.numNodes("query") && checked < 3; query++) {
            int[] clicked = graph.adjacency(graph.relation("clicked")).neighbors(query);
            if (queries.isTrained(query) || clicked.length == 0) {
                continue;
            }
            NewNode copy = new NewNode("query", null, Map.of("clicked", clicked));
            assertThat(deployment.embedNewNode(copy))
                    .as("query %d", query)
                    .containsExactly(deployment.embeddings("query", new int[] {query})[0], within(1e-5f));
            checked++;
        }
        assertThat(checked).isEqualTo(3);
    }

    @Test
    void aTrainedNodeReadsItsOwnRowSoANewCopyOfItDiffers() {
        int query = 0;
        while (!queries.isTrained(query)
                || graph.adjacency(graph.relation("clicked")).neighbors(query).length == 0) {
            query++;
        }
        NewNode copy = new NewNode(
                "query",
                null,
                Map.of("clicked", graph.adjacency(graph.relation("clicked")).neighbors(query)));
        float[] deployed = deployment.embeddings("query", new int[] {query})[0];
        float[] fresh = deployment.embedNewNode(copy);
        double distance = 0;
        for (int i = 0; i < fresh.length; i++) {
            distance = Math.max(distance, Math.abs(fresh[i] - deployed[i]));
        }
        assertThat(distance).isGreaterThan(1e-3);
        assertThat(deployment.embedNewNode(new NewNode("query", null, Map.of())))
                .doesNotContain(Float.NaN);
    }
}
