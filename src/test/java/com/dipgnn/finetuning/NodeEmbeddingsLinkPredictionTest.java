package com.dipgnn.finetuning;

import static org.assertj.core.api.Assertions.assertThat;

import ai.djl.Device;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.model.NodeInputConfig;
import com.dipgnn.model.TypeSelection;
import com.dipgnn.optim.TrainingListener;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * On an interaction graph with ids only, per-node embeddings let attention tell nodes apart: a
 * short link-prediction fine-tune finds the planted communities, which one shared vector per type
 * (plus degrees, which carry no community signal here) cannot.
 *
 * <p>Measured (150 steps, graph seeds 1, 2, 3): test MRR 0.131, 0.114, 0.119 with per-node
 * embeddings, 0.021, 0.020, 0.019 with the shared vector; chance with 255 negatives is
 * H(256) / 256 = 0.024, and ranking every item of the anchor's community first and the rest at
 * random gives about 0.11.
 */
class NodeEmbeddingsLinkPredictionTest {

    @Test
    void perNodeEmbeddingsFindPlantedCommunitiesTheSharedVectorCannot() throws IOException {
        HeteroGraph graph = PlantedCommunities.graph(1);
        double perNode = testMrr(graph, NodeInputConfig.DEFAULT);
        double shared = testMrr(graph, NodeInputConfig.DEFAULT.withEmbeddings(TypeSelection.NONE));
        double chance = harmonic(256) / 256;
        assertThat(perNode)
                .as("test MRR with per-node embeddings")
                .isGreaterThan(3 * chance)
                .isGreaterThan(3 * shared);
        assertThat(shared).as("test MRR with one shared vector per type").isLessThan(2 * chance);
    }

    private static double testMrr(HeteroGraph graph, NodeInputConfig inputs) throws IOException {
        FineTuneExperiment experiment =
                new FineTuneExperiment(graph, "planted", PlantedCommunities.spec(inputs, 150, 0.005), Device.cpu());
        return experiment.run(0, TrainingListener.NONE, null).metric(EvalSplit.TEST, "mrr");
    }

    private static double harmonic(int n) {
        double h = 0;
        for (int i = 1; i <= n; i++) {
            h += 1.0 / i;
        }
        return h;
    }
}
