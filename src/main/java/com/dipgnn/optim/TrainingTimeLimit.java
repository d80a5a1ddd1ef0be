package com.dipgnn.optim;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * A training run's time limit, counted from its start ({@link TrainingListener#onStart}; a run
 * resumed from a checkpoint counts again from its resume): once it has passed, a listener's
 * {@code timeUp()} says so and training ends after the step in progress, with the steps done (a
 * job's {@code timeLimitSeconds}, the command line's {@code --time-limit}). Not thread-safe: one per
 * run, used on its thread.
 */
public final class TrainingTimeLimit {

    private final Duration limit;
    private final LongSupplier clock;
    private long startNanos;
    private boolean started;
    private boolean reported;

    private TrainingTimeLimit(Duration limit, LongSupplier clock) {
        this.limit = limit;
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** A limit of {@code limit} on {@code clock} (nanoseconds); null: no limit. */
    public static TrainingTimeLimit of(Duration limit, LongSupplier clock) {
        return new TrainingTimeLimit(requireValid(limit), clock);
    }

    /** {@code limit} when it is null (none) or positive; anything else is refused. */
    public static Duration requireValid(Duration limit) {
        if (limit != null && (limit.isNegative() || limit.isZero())) {
            throw new IllegalArgumentException("a time limit must be positive; got " + limit);
        }
        return limit;
    }

    /** Starts counting (the first call only). */
    public void start() {
        if (!started) {
            started = true;
            startNanos = clock.getAsLong();
        }
    }

    /** Whether the limit has passed; false when there is none or it has not started. */
    public boolean passed() {
        return limit != null && started && clock.getAsLong() - startNanos >= limit.toNanos();
    }

    /**
     * Whether {@code training} (pre-training, fine-tuning) ends now, after {@code step} of {@code
     * total} steps; the first time, the log says so.
     */
    public boolean endsTraining(String training, long step, long total) {
        if (!passed()) {
            return false;
        }
        if (!reported) {
            reported = true;
            System.getLogger(TrainingTimeLimit.class.getName())
                    .log(
                            System.Logger.Level.INFO,
                            String.format(
                                    Locale.ROOT,
                                    "the time limit of %d s has passed: %s ends after step %d of %d, with "
                                            + "what those steps learned",
                                    limit.toSeconds(),
                                    training,
                                    step,
                                    total));
        }
        return true;
    }

    /** Nanoseconds on the clock at which the limit passes; {@code Long.MAX_VALUE} when none or not started. */
    public long deadlineNanos() {
        return limit == null || !started ? Long.MAX_VALUE : startNanos + limit.toNanos();
    }

    /**
     * The seconds training has left at {@code nowNanos}: {@code bySteps} (the steps left at the
     * pace so far), or, when the limit comes first, the time to it plus the step in progress
     * ({@code secondsPerStep}), since training ends with the first step that finishes after it.
     */
    public double secondsLeft(double bySteps, double secondsPerStep, long nowNanos) {
        long deadline = deadlineNanos();
        if (deadline == Long.MAX_VALUE) {
            return bySteps;
        }
        return Math.min(bySteps, Math.max(deadline - nowNanos, 0) / 1e9 + secondsPerStep);
    }
}
