package com.dipgnn.pretraining;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import com.dipgnn.store.CheckpointFixtures;
import com.dipgnn.store.CheckpointRefusedException;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Pre-training checkpoints kept as fixtures resume: format 1, written before the checkpoint format
 * was versioned, and format 2, which a renamed or removed component of {@link PretrainConfig} (or a
 * record inside it) no longer binds to. Both are the checkpoint of step 2 of
 * {@link PretrainCheckpointFixtures}' 3-step run, logged at step 2 (loss 84.89381408691406, read
 * from the fixture's state.json).
 */
class PretrainCheckpointFormatTest {

    @ParameterizedTest
    @ValueSource(strings = {"format1", "format2"})
    void aFixtureResumesWhereItWasWritten(String format, @TempDir Path tmp) throws Exception {
        Path dir = CheckpointFixtures.copy(format + "/pretrain", tmp.resolve("run"));
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            PretrainResult result = new Pretrainer(PretrainCheckpointFixtures.config(3), PretrainListener.NONE)
                    .run(PretrainCheckpointFixtures.GRAPH, PretrainCheckpointFixtures.MODEL, manager, dir);
            assertThat(result.resumedFrom()).isEqualTo(2);
            assertThat(result.history()).extracting(PretrainLogEntry::step).containsExactly(2L, 3L);
            assertThat(result.history().get(0).metrics()).containsEntry("loss", 84.89381408691406);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"format1", "format2"})
    void aFixtureOfAnotherSeedOrOtherSettingsIsRefused(String format, @TempDir Path tmp) throws Exception {
        Path dir = CheckpointFixtures.copy(format + "/pretrain", tmp.resolve("run"));
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            assertThatThrownBy(() -> new Pretrainer(
                                    PretrainCheckpointFixtures.config(3).withSeed(4), PretrainListener.NONE)
                            .run(PretrainCheckpointFixtures.GRAPH, PretrainCheckpointFixtures.MODEL, manager, dir))
                    .isInstanceOf(CheckpointRefusedException.class)
                    .hasMessageContaining("'dipgnn' with seed 3, not 'dipgnn' with seed 4");
            assertThatThrownBy(() -> new Pretrainer(
                                    PretrainCheckpointFixtures.config(3).withLogEvery(3), PretrainListener.NONE)
                            .run(PretrainCheckpointFixtures.GRAPH, PretrainCheckpointFixtures.MODEL, manager, dir))
                    .isInstanceOf(CheckpointRefusedException.class)
                    .hasMessageContaining(format.equals("format1") ? "logEvery=2" : "logEvery: 2 -> 3");
        }
    }
}
