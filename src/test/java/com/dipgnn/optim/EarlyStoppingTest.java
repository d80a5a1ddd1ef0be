package com.dipgnn.optim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The shared early-stopping loop, on hand-worked score sequences; snapshots are strings naming their step. */
class EarlyStoppingTest {

    private final List<String> released = new ArrayList<>();

    private EarlyStopping<String> stopping(int every, int patience) {
        return new EarlyStopping<>(every, patience, released::add);
    }

    @Test
    void validationIsDueEveryFewStepsAndAtTheLast() {
        EarlyStopping<String> s = stopping(2, 0);
        assertThat(s.due(2, 7)).isTrue();
        assertThat(s.due(3, 7)).isFalse();
        assertThat(s.due(7, 7)).isTrue();
    }

    @Test
    void patienceValidationsWithoutABetterScoreStopAndTheBestIsRestored() {
        EarlyStopping<String> s = stopping(2, 2);
        assertThat(s.validated(2, 0.5, () -> "w2")).isTrue();
        assertThat(s.validated(4, 0.4, () -> "w4")).isFalse();
        assertThat(s.exhausted()).isFalse();
        assertThat(s.validated(6, 0.5, () -> "w6")).as("equal is not better").isFalse();
        assertThat(s.exhausted()).isTrue();
        assertThat(s.bestAt()).isEqualTo(2);
        AtomicReference<String> restored = new AtomicReference<>();
        s.restoreBest(restored::set);
        assertThat(restored).hasValue("w2");
        assertThat(s.bestWeights()).isEmpty();
    }

    @Test
    void withoutPatienceItNeverStopsAndAReplacedSnapshotIsReleased() {
        EarlyStopping<String> s = stopping(1, 0);
        s.validated(1, 0.5, () -> "w1");
        s.validated(2, 0.6, () -> "w2");
        for (int step = 3; step < 50; step++) {
            s.validated(step, 0.1, () -> "never");
        }
        assertThat(s.exhausted()).isFalse();
        assertThat(released).containsExactly("w1");
        assertThat(s.progress()).isEqualTo(new EarlyStopping.Progress(0.6, 2, 47));
    }

    @Test
    void aResumedLoopContinuesItsCountAndComparesWithTheRestoredBest() {
        EarlyStopping<String> s = stopping(2, 2);
        s.resume(new EarlyStopping.Progress(0.6, 4, 1), "w4");
        assertThat(s.validated(6, 0.55, () -> "w6")).isFalse();
        assertThat(s.exhausted()).isTrue();
        assertThat(s.bestWeights()).hasValue("w4");

        EarlyStopping<String> none = stopping(2, 2);
        assertThat(none.progress().best()).as("no weights kept yet").isNull();
        none.resume(new EarlyStopping.Progress(null, 0, 0), null);
        assertThat(none.validated(2, 0.1, () -> "w2")).isTrue();
    }

    @Test
    void aMarkedLastStepIsTheBestWithoutWeights() {
        EarlyStopping<String> s = stopping(1, 0);
        s.lastIsBest(3);
        assertThat(s.bestAt()).isEqualTo(3);
        assertThat(s.bestWeights()).isEmpty();
    }

    @Test
    void invalidSettingsAreRefused() {
        assertThatThrownBy(() -> stopping(0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> stopping(1, -1)).isInstanceOf(IllegalArgumentException.class);
    }
}
