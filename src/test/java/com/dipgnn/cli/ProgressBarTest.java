package com.dipgnn.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The bar says how long it has run and how long is left, from the mean step time so far. */
class ProgressBarTest {

    @Test
    void eachLineCarriesTheElapsedTimeAndTheTimeLeft() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        long[] now = {0};
        ProgressBar bar = new ProgressBar(
                new PrintStream(bytes, true, StandardCharsets.UTF_8), "run 1/1", "mrr", false, () -> now[0]);
        for (int step = 1; step <= 10; step++) {
            now[0] = 7_000_000_000L + (step - 1) * 2_000_000_000L; // the first step at 7 s, then one every 2 s
            bar.onStep(step, 10, 0.5);
        }
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        // worked by hand: step 1 starts the clock (elapsed 0 s, no estimate yet); step 5 is 8 s later,
        // 2 s a step since step 1, 5 steps to go -> 10 s left; step 10 is 18 s after step 1, none left
        assertThat(lines.get(0)).endsWith("step 1/10 loss 0.5000 mrr - (best -) elapsed 0s");
        assertThat(lines.get(4)).endsWith("step 5/10 loss 0.5000 mrr - (best -) elapsed 8s, 10s left");
        assertThat(lines.get(9)).endsWith("step 10/10 loss 0.5000 mrr - (best -) elapsed 18s");
    }

    @Test
    void durationsReadAsSecondsMinutesOrHours() {
        assertThat(ProgressBar.duration(42_400_000_000L)).isEqualTo("42s");
        assertThat(ProgressBar.duration(185_000_000_000L)).isEqualTo("3m05s");
        assertThat(ProgressBar.duration(3_725_000_000_000L)).isEqualTo("1h02m");
    }

    @Test
    void aTimeLimitEndsTheTimeLeftAndTheTraining() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        long[] now = {0};
        ProgressBar bar = new ProgressBar(
                        new PrintStream(bytes, true, StandardCharsets.UTF_8), "run 1/1", "mrr", false, () -> now[0])
                .limitedTo(java.time.Duration.ofSeconds(10), "fine-tuning");
        bar.onStart(0); // the limit passes at 10 s
        boolean[] up = new boolean[7];
        for (int step = 1; step <= 6; step++) {
            now[0] = step * 1_000_000_000L; // one step a second, step 1 at 1 s
            bar.onStep(step, 20, 0.5);
            up[step] = bar.timeUp();
        }
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        // worked by hand at step 6 (6 s; a line every 10%: steps 2, 4, 6): 1 s a step, 14 s to go by the steps, but the
        // limit is
        // 10 - 6 = 4 s away and the step in progress ends 1 s after: 5 s left
        assertThat(lines.get(lines.size() - 1))
                .endsWith("step 6/20 loss 0.5000 mrr - (best -) elapsed 5s, 5s left " + "(time limit)");
        assertThat(up).as("not up before 10 s").containsOnly(false);
        now[0] = 10_000_000_000L;
        bar.onStep(10, 20, 0.5);
        assertThat(bar.timeUp()).isTrue();
    }

    @Test
    void withoutALimitTheTimeIsNeverUp() {
        long[] now = {0};
        ProgressBar bar = new ProgressBar(
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                "run 1/1",
                "mrr",
                false,
                () -> now[0]);
        bar.onStart(0);
        now[0] = Long.MAX_VALUE / 2;
        bar.onStep(1, 2, 0.5);
        assertThat(bar.timeUp()).isFalse();
    }
}
