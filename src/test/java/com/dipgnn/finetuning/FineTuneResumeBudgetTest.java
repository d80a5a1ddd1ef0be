package com.dipgnn.finetuning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ai.djl.Device;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.optim.TrainingListener;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A checkpointed fine-tuning run resumes with another step budget: more steps go on from the
 * checkpoint to the same result as a run that was never stopped; as many steps as it has made end
 * it there and evaluate its best checkpoint, whose validation the progress shows from the start.
 * Any other setting is still refused.
 */
class FineTuneResumeBudgetTest {

    private static final HeteroGraph GRAPH = FineTuneCheckpointFixtures.GRAPH;

    private static FineTuneExperiment experiment(int steps, int batchSize) {
        return FineTuneCheckpointFixtures.experiment(steps, batchSize);
    }

    @Test
    void moreStepsGoOnFromTheCheckpointAsIfNeverStopped(@TempDir Path tmp) throws IOException {
        FineTuneResult whole = experiment(6, 32).run(1, TrainingListener.NONE, null, null, tmp.resolve("whole"), 1);
        Path dir = tmp.resolve("stopped");
        FineTuneResult first = experiment(4, 32).run(1, TrainingListener.NONE, null, null, dir, 1);
        FineTuneResult extended = experiment(6, 32).run(1, TrainingListener.NONE, null, null, dir, 1);

        assertThat(first.stepsRun()).isEqualTo(4);
        assertThat(extended.resumedFrom()).isEqualTo(3); // the last checkpoint: none is written at a run's end
        assertThat(extended.stepsRun()).isEqualTo(6);
        assertThat(extended.metrics()).isEqualTo(whole.metrics());
        assertThat(extended.bestStep()).isEqualTo(whole.bestStep());
    }

    @Test
    void asManyStepsAsMadeEndTheRunAtItsCheckpoint(@TempDir Path tmp) throws IOException {
        Path dir = tmp.resolve("run");
        experiment(4, 32).run(1, TrainingListener.NONE, null, null, dir, 1);
        FineTuneResult ended = experiment(3, 32).run(1, TrainingListener.NONE, null, null, dir, 1);

        assertThat(ended.resumedFrom()).isEqualTo(3);
        assertThat(ended.stepsRun()).isEqualTo(3);
        // the progress of the resumed run shows the best validation it restored (step 2's) from the start
        List<Map<String, Double>> announced = new ArrayList<>();
        experiment(3, 32)
                .run(
                        1,
                        new TrainingListener() {
                            @Override
                            public void onValidation(long step, Map<String, Double> metrics, boolean improved) {
                                announced.add(metrics);
                            }
                        },
                        null,
                        null,
                        dir,
                        1);
        assertThat(announced).hasSize(1);
        assertThat(announced.get(0))
                .isEqualTo(ended.history().stream()
                        .filter(e -> e.step() == 2)
                        .findFirst()
                        .orElseThrow()
                        .validation());
        assertThat(ended.bestStep()).isEqualTo(2); // validated every 2 steps: at step 2 only
        assertThat(ended.metrics()).containsKeys("train", "val", "test");
    }

    /**
     * Checkpoints written before the whole-graph memory bound was recorded hold settings without it
     * (the bound was then always 8 GiB): they resume with the default bound, not with another. Such a
     * checkpoint is of format 1: the fixture written by that format's code, the bound taken out of its
     * settings as the version before the bound wrote them.
     */
    @Test
    void aCheckpointWrittenBeforeTheMemoryBoundWasRecordedResumesWithTheDefault(@TempDir Path tmp) throws IOException {
        FineTuneResult whole = experiment(6, 32).run(1, TrainingListener.NONE, null, null, tmp.resolve("whole"), 1);
        Path dir = olderCheckpoint(tmp.resolve("old"));
        FineTuneResult resumed = experiment(6, 32).run(1, TrainingListener.NONE, null, null, dir, 1);
        assertThat(resumed.resumedFrom()).isEqualTo(3);
        assertThat(resumed.metrics()).isEqualTo(whole.metrics());

        Path other = olderCheckpoint(tmp.resolve("other"));
        ExperimentSpec bounded = experiment(6, 32).spec().withWholeGraphBounds(100_000, 1L << 30);
        assertThatThrownBy(() -> new FineTuneExperiment(GRAPH, "community", bounded, Device.cpu())
                        .run(1, TrainingListener.NONE, null, null, other, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("written with other settings")
                .hasMessageContaining("fullGraphMaxBytes");
    }

    /** A 4-step run's checkpoints in {@code dir}, the latest's settings as the version before the bound wrote them. */
    private static Path olderCheckpoint(Path dir) throws IOException {
        com.dipgnn.store.CheckpointFixtures.copy("format1/finetune", dir);
        Path state = com.dipgnn.store.CheckpointFiles.latest(dir).resolve("state.json");
        String written = Files.readString(state);
        String older = written.replace("fullGraphMaxBytes=8589934592, ", "");
        assertThat(older).isNotEqualTo(written).contains("fullGraphMaxNodes=100000, normalizeFeatures=false");
        Files.writeString(state, older);
        return dir;
    }

    @Test
    void otherSettingsThanTheBudgetAreStillRefused(@TempDir Path tmp) throws IOException {
        Path dir = tmp.resolve("run");
        experiment(4, 32).run(1, TrainingListener.NONE, null, null, dir, 1);
        assertThatThrownBy(() -> experiment(6, 16).run(1, TrainingListener.NONE, null, null, dir, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("written with other settings")
                .hasMessageContaining("the number of steps may differ")
                .hasMessageContaining("batchSize: 32 -> 16")
                .hasMessageNotContaining("steps: 4 -> 6");
    }
}
