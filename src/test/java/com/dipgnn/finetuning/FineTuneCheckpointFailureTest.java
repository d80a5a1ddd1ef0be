package com.dipgnn.finetuning;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.optim.TrainingListener;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A checkpoint that cannot be written fails the run with what failed, where, and why. */
class FineTuneCheckpointFailureTest {

    @Test
    void theErrorNamesTheCheckpointDirectoryAndTheCause(@TempDir Path tmp) throws IOException {
        FineTuneExperiment experiment = FineTuneCheckpointFixtures.experiment(4, 32);
        Path notADirectory = Files.writeString(tmp.resolve("checkpoints"), "a file where the directory should be");
        assertThatThrownBy(() -> experiment.run(1, TrainingListener.NONE, null, null, notADirectory, 1))
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith("cannot ")
                .hasMessageContaining(" checkpoint ")
                .hasMessageContaining(notADirectory + ": ");
    }
}
