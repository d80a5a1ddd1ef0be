package com.dipgnn.finetuning;

import ai.djl.Device;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.synthetic.SyntheticGraphs;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.optim.OptimizerConfig;
import com.dipgnn.optim.TrainingListener;
import com.dipgnn.sampling.SamplingConfig;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The fine-tuning run whose checkpoints are kept as fixtures under
 * {@code src/test/resources/checkpoints}: a 4-step run checkpointed every step leaves the checkpoint
 * of step 3. {@link #main} writes one.
 */
class FineTuneCheckpointFixtures {

    static final HeteroGraph GRAPH = SyntheticGraphs.community(2);

    static FineTuneExperiment experiment(int steps, int batchSize) {
        ExperimentSpec spec = new ExperimentSpec(
                TaskKind.NODE_CLASSIFICATION,
                null,
                null,
                SplitMode.TRANSFER,
                3,
                1.0,
                new ModelConfig(Backbone.HGT, 1, 8, 2, 0.0, 0.0),
                new FineTuneConfig(steps, batchSize, 2, 0, OptimizerConfig.FINE_TUNING, 0),
                new SamplingConfig(2, 16),
                100_000,
                false,
                31,
                31,
                0.1);
        return new FineTuneExperiment(GRAPH, "community", spec, Device.cpu());
    }

    /**
     * Writes the run's checkpoints into {@code args[0]/finetune} with today's format (a program, not a
     * test: src/test/resources/checkpoints/README.md says how its files become fixtures).
     */
    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]).resolve("finetune");
        experiment(4, 32).run(1, TrainingListener.NONE, null, null, dir, 1);
    }
}
