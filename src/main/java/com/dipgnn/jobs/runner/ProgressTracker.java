package com.dipgnn.jobs.runner;

import com.dipgnn.optim.TrainingTimeLimit;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Turns step events into throttled {@link JobProgress} reports: a step is reported when the
 * interval has passed since the last report, or when it is the first or the last; validations
 * and logged intervals are always reported. The ETA comes from the mean step time since this
 * run's first step, and ends at the job's {@link TrainingTimeLimit} (plus the step in progress) when that
 * comes first.
 */
final class ProgressTracker {

    private final JobProgressSink sink;
    private final long intervalNanos;
    private final LongSupplier clock;
    private final long startNanos;
    private String phase = "preparing";
    private long totalSteps;
    private long step;
    private long firstStep = -1;
    private long firstStepNanos;
    private long lastReportNanos;
    private long lastStepNanos;
    private Map<String, Double> losses = Map.of();
    private Map<String, Double> metrics = Map.of();
    private TrainingTimeLimit timeLimit;

    ProgressTracker(JobProgressSink sink, long intervalNanos, LongSupplier clock) {
        this.sink = sink;
        this.intervalNanos = intervalNanos;
        this.clock = clock;
        this.timeLimit = TrainingTimeLimit.of(null, clock);
        this.startNanos = clock.getAsLong();
        this.lastStepNanos = startNanos;
    }

    long totalSteps() {
        return totalSteps;
    }

    /** Training may take {@code limit} (null: no limit), counted from {@link #trainingStarted}; the ETA ends there. */
    void limitTo(Duration limit) {
        timeLimit = TrainingTimeLimit.of(limit, clock);
    }

    /** Training's first step is about to run: the time limit starts counting (once). */
    void trainingStarted() {
        timeLimit.start();
    }

    /** Whether {@code training} (its name in the log line) ends now, after the last step completed, by the time limit. */
    boolean timeUp(String training) {
        return timeLimit.endsTraining(training, step, totalSteps);
    }

    /** Enters a phase and reports it. */
    void phase(String name, long total) {
        phase = name;
        totalSteps = total;
        long now = clock.getAsLong();
        lastStepNanos = now;
        report(now);
    }

    /**
     * A completed step with its latest figures; reported unless the interval has not passed yet or
     * an event for the same step follows (which reports it).
     */
    void step(long completed, Map<String, Double> stepLosses, Map<String, Double> stepMetrics, boolean eventFollows) {
        long now = clock.getAsLong();
        sink.onStep((now - lastStepNanos) / 1e9);
        lastStepNanos = now;
        if (firstStep < 0) {
            firstStep = completed;
            firstStepNanos = now;
        }
        step = completed;
        losses = ordered(stepLosses);
        if (stepMetrics != null) {
            metrics = ordered(stepMetrics);
        }
        boolean due = completed == firstStep || completed == totalSteps || now - lastReportNanos >= intervalNanos;
        if (due && !eventFollows) {
            report(now);
        }
    }

    /** A validation or logged interval at the current step: always reported. */
    void event(Map<String, Double> eventLosses, Map<String, Double> eventMetrics) {
        if (eventLosses != null) {
            losses = ordered(eventLosses);
        }
        metrics = ordered(eventMetrics);
        report(clock.getAsLong());
    }

    private void report(long now) {
        lastReportNanos = now;
        sink.onProgress(new JobProgress(phase, step, totalSteps, (now - startNanos) / 1e9, eta(now), losses, metrics));
    }

    private static Map<String, Double> ordered(Map<String, Double> figures) {
        return Collections.unmodifiableMap(new LinkedHashMap<>(figures));
    }

    private Double eta(long now) {
        long timed = step - firstStep;
        if (firstStep < 0 || timed <= 0) {
            return null;
        }
        double perStep = (now - firstStepNanos) / 1e9 / timed;
        return timeLimit.secondsLeft(perStep * Math.max(totalSteps - step, 0), perStep, now);
    }
}
