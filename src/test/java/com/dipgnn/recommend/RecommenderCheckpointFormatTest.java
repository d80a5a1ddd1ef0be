package com.dipgnn.recommend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.optim.TrainingListener;
import com.dipgnn.store.CheckpointFixtures;
import com.dipgnn.store.CheckpointRefusedException;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Recommender checkpoints kept as fixtures resume, also with more epochs at a constant rate: format 1,
 * written before the checkpoint format was versioned, and format 2, which a renamed or removed
 * component of an identity record no longer binds to. Both are the checkpoint of epoch 2 of
 * {@link RecommenderCheckpointFixtures}' 3-epoch run (validation Recall@5 0.275 after epoch 1, the
 * best, and 0.225 after epoch 2, read from the fixture's state.json).
 */
class RecommenderCheckpointFormatTest {

    @ParameterizedTest
    @ValueSource(strings = {"format1", "format2"})
    void aFixtureResumesWhereItWasWrittenWithMoreEpochs(String format, @TempDir Path tmp) throws Exception {
        Path dir = CheckpointFixtures.copy(format + "/recommend", tmp.resolve("run"));
        RecommenderResult result = RecommenderCheckpointFixtures.experiment(RecommenderCheckpointFixtures.config(4, 32))
                .run(3, TrainingListener.NONE, dir);

        assertThat(result.resumedFrom()).isEqualTo(2);
        assertThat(result.epochsRun()).isEqualTo(4);
        assertThat(result.curve()).extracting(EpochLog::epoch).containsExactly(1, 2, 3, 4);
        assertThat(result.curve().get(0).val()).containsEntry("recall@5", 0.275);
        assertThat(result.curve().get(1).val()).containsEntry("recall@5", 0.225);
    }

    @ParameterizedTest
    @ValueSource(strings = {"format1", "format2"})
    void aFixtureWithOtherSettingsIsRefused(String format, @TempDir Path tmp) throws Exception {
        Path dir = CheckpointFixtures.copy(format + "/recommend", tmp.resolve("run"));
        assertThatThrownBy(() -> RecommenderCheckpointFixtures.experiment(RecommenderCheckpointFixtures.config(3, 16))
                        .run(3, TrainingListener.NONE, dir))
                .isInstanceOf(CheckpointRefusedException.class)
                .hasMessageContaining(format.equals("format1") ? "batchSize=16" : "config.batchSize: 32 -> 16");
    }
}
