package com.dipgnn.jobs;

import com.dipgnn.jobs.runner.JobProgress;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.stereotype.Component;

/**
 * Prometheus metrics of jobs: {@code dipgnn_jobs{state}} (jobs by state),
 * {@code dipgnn_jobs_queue_length}, {@code dipgnn_job_step_duration_seconds} (a histogram of the
 * mean training step time per progress report), and the latest losses and metrics of running
 * jobs, {@code dipgnn_job_loss{job,term}} and {@code dipgnn_job_metric{job,name}}, removed when
 * the job ends.
 */
@Component
public class JobMetrics {

    private final MeterRegistry meters;
    private final Timer stepTime;
    private final Map<String, Map<String, AtomicLong>> values = new ConcurrentHashMap<>();
    private final Map<String, Map<String, Meter.Id>> ids = new ConcurrentHashMap<>();

    public JobMetrics(MeterRegistry meters, JobRepository jobs) {
        this.meters = meters;
        for (JobState state : JobState.values()) {
            Gauge.builder("dipgnn.jobs", jobs, r -> r.countInState(state))
                    .description("Jobs by state").tag("state", state.name().toLowerCase(Locale.ROOT)).register(meters);
        }
        Gauge.builder("dipgnn.jobs.queue.length", jobs, r -> r.countInState(JobState.QUEUED))
                .description("Jobs waiting to run").register(meters);
        this.stepTime = Timer.builder("dipgnn.job.step.duration").description("Training step time (mean per progress report)")
                .publishPercentileHistogram().minimumExpectedValue(Duration.ofMillis(1))
                .maximumExpectedValue(Duration.ofSeconds(60)).register(meters);
    }

    /** Records the step time since the previous report and the latest losses and metrics. */
    void progress(String jobId, JobProgress previous, JobProgress p) {
        if (previous != null && p.step() > previous.step() && p.elapsedSeconds() >= previous.elapsedSeconds()) {
            double perStep = (p.elapsedSeconds() - previous.elapsedSeconds()) / (p.step() - previous.step());
            stepTime.record(Duration.ofNanos((long) (perStep * 1e9)));
        }
        if (p.latestLosses() != null) {
            p.latestLosses().forEach((term, v) -> set(jobId, "dipgnn.job.loss", "term", term, v));
        }
        if (p.latestMetrics() != null) {
            p.latestMetrics().forEach((name, v) -> set(jobId, "dipgnn.job.metric", "name", name, v));
        }
    }

    /** Removes the job's loss and metric gauges. */
    void jobEnded(String jobId, JobState state) {
        Map<String, Meter.Id> mine = ids.remove(jobId);
        values.remove(jobId);
        if (mine != null) {
            mine.values().forEach(meters::remove);
        }
    }

    private void set(String jobId, String metric, String tagKey, String tagValue, Number value) {
        if (value == null) {
            return;
        }
        String key = metric + "|" + tagValue;
        AtomicLong bits = values.computeIfAbsent(jobId, k -> new ConcurrentHashMap<>()).computeIfAbsent(key, k -> {
            AtomicLong holder = new AtomicLong();
            Gauge gauge = Gauge.builder(metric, holder, h -> Double.longBitsToDouble(h.get()))
                    .tags(Tags.of("job", jobId, tagKey, tagValue)).register(meters);
            ids.computeIfAbsent(jobId, j -> new ConcurrentHashMap<>()).put(key, gauge.getId());
            return holder;
        });
        bits.set(Double.doubleToLongBits(value.doubleValue()));
    }
}
