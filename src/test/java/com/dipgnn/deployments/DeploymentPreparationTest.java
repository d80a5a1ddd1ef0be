package com.dipgnn.deployments;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a request to a deployment being prepared is told: the job, where it is, and when to come back. */
class DeploymentPreparationTest {

    @Test
    void aJobUnderWayIsNamedWithItsStepItsEtaAndWhereToFollowIt() {
        DeploymentPreparation p =
                new DeploymentPreparation("the quick start", "j-1", "pretraining", 22, 100, 199.4, "deploying");

        assertThat(p.describe("recs"))
                .isEqualTo("deployment 'recs' is being prepared by the quick start: job j-1 is pretraining at step 22 "
                        + "of 100, about 199 s to go; then deploying. Follow it with GET /api/v1/jobs/j-1/events or "
                        + "retry in 60 s");
        assertThat(p.retryAfterSeconds()).isEqualTo(60); // 199.4 s, capped at a minute
        assertThat(p.details())
                .containsExactly(
                        Map.entry("jobId", "j-1"),
                        Map.entry("phase", "pretraining"),
                        Map.entry("step", 22L),
                        Map.entry("totalSteps", 100L),
                        Map.entry("etaSeconds", 199L),
                        Map.entry("events", "/api/v1/jobs/j-1/events"));
    }

    @Test
    void beforeItsFirstJobItSaysItIsStarting() {
        DeploymentPreparation p = DeploymentPreparation.starting("the quick start");

        assertThat(p.describe("recs"))
                .isEqualTo("deployment 'recs' is being prepared by the quick start, which is starting; retry in 15 s");
        assertThat(p.details()).containsExactly(Map.entry("phase", "starting"));
        assertThat(new DeploymentPreparation("q", "j", "pretraining", 1, 9, 2.2, null).retryAfterSeconds())
                .isEqualTo(5); // 2.2 s: raised to the 5 s floor
    }
}
