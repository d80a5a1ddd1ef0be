package com.dipgnn.jobs.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.optim.TrainingCancelledException;
import com.dipgnn.pretraining.PretrainProvenance;
import com.dipgnn.store.CheckpointFiles;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pre-training job checkpointed under one whole-graph memory bound and run again under another
 * (the worker's {@code dipgnn.jobs.whole-graph-memory} changed while it was stopped) cannot resume
 * its checkpoint: the runner says why, deletes it and trains the job from step 0 under the new
 * bound, as a job submitted now would be trained, instead of failing it.
 */
class RefusedPretrainCheckpointTest {

    private static final long ONE_GIB = 1L << 30;

    private final JobRunner runner = new JobRunner(Duration.ZERO);

    @Test
    void aCheckpointOfAnotherMemoryBoundIsDeletedAndTheJobTrainedFromStepZero(@TempDir Path tmp) throws Exception {
        JobWork before = checkpointedAtStep2(tmp);

        JobWork after = bounded(before, 2 * ONE_GIB);
        JobFixtures.Recorder again = new JobFixtures.Recorder(-1);
        JobOutcome outcome = runner.run(after, again, again);

        assertThat(again.refusals)
                .singleElement()
                .asString()
                .contains("other settings")
                .contains("checkpoint -> now: fullGraphMaxBytes: " + ONE_GIB + " -> " + 2 * ONE_GIB);
        assertThat(again.starts).containsExactly(0L);
        assertThat(outcome.resumedFromStep()).isZero();
        assertThat(PretrainProvenance.of(outcome.manifest()).orElseThrow().steps())
                .isEqualTo(8L);
        assertThat(after.output()).isDirectoryContaining("glob:**/manifest.json");
        assertThat(after.checkpointDir()).doesNotExist();

        JobOutcome straight = runner.run(
                bounded(JobFixtures.work(JobFixtures.pretrain(8), tmp, "straight", null), 2 * ONE_GIB),
                JobControl.NONE,
                JobProgressSink.NONE);
        assertThat(outcome.metrics())
                .as("the run of the new bound, untouched by the old checkpoint")
                .isEqualTo(straight.metrics());
    }

    @Test
    void aCheckpointOfTheSameBoundIsResumed(@TempDir Path tmp) throws Exception {
        JobWork work = checkpointedAtStep2(tmp);

        JobFixtures.Recorder again = new JobFixtures.Recorder(-1);
        JobOutcome outcome = runner.run(work, again, again);

        assertThat(again.refusals).isEmpty();
        assertThat(outcome.resumedFromStep()).isEqualTo(2);
    }

    /** An 8-step pre-training under a 1 GiB bound, cancelled after step 3: its checkpoint is step 2's. */
    private JobWork checkpointedAtStep2(Path tmp) throws Exception {
        JobWork work = bounded(JobFixtures.work(JobFixtures.pretrain(8), tmp, "job", null), ONE_GIB);
        JobFixtures.Recorder stopAfter3 = new JobFixtures.Recorder(3);
        assertThatThrownBy(() -> runner.run(work, stopAfter3, stopAfter3))
                .isInstanceOf(TrainingCancelledException.class);
        assertThat(CheckpointFiles.latest(work.checkpointDir()).getFileName()).hasToString("step-00000002");
        return work;
    }

    private static JobWork bounded(JobWork work, long maxBytes) {
        return new JobWork(
                work.plan().withWholeGraphMemory(maxBytes),
                work.graph(),
                work.datasetName(),
                work.checkpointDir(),
                work.output(),
                work.inputModelDir(),
                work.device(),
                work.textCache());
    }
}
