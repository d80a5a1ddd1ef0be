package com.dipgnn.jobs.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Every step reaches the sink with its own duration, throttled progress reports or not. */
class ProgressTrackerStepTest {

    @Test
    void eachStepIsTimedFromThePreviousOneOrFromThePhaseStart() {
        AtomicLong now = new AtomicLong();
        List<Double> steps = new ArrayList<>();
        List<JobProgress> reports = new ArrayList<>();
        JobProgressSink sink = new JobProgressSink() {
            @Override
            public void onProgress(JobProgress progress) {
                reports.add(progress);
            }

            @Override
            public void onStep(double seconds) {
                steps.add(seconds);
            }
        };
        ProgressTracker tracker = new ProgressTracker(sink, 1_000_000_000L, now::get);
        now.set(2_000_000_000L);
        tracker.phase("training", 10);
        for (long t : new long[] {2_100_000_000L, 2_250_000_000L, 2_300_000_000L}) {
            now.set(t);
            tracker.step(steps.size() + 1, Map.of("loss", 1.0), null, false);
        }

        // worked by hand: 2.10 - 2.00, 2.25 - 2.10, 2.30 - 2.25
        assertThat(steps).hasSize(3);
        assertThat(steps.get(0)).isCloseTo(0.10, within(1e-9));
        assertThat(steps.get(1)).isCloseTo(0.15, within(1e-9));
        assertThat(steps.get(2)).isCloseTo(0.05, within(1e-9));
        // reports stay throttled: the phase and the first step only, within the one-second interval
        assertThat(reports).hasSize(2);
    }
}
