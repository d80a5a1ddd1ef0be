package com.dipgnn.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The choice and printing of an axis's ticks, on ranges worked by hand: the finest step of 1, 2, 2.5 or 5
 * times a power of ten that needs at most six ticks, the ends rounded outwards to multiples of it.
 */
class AxisTicksTest {

    private static List<String> labels(AxisTicks ticks) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < ticks.count(); i++) {
            out.add(ticks.label(i));
        }
        return out;
    }

    @Test
    void tickFormattingHasNoFloatingPointNoise() {
        assertThat(AxisTicks.format(0.1 + 0.2, 0.1)).isEqualTo("0.3");
        assertThat(AxisTicks.format(-0.0, 0.5)).isEqualTo("0.0");
        assertThat(AxisTicks.format(7.5, 2.5)).isEqualTo("7.5");
        assertThat(AxisTicks.format(40, 20)).isEqualTo("40");
        AxisTicks ticks = AxisTicks.covering(new double[] {0.0, 1.0}, 0.0);
        assertThat(ticks.min()).isZero();
        assertThat(ticks.max()).isEqualTo(1.0);
        assertThat(ticks.count()).isBetween(4, 6);
    }

    @Test
    void aMarginWidensTheRangeBeforeTheStepIsChosen() {
        // [0, 1] widened by 5% is [-0.05, 1.05]: steps 0.1 (13 ticks), 0.2 (8) and 0.25 (7) need too many,
        // 0.5 rounds the ends out to -0.5 and 1.5: five ticks
        AxisTicks ticks = AxisTicks.covering(new double[] {0.0, 1.0}, 0.05);
        assertThat(ticks.step()).isEqualTo(0.5);
        assertThat(ticks.min()).isEqualTo(-0.5);
        assertThat(ticks.max()).isEqualTo(1.5);
        assertThat(labels(ticks)).containsExactly("-0.5", "0.0", "0.5", "1.0", "1.5");
    }

    @Test
    void wholeNumberStepsPrintWithoutDecimals() {
        // [3, 97]: step 5 gives 0..100 in 21 ticks, 10 in 11, 20 in 6
        AxisTicks ticks = AxisTicks.covering(new double[] {3, 97}, 0.0);
        assertThat(ticks.step()).isEqualTo(20.0);
        assertThat(labels(ticks)).containsExactly("0", "20", "40", "60", "80", "100");
    }

    @Test
    void aSingleValueIsWidenedByATenthOfItselfAndZeroByOne() {
        // 3 becomes [2.7, 3.3]: step 0.1 needs 7 ticks, 0.2 rounds out to 2.6 .. 3.4 in 5
        AxisTicks three = AxisTicks.covering(new double[] {3, 3}, 0.05);
        assertThat(three.step()).isEqualTo(0.2);
        assertThat(three.min()).isCloseTo(2.6, within(1e-12));
        assertThat(three.max()).isCloseTo(3.4, within(1e-12));
        assertThat(labels(three)).containsExactly("2.6", "2.8", "3.0", "3.2", "3.4");
        // 0 becomes [-1, 1]: steps 0.2 (11 ticks) and 0.25 (9) need too many, 0.5 needs 5
        AxisTicks zero = AxisTicks.covering(new double[] {0, 0}, 0.05);
        assertThat(zero).isEqualTo(new AxisTicks(-1.0, 1.0, 0.5));
    }

    @Test
    void anEmptyRangeBecomesZeroToOne() {
        // no finite point leaves the range at {+inf, -inf}; [0, 1] in steps of 0.2 is six ticks
        AxisTicks ticks = AxisTicks.covering(new double[] {Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}, 0.05);
        assertThat(ticks).isEqualTo(new AxisTicks(0.0, 1.0, 0.2));
        assertThat(labels(ticks)).containsExactly("0.0", "0.2", "0.4", "0.6", "0.8", "1.0");
    }

    @Test
    void theLastTickIsTheMaximumExactly() {
        AxisTicks ticks = new AxisTicks(0.0, 0.3, 0.1);
        assertThat(ticks.count()).isEqualTo(4);
        assertThat(ticks.value(3)).isEqualTo(0.3); // 0 + 3 * 0.1 would be 0.30000000000000004
    }

    @Test
    void hugeValuesAndTinyStepsPrintInScientificNotation() {
        assertThat(AxisTicks.format(1.5e7, 5e6)).isEqualTo("1.50e+07");
        assertThat(AxisTicks.format(2.5e-6, 1e-6)).isEqualTo("2.50e-06");
        assertThat(AxisTicks.format(1.25, 0.25)).isEqualTo("1.25");
    }
}
