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
import com.dipgnn.optim.ModelInitialization;
import com.dipgnn.optim.OptimizerConfig;
import com.dipgnn.optim.TrainingListener;
import com.dipgnn.sampling.FullGraphSampler;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Multi-label node classification trains with sigmoid cross-entropy and is scored per class. */
class MultiLabelTaskTest {

    @Test
    void learnsTwoIndependentLabelsFromFeatures() {
        int n = 200;
        Random rng = new Random(9);
        float[] features = new float[n * 2];
        int[][] labels = new int[n][];
        for (int i = 0; i < n; i++) {
            boolean a = rng.nextBoolean();
            boolean b = rng.nextBoolean();
            features[2 * i] = (a ? 1f : -1f) + (float) rng.nextGaussian() * 0.2f;
            features[2 * i + 1] = (b ? 1f : -1f) + (float) rng.nextGaussian() * 0.2f;
            labels[i] = a && b ? new int[] {0, 1} : a ? new int[] {0} : b ? new int[] {1} : new int[0];
        }
        int[] src = new int[n];
        int[] dst = new int[n];
        for (int i = 0; i < n; i++) {
            src[i] = i;
            dst[i] = (i + 1) % n;
        }
        HeteroGraph graph = new GraphBuilder("multi")
                .addNodes(NodeTable.ofCount("node", n)
                        .withFeatures(new DenseFeatures(n, 2, features))
                        .withLabels(NodeLabels.multi(2, labels)))
                .addEdges(new RelationType("node", "link", "node"), src, dst, null, false)
                .build();
        int[] ids = new int[n];
        Arrays.setAll(ids, i -> i);
        NodeClassificationTask task = new NodeClassificationTask(
                graph,
                "node",
                Arrays.copyOfRange(ids, 0, 100),
                Arrays.copyOfRange(ids, 100, 150),
                Arrays.copyOfRange(ids, 150, 200),
                new FullGraphSampler(),
                100);
        ModelConfig model = new ModelConfig(Backbone.HGT, 1, 8, 2, 0, 0);
        FineTuneConfig config =
                new FineTuneConfig(60, 100, 20, 0, OptimizerConfig.FINE_TUNING.withLearningRate(1e-2), 1);
        try (NDManager manager = NDManager.newBaseManager()) {
            GraphEncoder encoder = new GraphEncoder(GraphSchema.of(graph), model);
            GraphModule head = task.createHead(8);
            ModelInitialization.initialize(1, manager, encoder, head);
            FineTuneResult result = new FineTuner(config, TrainingListener.NONE).run(task, encoder, head, manager);
            assertThat(task.describe().multiLabel()).isTrue();
            assertThat(result.metric(EvalSplit.TEST, "micro_f1")).isGreaterThan(0.85);
            assertThat(result.metric(EvalSplit.TEST, "macro_f1")).isGreaterThan(0.85);
        }
    }
}
