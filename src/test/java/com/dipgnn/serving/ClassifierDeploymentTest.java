package com.dipgnn.serving;

import static com.dipgnn.serving.ModelDeploymentTest.expect;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.model.Linear;
import com.dipgnn.store.ModelStore;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A node-classification model deployed: embeddings and class probabilities work, link requests are refused. */
class ClassifierDeploymentTest {

    @Test
    void classProbabilitiesAreTheHeadsSoftmaxAndLinkRequestsAreRefused(@TempDir Path dir) throws Exception {
        HeteroGraph graph = ServingFixtures.queryProduct();
        Path model = dir.resolve("node-model");
        ServingFixtures.train(graph, TaskKind.NODE_CLASSIFICATION, "product", model);
        try (ModelDeployment d =
                ModelDeployment.deploy(model, graph, DeploymentOptions.defaults(), DeploymentListener.NONE)) {
            assertThat(d.task()).isEqualTo(TaskKind.NODE_CLASSIFICATION);
            assertThat(d.classifiedType()).contains("product");
            assertThat(d.linkRelation()).isEmpty();
            assertThat(d.index()).isEmpty();
            int[] ids = {0, 9, 199};
            float[][] probabilities = d.classProbabilities("product", ids);
            try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
                Linear head = (Linear) ModelStore.load(model, manager, m -> new Linear(m.hidden(), 4, true))
                        .head();
                float[] expected = head.forward(manager.create(
                                ModelDeploymentTest.flatten(d.embeddings("product", ids)), new Shape(3, 16)))
                        .softmax(1)
                        .toFloatArray();
                assertThat(ModelDeploymentTest.flatten(probabilities)).containsExactly(expected, within(1e-5f));
            }
            NewNode copy = new NewNode(
                    "product",
                    graph.nodes("product").features().gather(new int[] {9}),
                    Map.of(
                            "rev_clicked",
                            graph.adjacency(graph.relation("rev_clicked")).neighbors(9)),
                    graph.nodes("product").text()[9]);
            assertThat(d.classProbabilities(copy)).containsExactly(probabilities[1], within(1e-5f));

            expect(
                    () -> d.recommend(null, 1, 5, false),
                    "relation",
                    InvalidInferenceRequestException.Reason.NOT_SUPPORTED_BY_MODEL,
                    "was fine-tuned for node classification and has no link-scoring head");
            expect(
                    () -> d.linkScores("clicked", new int[] {1}, new int[] {1}),
                    "relation",
                    InvalidInferenceRequestException.Reason.NOT_SUPPORTED_BY_MODEL,
                    "need a link-prediction model");
            expect(
                    () -> d.classProbabilities("query", new int[] {1}),
                    "type",
                    InvalidInferenceRequestException.Reason.NOT_SUPPORTED_BY_MODEL,
                    "the model classifies nodes of type 'product' only; got 'query'");
        }
    }
}
