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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The fine-tuning run whose checkpoints are kept as fixtures under
 * {@code src/test/resources/checkpoints}: a 4-step run checkpointed every step leaves the checkpoint
 * of step 3. {@code -Dcheckpoint.fixtures=DIR} writes one into {@code DIR/finetune}.
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

    @Test
    @EnabledIfSystemProperty(named = "checkpoint.fixtures", matches = ".+")
    void write() throws IOException {
        Path dir = Path.of(System.getProperty("checkpoint.fixtures")).resolve("finetune");
        experiment(4, 32).run(1, TrainingListener.NONE, null, null, dir, 1);
    }
}
