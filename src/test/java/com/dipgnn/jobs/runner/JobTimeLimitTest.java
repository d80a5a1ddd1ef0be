package com.dipgnn.jobs.runner;

import static com.dipgnn.jobs.runner.JobFixtures.SPLIT_SEED;
import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.jobs.parameters.FinetuneParameters;
import com.dipgnn.jobs.parameters.PretrainParameters;
import com.dipgnn.pretraining.PretrainProvenance;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job's {@code timeLimitSeconds} reaches its plan, and a job past its limit ends its training with
 * the steps done and saves them as its model, counted in its provenance.
 */
class JobTimeLimitTest {

    private final JobRunner runner = new JobRunner(Duration.ZERO);
    private final ObjectMapper json = new ObjectMapper();

    @Test
    void theFieldBecomesThePlansLimit() {
        ObjectNode pretrain = json.valueToTree(JobFixtures.pretrain(10));
        pretrain.put("timeLimitSeconds", 90);
        JobPlan plan = json.convertValue(pretrain, PretrainParameters.class).plan(JobFixtures.GRAPH, null);
        assertThat(plan.timeLimit()).isEqualTo(Duration.ofSeconds(90));

        ObjectNode finetune = json.valueToTree(JobFixtures.finetune(null, 10, SPLIT_SEED, 0.01));
        finetune.put("timeLimitSeconds", 30);
        assertThat(json.convertValue(finetune, FinetuneParameters.class)
                        .plan(JobFixtures.GRAPH, null)
                        .timeLimit())
                .isEqualTo(Duration.ofSeconds(30));

        assertThat(JobFixtures.pretrain(10).plan(JobFixtures.GRAPH, null).timeLimit())
                .as("absent: no limit")
                .isNull();
    }

    @Test
    void aPretrainingPastItsLimitSavesTheStepsItRan(@TempDir Path tmp) throws Exception {
        // far more steps than one second allows
        JobWork planned = JobFixtures.work(JobFixtures.pretrain(1_000_000), tmp, "pretrain", null);
        PretrainPlan p = (PretrainPlan) planned.plan();
        JobWork work = new JobWork(
                new PretrainPlan(p.config(), p.model(), p.kept(), p.split(), p.inputs(), Duration.ofSeconds(1)),
                planned.graph(),
                planned.datasetName(),
                planned.checkpointDir(),
                planned.output(),
                null,
                planned.device(),
                null);
        JobFixtures.Recorder recorder = new JobFixtures.Recorder(-1);

        JobOutcome outcome = runner.run(work, recorder, recorder);

        long steps = PretrainProvenance.of(outcome.manifest()).orElseThrow().steps();
        assertThat(steps).isBetween(1L, 999_999L);
        assertThat(recorder.reports)
                .filteredOn(r -> r.phase().equals("pretraining"))
                .extracting(JobProgress::step)
                .last()
                .isEqualTo(steps);
        assertThat(work.output()).isDirectoryContaining("glob:**/manifest.json");
        assertThat(work.checkpointDir())
                .as("a finished job keeps no checkpoint")
                .doesNotExist();
    }
}
