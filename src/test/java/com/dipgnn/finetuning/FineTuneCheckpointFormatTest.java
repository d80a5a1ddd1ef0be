package com.dipgnn.finetuning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.optim.TrainingListener;
import com.dipgnn.store.CheckpointFixtures;
import com.dipgnn.store.CheckpointRefusedException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Fine-tuning checkpoints kept as fixtures resume: format 1, written before the checkpoint format was
 * versioned, and format 2, which a renamed or removed component of an identity record (the training
 * config, the settings, the experiment and the records inside it) no longer binds to. Both are the
 * checkpoint of step 3 of {@link FineTuneCheckpointFixtures}' 4-step run, validated at step 2 only
 * (micro-F1 0.17, read from the fixture's state.json).
 */
class FineTuneCheckpointFormatTest {

    @ParameterizedTest
    @ValueSource(strings = {"format1", "format2"})
    void aFixtureResumesWhereItWasWritten(String format, @TempDir Path tmp) throws Exception {
        Path dir = CheckpointFixtures.copy(format + "/finetune", tmp.resolve("run"));
        FineTuneResult ended =
                FineTuneCheckpointFixtures.experiment(3, 32).run(1, TrainingListener.NONE, null, null, dir, 1);

        assertThat(ended.resumedFrom()).isEqualTo(3);
        assertThat(ended.stepsRun()).isEqualTo(3);
        assertThat(ended.bestStep()).isEqualTo(2);
        assertThat(ended.history()).singleElement().satisfies(e -> {
            assertThat(e.step()).isEqualTo(2);
            assertThat(e.validation()).containsEntry("micro_f1", 0.17);
        });
    }

    @Test
    void aFormat2FixtureWithOtherSettingsIsRefusedNamingEachDifference(@TempDir Path tmp) throws Exception {
        Path dir = CheckpointFixtures.copy("format2/finetune", tmp.resolve("run"));
        assertThatThrownBy(() ->
                        FineTuneCheckpointFixtures.experiment(6, 16).run(1, TrainingListener.NONE, null, null, dir, 1))
                .isInstanceOf(CheckpointRefusedException.class)
                .hasMessageContaining("checkpoint -> now: training.batchSize: 32 -> 16; "
                        + "settings.spec.training.batchSize: 32 -> 16)")
                .hasMessageNotContaining("training.steps");
    }

    @Test
    void aFormat1FixtureWithOtherSettingsIsRefusedWithBothSettings(@TempDir Path tmp) throws Exception {
        Path dir = CheckpointFixtures.copy("format1/finetune", tmp.resolve("run"));
        assertThatThrownBy(() ->
                        FineTuneCheckpointFixtures.experiment(6, 16).run(1, TrainingListener.NONE, null, null, dir, 1))
                .isInstanceOf(CheckpointRefusedException.class)
                .hasMessageContaining("checkpoint format 1")
                .hasMessageContaining("checkpoint: FineTuneConfig[batchSize=32, ")
                .hasMessageContaining("now: FineTuneConfig[batchSize=16, ");
    }
}
