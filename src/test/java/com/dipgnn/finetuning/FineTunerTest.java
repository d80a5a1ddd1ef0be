package com.dipgnn.finetuning;

import static org.assertj.core.api.Assertions.assertThat;

import ai.djl.ndarray.NDManager;
import com.dipgnn.graph.DenseFeatures;
import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeLabels;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.GraphModule;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.model.PropagationConfig;
import com.dipgnn.optim.ModelInitialization;
import com.dipgnn.optim.OptimizerConfig;
import com.dipgnn.optim.TrainingListener;
import com.dipgnn.sampling.FullGraphSampler;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class FineTunerTest {

    /** Four planted communities, features carry no class signal: only the edges tell the class. */
    static HeteroGraph communities(int n, long seed) {
        Random rng = new Random(seed);
        int[] labels = new int[n];
        float[] features = new float[n * 4];
        for (int i = 0; i < n; i++) {
            labels[i] = i % 4;
            for (int j = 0; j < 4; j++) {
                features[i * 4 + j] = (float) rng.nextGaussian();
            }
        }
        int m = n * 4;
        int[] src = new int[m];
        int[] dst = new int[m];
        for (int e = 0; e < m; e++) {
            int a = rng.nextInt(n);
            int b = rng.nextDouble() < 0.9 ? (rng.nextInt(n / 4) * 4 + labels[a]) : rng.nextInt(n);
            src[e] = a;
            dst[e] = b == a ? (a + 4) % n : b;
        }
        return new GraphBuilder("communities")
                .addNodes(NodeTable.ofCount("node", n)
                        .withFeatures(new DenseFeatures(n, 4, features))
                        .withLabels(NodeLabels.single(4, labels)))
                .addEdges(new RelationType("node", "link", "node"), src, dst, null, false)
                .build();
    }

    @ParameterizedTest
    @EnumSource(Backbone.class)
    void learnsClassesThatOnlyTheGraphStructureReveals(Backbone backbone) {
        HeteroGraph graph = communities(240, 1);
        int[] ids = new int[240];
        Arrays.setAll(ids, i -> i);
        NodeClassificationTask task = new NodeClassificationTask(
                graph,
                "node",
                Arrays.copyOfRange(ids, 0, 80),
                Arrays.copyOfRange(ids, 80, 160),
                Arrays.copyOfRange(ids, 160, 240),
                new FullGraphSampler(),
                80);
        // the propagation backbone with its per-layer weights (GCN-like): without them the encoder is
        // linear in the features, which carry no class signal here
        ModelConfig model = new ModelConfig(backbone, 2, 16, 2, 0.1, 0.0)
                .withPropagation(new PropagationConfig(true, PropagationConfig.LayerCombination.MEAN));
        FineTuneConfig config =
                new FineTuneConfig(60, 80, 10, 0, OptimizerConfig.FINE_TUNING.withLearningRate(1e-2), 3);
        try (NDManager manager = NDManager.newBaseManager()) {
            GraphEncoder encoder = new GraphEncoder(GraphSchema.of(graph), model);
            GraphModule head = task.createHead(model.hidden());
            ModelInitialization.initialize(config.seed(), manager, encoder, head);
            int arraysBefore = manager.getManagedArrays().size();
            FineTuneResult result = new FineTuner(config, TrainingListener.NONE).run(task, encoder, head, manager);
            assertThat(result.metric(EvalSplit.TEST, "micro_f1")).isGreaterThan(0.6); // chance is 0.25
            assertThat(result.stepsRun()).isEqualTo(60);
            assertThat(manager.getManagedArrays().size())
                    .as("arrays left in the model's manager after training (per-step arrays must be freed)")
                    .isLessThanOrEqualTo(arraysBefore
                            + 2 * (int) encoder.parameters().size()
                            + 2 * head.parameters().size()
                            + 2);
        }
    }
}
