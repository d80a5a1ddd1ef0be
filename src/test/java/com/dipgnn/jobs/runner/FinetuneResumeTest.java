package com.dipgnn.jobs.runner;

import static com.dipgnn.jobs.runner.JobFixtures.SPLIT_SEED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.finetuning.FineTuneProvenance;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.jobs.parameters.FinetuneParameters;
import com.dipgnn.optim.TrainingCancelledException;
import com.dipgnn.store.CheckpointFiles;
import com.dipgnn.store.ModelStore;
import com.dipgnn.store.NodeEmbeddingFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fine-tuning job stopped after a checkpoint and run again with the same checkpoint directory
 * ends with exactly the parameters, metrics and curves of an uninterrupted run (dropout active),
 * per-node embeddings included (their rows, trained flags, moments and best rows are checkpointed).
 */
class FinetuneResumeTest {

    private static final int STEPS = 12;

    private final JobRunner runner = new JobRunner(Duration.ZERO);

    @Test
    void aResumedJobEndsExactlyLikeAnUninterruptedOne(@TempDir Path tmp) throws Exception {
        resumesExactly(JobFixtures.GRAPH, tmp, ModelStore.ENCODER, ModelStore.HEAD);
    }

    @Test
    void aResumedJobWithPerNodeEmbeddingsEndsExactlyLikeAnUninterruptedOne(@TempDir Path tmp) throws Exception {
        resumesExactly(JobFixtures.ID_ONLY, tmp, ModelStore.ENCODER, ModelStore.HEAD, NodeEmbeddingFiles.FILE);
    }

    private void resumesExactly(HeteroGraph graph, Path tmp, String... files) throws Exception {
        FinetuneParameters parameters = JobFixtures.finetune(null, STEPS, SPLIT_SEED, 0.01);
        JobWork straight = JobFixtures.work(graph, parameters, tmp, "straight", null);
        JobOutcome expected = runner.run(straight, JobControl.NONE, JobProgressSink.NONE);

        JobWork interrupted = JobFixtures.work(graph, parameters, tmp, "interrupted", null);
        JobFixtures.Recorder stopAfter6 = new JobFixtures.Recorder(6);
        assertThatThrownBy(() -> runner.run(interrupted, stopAfter6, stopAfter6))
                .isInstanceOf(TrainingCancelledException.class);
        assertThat(CheckpointFiles.latest(interrupted.checkpointDir()).getFileName())
                .hasToString("step-00000004");

        JobFixtures.Recorder resumedProgress = new JobFixtures.Recorder(-1);
        JobOutcome resumed = runner.run(interrupted, JobControl.NONE, resumedProgress);

        assertThat(resumed.resumedFromStep()).isEqualTo(4);
        assertThat(expected.resumedFromStep()).isZero();
        assertThat(resumed.metrics()).isEqualTo(expected.metrics());
        assertThat(resumed.curves()).isEqualTo(expected.curves());
        FineTuneProvenance resumedRun =
                FineTuneProvenance.of(resumed.manifest()).orElseThrow();
        FineTuneProvenance expectedRun =
                FineTuneProvenance.of(expected.manifest()).orElseThrow();
        assertThat(resumedRun.bestStep()).isEqualTo(expectedRun.bestStep());
        assertThat(resumedRun.spec()).isEqualTo(expectedRun.spec());
        if (Arrays.asList(files).contains(NodeEmbeddingFiles.FILE)) {
            // 90 nodes in the fine-tuning part (30% of 300); sampled subgraphs reach most of them
            assertThat(expectedRun.nodeEmbeddingTrainedRows().get("node"))
                    .as("rows trained in the run")
                    .isBetween(30, 90);
        }
        for (String file : files) {
            assertThat(Files.mismatch(
                            straight.output().resolve(file),
                            interrupted.output().resolve(file)))
                    .as(file + " is byte-identical")
                    .isEqualTo(-1L);
        }
        assertThat(resumedProgress.phase("fine-tuning"))
                .extracting(JobProgress::step)
                .filteredOn(s -> s > 0)
                .first()
                .isEqualTo(5L);
        assertThat(interrupted.checkpointDir()).doesNotExist();
    }

    @Test
    void aCheckpointOfOtherSettingsIsDeletedAndTheJobTrainedAgainFromTheStart(@TempDir Path tmp) throws Exception {
        JobWork first = JobFixtures.work(JobFixtures.finetune(null, STEPS, SPLIT_SEED, 0.01), tmp, "job", null);
        JobFixtures.Recorder stopAfter5 = new JobFixtures.Recorder(5);
        assertThatThrownBy(() -> runner.run(first, stopAfter5, stopAfter5))
                .isInstanceOf(TrainingCancelledException.class);
        assertThat(CheckpointFiles.exists(first.checkpointDir())).isTrue();

        JobWork other = JobFixtures.work(JobFixtures.finetune(null, STEPS, SPLIT_SEED, 0.02), tmp, "job", null);
        JobFixtures.Recorder again = new JobFixtures.Recorder(-1);
        JobOutcome outcome = runner.run(other, again, again);

        assertThat(again.refusals)
                .singleElement()
                .asString()
                .contains("other settings")
                .contains(other.checkpointDir().toString())
                .contains("learningRate: 0.01 -> 0.02");
        assertThat(again.starts)
                .as("the refused attempt never started training")
                .containsExactly(0L);
        assertThat(outcome.resumedFromStep()).isZero();
        JobOutcome straight = runner.run(
                JobFixtures.work(JobFixtures.finetune(null, STEPS, SPLIT_SEED, 0.02), tmp, "straight", null),
                JobControl.NONE,
                JobProgressSink.NONE);
        assertThat(outcome.metrics())
                .as("the run of the new settings, untouched by the old checkpoint")
                .isEqualTo(straight.metrics());
        assertThat(outcome.curves()).isEqualTo(straight.curves());
        assertThat(other.checkpointDir()).doesNotExist();
    }
}
