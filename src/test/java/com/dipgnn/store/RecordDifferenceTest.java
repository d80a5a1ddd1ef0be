package com.dipgnn.store;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The differences of two records, found by walking their components, with hand-worked expectations. */
class RecordDifferenceTest {

    record Inner(int a, String b) {}

    record Outer(String name, Inner inner, double x) {}

    @Test
    void eachDifferingLeafIsNamedByItsPathInDeclarationOrder() {
        Outer was = new Outer("n", new Inner(1, "p"), 0.5);
        Outer now = new Outer("n", new Inner(2, "p"), 0.25);
        assertThat(RecordDifference.between(was, now)).containsExactly("inner.a: 1 -> 2", "x: 0.5 -> 0.25");
        assertThat(RecordDifference.describe(was, now)).isEqualTo("checkpoint -> now: inner.a: 1 -> 2; x: 0.5 -> 0.25");
    }

    @Test
    void equalRecordsDifferInNothing() {
        Outer same = new Outer("n", new Inner(1, "p"), 0.5);
        assertThat(RecordDifference.between(same, new Outer("n", new Inner(1, "p"), 0.5)))
                .isEmpty();
    }

    @Test
    void aNestedRecordPresentOnOneSideOnlyIsShownWhole() {
        Outer was = new Outer("n", null, 0.5);
        Outer now = new Outer("n", new Inner(1, "p"), 0.5);
        assertThat(RecordDifference.between(was, now)).containsExactly("inner: null -> Inner[a=1, b=p]");
        assertThat(RecordDifference.between(now, was)).containsExactly("inner: Inner[a=1, b=p] -> null");
    }
}
