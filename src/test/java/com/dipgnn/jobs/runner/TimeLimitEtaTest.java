package com.dipgnn.jobs.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** A job's progress ETA ends at its time limit (hand-set clock). */
class TimeLimitEtaTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void theEtaEndsAtTheLimitPlusTheStepInProgress() {
        AtomicLong now = new AtomicLong();
        List<JobProgress> reports = new ArrayList<>();
        ProgressTracker tracker = new ProgressTracker(reports::add, 0, now::get);
        tracker.limitTo(Duration.ofSeconds(15));
        tracker.phase("pretraining", 100);
        tracker.trainingStarted(); // at 0 s: the limit passes at 15 s
        for (int step = 1; step <= 11; step++) { // one step a second: step 1 at 1 s, ..., step 11 at 11 s
            now.set(step * SECOND);
            tracker.step(step, Map.of("loss", 1.0), null, false);
        }
        // by steps: 1 s a step (10 s over the 10 steps after the first) x 89 steps left = 89 s;
        // by the limit: 15 - 11 = 4 s, then the step in progress ends, 1 s: 5 s
        JobProgress last = reports.get(reports.size() - 1);
        assertThat(last.step()).isEqualTo(11);
        assertThat(last.etaSeconds()).isCloseTo(5.0, within(1e-9));
    }

    @Test
    void withoutALimitTheEtaIsTheStepsLeft() {
        AtomicLong now = new AtomicLong();
        List<JobProgress> reports = new ArrayList<>();
        ProgressTracker tracker = new ProgressTracker(reports::add, 0, now::get);
        tracker.limitTo(null);
        tracker.phase("pretraining", 100);
        for (int step = 1; step <= 11; step++) {
            now.set(step * SECOND);
            tracker.step(step, Map.of("loss", 1.0), null, false);
        }
        assertThat(reports.get(reports.size() - 1).etaSeconds()).isCloseTo(89.0, within(1e-9));
    }
}
