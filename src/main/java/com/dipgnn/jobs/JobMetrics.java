package com.dipgnn.jobs;

import com.dipgnn.jobs.runner.JobKind;
import io.micrometer.core.instrument.Counter;
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
 * Prometheus metrics of jobs (docs/service.md lists them): jobs by state and queued (gauges), jobs
 * finished by state and training steps by job kind (counters), the duration of every training step
 * by job kind (a histogram with buckets from 10 ms to 60 s), and the latest losses and metrics of
 * running jobs, labelled {@code job_id} (not {@code job}, which is Prometheus's scrape-target
 * label) and removed when the job ends, so that the series stay bounded.
 */
@Component
public class JobMetrics {

    /** Step-time buckets: a small set across the range a step takes, from a tiny CPU model to a large GPU one. */
    private static final Duration[] STEP_BUCKETS = {
        Duration.ofMillis(10), Duration.ofMillis(25), Duration.ofMillis(50), Duration.ofMillis(100),
        Duration.ofMillis(250), Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofMillis(2500),
        Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(30), Duration.ofSeconds(60)
    };

    private final MeterRegistry meters;
    private final Map<JobKind, Timer> stepTimes = new ConcurrentHashMap<>();
    private final Map<JobKind, Counter> steps = new ConcurrentHashMap<>();
    private final Map<String, Map<String, AtomicLong>> values = new ConcurrentHashMap<>();
    private final Map<String, Map<String, Meter.Id>> ids = new ConcurrentHashMap<>();

    public JobMetrics(MeterRegistry meters, JobRepository jobs) {
        this.meters = meters;
        for (JobState state : JobState.values()) {
            Gauge.builder("dipgnn.jobs", jobs, r -> r.countInState(state))
                    .description("Jobs by state")
                    .tag("state", label(state))
                    .register(meters);
            if (state.isTerminal()) {
                finished(state);
            }
        }
        Gauge.builder("dipgnn.jobs.queue.length", jobs, r -> r.countInState(JobState.QUEUED))
                .description("Jobs waiting to run")
                .register(meters);
        for (JobKind kind : JobKind.values()) {
            if (!kind.trains()) {
                continue; // an embedding job runs no training steps
            }
            stepTime(kind);
            stepCount(kind);
            checkpointRestarts(kind);
        }
    }

    /** A job of {@code kind} whose checkpoint could not be resumed, so it trains again from step 0. */
    void checkpointRefused(JobKind kind) {
        checkpointRestarts(kind).increment();
    }

    /** One training step of a job of {@code kind}, {@code seconds} long. */
    void step(JobKind kind, double seconds) {
        stepTime(kind).record(Duration.ofNanos((long) (seconds * 1e9)));
        stepCount(kind).increment();
    }

    /** The latest losses and metrics of a running job. */
    void progress(String jobId, Map<String, Double> losses, Map<String, Double> metrics) {
        if (losses != null) {
            losses.forEach((term, v) -> set(
                    jobId,
                    "dipgnn.job.loss",
                    "term",
                    term,
                    v,
                    "Latest value of a running job's loss term (removed when the job ends)"));
        }
        if (metrics != null) {
            metrics.forEach((name, v) -> set(
                    jobId,
                    "dipgnn.job.metric",
                    "name",
                    name,
                    v,
                    "Latest value of a running job's training or validation metric (removed when the job ends)"));
        }
    }

    /** Counts the job as finished in {@code state} and removes its loss and metric gauges. */
    void jobEnded(String jobId, JobState state) {
        if (state.isTerminal()) {
            finished(state).increment();
        }
        Map<String, Meter.Id> mine = ids.remove(jobId);
        values.remove(jobId);
        if (mine != null) {
            mine.values().forEach(meters::remove);
        }
    }

    private Counter finished(JobState state) {
        return Counter.builder("dipgnn.jobs.finished")
                .description("Jobs that ended, by final state")
                .tag("state", label(state))
                .register(meters);
    }

    private Timer stepTime(JobKind kind) {
        return stepTimes.computeIfAbsent(
                kind,
                k -> Timer.builder("dipgnn.job.step.duration")
                        .description("Duration of each training step, by job kind")
                        .tag("kind", label(k))
                        .serviceLevelObjectives(STEP_BUCKETS)
                        .register(meters));
    }

    private Counter stepCount(JobKind kind) {
        return steps.computeIfAbsent(
                kind,
                k -> Counter.builder("dipgnn.training.steps")
                        .description("Training steps completed, by job kind")
                        .tag("kind", label(k))
                        .register(meters));
    }

    private Counter checkpointRestarts(JobKind kind) {
        return Counter.builder("dipgnn.jobs.checkpoint.restarts")
                .description("Jobs trained again from step 0 because their checkpoint could not be resumed "
                        + "(written with other settings), by job kind")
                .tag("kind", label(kind))
                .register(meters);
    }

    private static String label(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT);
    }

    private void set(String jobId, String metric, String tagKey, String tagValue, Number value, String help) {
        if (value == null) {
            return;
        }
        String key = metric + "|" + tagValue;
        AtomicLong bits = values.computeIfAbsent(jobId, k -> new ConcurrentHashMap<>())
                .computeIfAbsent(key, k -> {
                    AtomicLong holder = new AtomicLong();
                    Gauge gauge = Gauge.builder(metric, holder, h -> Double.longBitsToDouble(h.get()))
                            .description(help)
                            .tags(Tags.of("job_id", jobId, tagKey, tagValue))
                            .register(meters);
                    ids.computeIfAbsent(jobId, j -> new ConcurrentHashMap<>()).put(key, gauge.getId());
                    return holder;
                });
        bits.set(Double.doubleToLongBits(value.doubleValue()));
    }
}
