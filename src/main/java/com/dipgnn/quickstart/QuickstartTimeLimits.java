package com.dipgnn.quickstart;

import com.dipgnn.config.ServiceProperties;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * How the quick start's time limit ({@code dipgnn.quickstart.time-limit}) is divided between its
 * jobs: pre-training may take {@link ServiceProperties.Quickstart#PRETRAINING_SHARE} of it,
 * fine-tuning what pre-training left, and at least the rest of the limit. Whole seconds, at least one.
 */
final class QuickstartTimeLimits {

    private QuickstartTimeLimits() {}

    /** The pre-training job's {@code timeLimitSeconds}; empty when the quick start has no limit. */
    static Optional<Integer> pretraining(ServiceProperties.Quickstart q) {
        if (!q.limitsTime()) {
            return Optional.empty();
        }
        return Optional.of(seconds(q.timeLimit().toMillis() * ServiceProperties.Quickstart.PRETRAINING_SHARE));
    }

    /**
     * The fine-tuning job's {@code timeLimitSeconds} after a pre-training job that ran {@code
     * pretrainingTook}; empty when the quick start has no limit.
     */
    static Optional<Integer> fineTuning(ServiceProperties.Quickstart q, Duration pretrainingTook) {
        if (!q.limitsTime()) {
            return Optional.empty();
        }
        double limitMillis = q.timeLimit().toMillis();
        double left = limitMillis - pretrainingTook.toMillis();
        double floor = limitMillis * (1 - ServiceProperties.Quickstart.PRETRAINING_SHARE);
        return Optional.of(seconds(Math.max(left, floor)));
    }

    /** The limit in words, for the log. */
    static String describe(ServiceProperties.Quickstart q) {
        if (!q.limitsTime()) {
            return "no time limit: every step runs, however long it takes";
        }
        return String.format(
                Locale.ROOT,
                "training stops after %d s if the machine is slower (dipgnn.quickstart.time-limit; 0: none)",
                q.timeLimit().toSeconds());
    }

    private static int seconds(double millis) {
        return (int) Math.max(1, Math.round(millis / 1000));
    }
}
