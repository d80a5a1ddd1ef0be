package com.dipgnn.finetuning;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ai.djl.Device;
import com.dipgnn.graph.synthetic.SyntheticGraphs;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.optim.OptimizerConfig;
import com.dipgnn.optim.TrainingListener;
import com.dipgnn.sampling.SamplingConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A checkpoint that cannot be written fails the run with what failed, where, and why. */
class FineTuneCheckpointFailureTest {

    @Test
    void theErrorNamesTheCheckpointDirectoryAndTheCause(@TempDir Path tmp) throws IOException {
        ExperimentSpec spec = new ExperimentSpec(
                TaskKind.NODE_CLASSIFICATION,
                null,
                null,
                SplitMode.TRANSFER,
                3,
                1.0,
                new ModelConfig(Backbone.HGT, 1, 8, 2, 0.0, 0.0),
                new FineTuneConfig(4, 32, 2, 0, OptimizerConfig.FINE_TUNING, 0),
                new SamplingConfig(2, 16),
                100_000,
                false,
                31,
                31,
                0.1);
        FineTuneExperiment experiment =
                new FineTuneExperiment(SyntheticGraphs.community(2), "community", spec, Device.cpu());
        Path notADirectory = Files.writeString(tmp.resolve("checkpoints"), "a file where the directory should be");
        assertThatThrownBy(() -> experiment.run(1, TrainingListener.NONE, null, null, notADirectory, 1))
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith("cannot ")
                .hasMessageContaining(" checkpoint ")
                .hasMessageContaining(notADirectory + ": ");
    }
}
