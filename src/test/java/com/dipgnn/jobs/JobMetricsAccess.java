package com.dipgnn.jobs;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;
import static org.mockito.Mockito.withSettings;

import com.dipgnn.jobs.runner.JobKind;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import org.mockito.MockMakers;

/** Registers {@link JobMetrics} on a registry and gives every one of its series a value (for tests elsewhere). */
public final class JobMetricsAccess {

    private JobMetricsAccess() {}

    public static void exercise(MeterRegistry registry) {
        // the subclass mock maker: no agent to attach (callers may share a JVM with Helm's Go runtime)
        JobRepository jobs = mock(JobRepository.class, withSettings().mockMaker(MockMakers.SUBCLASS));
        when(jobs.countInState(any())).thenReturn(0L);
        JobMetrics metrics = new JobMetrics(registry, jobs);
        metrics.step(JobKind.PRETRAIN, 0.2);
        metrics.progress("j1", Map.of("loss", 1.0), Map.of("val_mrr", 0.3));
    }
}
