package com.dipgnn.quickstart;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.timeout;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.dipgnn.config.ServiceProperties;
import com.dipgnn.deployments.DeploymentService;
import com.dipgnn.jobs.JobService;
import com.dipgnn.jobs.JobState;
import com.dipgnn.jobs.JobView;
import com.dipgnn.testing.TestProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A restart takes up the quick start's own job, even when its settings changed since it was
 * submitted (a shorter time limit after a slow first start): submitting again under the same
 * idempotency key with other parameters would be a conflict, and the quick start would give up.
 */
class QuickstartRunnerTest {

    @Test
    void aRestartTakesUpItsOwnPretrainingJobWithoutSubmittingAgain(@TempDir Path data) throws Exception {
        ServiceProperties defaults = TestProperties.of(data);
        ServiceProperties properties = new ServiceProperties(
                defaults.dataDir(),
                defaults.roles(),
                defaults.datasets(),
                defaults.jobs(),
                defaults.security(),
                defaults.serving(),
                new ServiceProperties.Quickstart(true, 100, 200, "recommendations", Duration.ofSeconds(60)),
                defaults.threads(),
                defaults.housekeeping(),
                defaults.kernels());
        JobService jobs = mock(JobService.class);
        JobView earlier = running("job-from-the-start-before");
        when(jobs.findByIdempotencyKey(QuickstartRunner.PRETRAIN_KEY)).thenReturn(Optional.of(earlier));
        when(jobs.get(earlier.id())).thenReturn(earlier);
        QuickstartRunner runner =
                new QuickstartRunner(properties, jobs, mock(DeploymentService.class), new ObjectMapper());

        runner.run(null);
        try {
            verify(jobs, never()).submitPretrain(any(), any(), any(), any());
            verify(jobs, timeout(5_000).atLeastOnce()).get(earlier.id());
        } finally {
            runner.stop();
        }
    }

    private static JobView running(String id) {
        return new JobView(
                id,
                "PRETRAIN",
                JobState.RUNNING,
                "query-product",
                null,
                "quickstart-dipgnn",
                null,
                null,
                null,
                null,
                null,
                "worker",
                1,
                0L,
                false,
                Instant.EPOCH,
                Instant.EPOCH,
                null);
    }
}
