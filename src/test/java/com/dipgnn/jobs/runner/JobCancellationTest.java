package com.dipgnn.jobs.runner;

import static com.dipgnn.jobs.runner.JobFixtures.SPLIT_SEED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.optim.TrainingCancelledException;
import com.dipgnn.pretraining.PretrainProvenance;
import com.dipgnn.store.CheckpointFiles;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A job whose control flips after step 3 stops within a step, keeps its checkpoint and writes no model. */
class JobCancellationTest {

    private final JobRunner runner = new JobRunner(Duration.ZERO);

    @Test
    void aCancelledPretrainingStopsWithinAStepAndKeepsItsCheckpoint(@TempDir Path tmp) throws Exception {
        JobWork work = JobFixtures.work(JobFixtures.pretrain(20), tmp, "pretrain", null);
        JobFixtures.Recorder control = new JobFixtures.Recorder(3);

        assertThatThrownBy(() -> runner.run(work, control, control))
                .isInstanceOfSatisfying(
                        TrainingCancelledException.class,
                        e -> assertThat(e.step()).isBetween(3L, 4L));
        assertThat(CheckpointFiles.exists(work.checkpointDir())).isTrue();
        assertThat(CheckpointFiles.latest(work.checkpointDir()).getFileName()).hasToString("step-00000002");
        assertThat(work.output()).doesNotExist();
        assertThat(control.reports).extracting(JobProgress::step).last().isEqualTo(3L);

        assertThat(control.starts)
                .as("a fresh run says so before its first step")
                .containsExactly(0L);

        // resumed and cancelled again: the step it resumed from was reported before it stopped
        JobFixtures.Recorder again = new JobFixtures.Recorder(5);
        assertThatThrownBy(() -> runner.run(work, again, again)).isInstanceOf(TrainingCancelledException.class);
        assertThat(again.starts).containsExactly(2L);

        JobOutcome resumed = runner.run(work, JobControl.NONE, JobProgressSink.NONE);
        assertThat(resumed.resumedFromStep())
                .as("run again, the job resumes from its checkpoint")
                .isEqualTo(4);
        assertThat(PretrainProvenance.of(resumed.manifest()).orElseThrow().steps())
                .isEqualTo(20L);
        assertThat(work.output()).isDirectoryContaining("glob:**/manifest.json");
    }

    @Test
    void aCancelledFineTuningStopsWithinAStepAndWritesNoModel(@TempDir Path tmp) throws Exception {
        JobWork work = JobFixtures.work(JobFixtures.finetune(null, 40, SPLIT_SEED, 0.01), tmp, "finetune", null);
        JobFixtures.Recorder control = new JobFixtures.Recorder(3);

        assertThatThrownBy(() -> runner.run(work, control, control))
                .isInstanceOfSatisfying(
                        TrainingCancelledException.class,
                        e -> assertThat(e.step()).isBetween(3L, 4L));
        assertThat(work.output()).doesNotExist();
        assertThat(work.output().getParent()).isDirectoryNotContaining("glob:**/.finetune-model*");
    }
}
