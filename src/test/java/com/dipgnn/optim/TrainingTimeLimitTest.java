package com.dipgnn.optim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** A training time limit on a hand-set clock. */
class TrainingTimeLimitTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void passesWhenItsTimeHasGoneSinceTheStartNotBefore() {
        AtomicLong now = new AtomicLong(5 * SECOND);
        TrainingTimeLimit limit = TrainingTimeLimit.of(Duration.ofSeconds(10), now::get);
        now.set(100 * SECOND);
        assertThat(limit.passed()).as("not started: training has not begun").isFalse();
        limit.start(); // at 100 s
        now.set(109 * SECOND);
        limit.start(); // a second start changes nothing
        assertThat(limit.deadlineNanos()).isEqualTo(110 * SECOND);
        now.set(110 * SECOND - 1);
        assertThat(limit.endsTraining("pre-training", 41, 100)).isFalse();
        now.set(110 * SECOND);
        assertThat(limit.endsTraining("pre-training", 42, 100)).isTrue();
        assertThat(limit.endsTraining("pre-training", 42, 100))
                .as("stays passed")
                .isTrue();
    }

    @Test
    void noLimitNeverPasses() {
        AtomicLong now = new AtomicLong();
        TrainingTimeLimit none = TrainingTimeLimit.of(null, now::get);
        none.start();
        now.set(Long.MAX_VALUE / 2);
        assertThat(none.passed()).isFalse();
        assertThat(none.deadlineNanos()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void aLimitMustBePositive() {
        assertThatThrownBy(() -> TrainingTimeLimit.of(Duration.ZERO, System::nanoTime))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("positive");
    }
}
