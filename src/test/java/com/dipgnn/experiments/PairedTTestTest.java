package com.dipgnn.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class PairedTTestTest {

    @Test
    void twoSidedPMatchesTextbookCriticalValues() {
        // two-sided 5% and 1% critical values from printed t tables
        assertThat(PairedTTest.studentTwoSidedP(2.228, 10)).isCloseTo(0.05, within(1e-3));
        assertThat(PairedTTest.studentTwoSidedP(2.086, 20)).isCloseTo(0.05, within(1e-3));
        assertThat(PairedTTest.studentTwoSidedP(12.706, 1)).isCloseTo(0.05, within(1e-4));
        assertThat(PairedTTest.studentTwoSidedP(2.776, 4)).isCloseTo(0.05, within(1e-3));
        assertThat(PairedTTest.studentTwoSidedP(3.169, 10)).isCloseTo(0.01, within(1e-4));
        assertThat(PairedTTest.studentTwoSidedP(4.604, 4)).isCloseTo(0.01, within(1e-4));
    }

    @Test
    void manyDegreesOfFreedomApproachTheNormalDistribution() {
        // P(|Z| >= 1.96) = 0.0499957902964...
        assertThat(PairedTTest.studentTwoSidedP(1.96, 1_000_000)).isCloseTo(0.04999579, within(1e-6));
        assertThat(PairedTTest.studentTwoSidedP(2.5758293, 999_999)).isCloseTo(0.01, within(1e-5));
    }

    @Test
    void twoSidedPMatchesClosedFormsForSmallDegreesOfFreedom() {
        for (double t : new double[] {0.1, 0.7, 1.5, 3.0, 10.0, 250.0}) {
            double oneDf = 1 - 2 / Math.PI * Math.atan(t);
            double twoDf = 1 - t / Math.sqrt(2 + t * t);
            double y = t * t / (4 + t * t);
            double fourDf = 1 - 1.5 * Math.sqrt(y) + 0.5 * Math.pow(y, 1.5);
            assertThat(PairedTTest.studentTwoSidedP(t, 1)).as("df 1, t %s", t).isCloseTo(oneDf, within(1e-12));
            assertThat(PairedTTest.studentTwoSidedP(t, 2)).as("df 2, t %s", t).isCloseTo(twoDf, within(1e-12));
            assertThat(PairedTTest.studentTwoSidedP(t, 4)).as("df 4, t %s", t).isCloseTo(fourDf, within(1e-12));
        }
    }

    @Test
    void pIsOneAtZeroZeroAtInfinityAndSymmetricInSign() {
        assertThat(PairedTTest.studentTwoSidedP(0.0, 7)).isEqualTo(1.0);
        assertThat(PairedTTest.studentTwoSidedP(Double.POSITIVE_INFINITY, 7)).isZero();
        assertThat(PairedTTest.studentTwoSidedP(Double.NEGATIVE_INFINITY, 7)).isZero();
        for (double t : new double[] {0.3, 1.2, 2.9, 8.0}) {
            assertThat(PairedTTest.studentTwoSidedP(-t, 9)).isEqualTo(PairedTTest.studentTwoSidedP(t, 9));
        }
        assertThat(PairedTTest.studentTwoSidedP(1.0, 9)).isGreaterThan(PairedTTest.studentTwoSidedP(2.0, 9));
    }

    @Test
    void workedPairedExample() {
        double[] a = {0.80, 0.82, 0.79, 0.85, 0.81};
        double[] b = {0.78, 0.80, 0.80, 0.81, 0.78};
        // d = 0.02 0.02 -0.01 0.04 0.03: mean 0.02, squared deviations sum 0.0014, variance 0.0014 / 4
        double sd = Math.sqrt(0.0014 / 4); // 0.018708
        double se = sd / Math.sqrt(5); // sqrt(7e-5) = 0.0083666
        double t = 0.02 / se; // 2.3905
        double y = t * t / (4 + t * t); // closed form of the two-sided p for df 4
        double p = 1 - 1.5 * Math.sqrt(y) + 0.5 * Math.pow(y, 1.5);

        PairedTTest.Result r = PairedTTest.test(a, b);
        assertThat(r.meanDifference()).isCloseTo(0.02, within(1e-12));
        assertThat(r.standardError()).isCloseTo(0.0083666, within(1e-7));
        assertThat(r.t()).isCloseTo(2.3905, within(1e-4)).isCloseTo(t, within(1e-9));
        assertThat(r.degreesOfFreedom()).isEqualTo(4);
        assertThat(r.pValue()).isCloseTo(p, within(1e-9)).isBetween(0.05, 0.10);
    }

    @Test
    void swappingTheSamplesFlipsTheSignButKeepsP() {
        double[] a = {1.0, 2.5, 3.1, 4.8, 2.2, 3.3};
        double[] b = {0.7, 2.9, 2.0, 4.1, 1.6, 3.0};
        PairedTTest.Result ab = PairedTTest.test(a, b);
        PairedTTest.Result ba = PairedTTest.test(b, a);
        assertThat(ba.t()).isCloseTo(-ab.t(), within(1e-12));
        assertThat(ba.meanDifference()).isCloseTo(-ab.meanDifference(), within(1e-12));
        assertThat(ba.standardError()).isCloseTo(ab.standardError(), within(1e-12));
        assertThat(ba.pValue()).isCloseTo(ab.pValue(), within(1e-12));
        assertThat(ab.t()).isPositive();
    }

    @Test
    void identicalDifferencesGiveDegenerateResults() {
        PairedTTest.Result same = PairedTTest.test(new double[] {0.5, 0.7, 0.9}, new double[] {0.5, 0.7, 0.9});
        assertThat(same.t()).isZero();
        assertThat(same.pValue()).isEqualTo(1.0);
        assertThat(same.standardError()).isZero();
        assertThat(same.degreesOfFreedom()).isEqualTo(2);

        PairedTTest.Result up = PairedTTest.test(new double[] {2, 3, 4}, new double[] {1, 2, 3});
        assertThat(up.t()).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(up.pValue()).isZero();
        assertThat(up.meanDifference()).isEqualTo(1.0);

        PairedTTest.Result down = PairedTTest.test(new double[] {1, 2, 3}, new double[] {2, 3, 4});
        assertThat(down.t()).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(down.pValue()).isZero();
    }

    @Test
    void invalidInputIsRejectedWithAClearMessage() {
        assertThatThrownBy(() -> PairedTTest.test(new double[] {1, 2, 3}, new double[] {1, 2}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("same length");
        assertThatThrownBy(() -> PairedTTest.test(new double[] {1}, new double[] {2}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 2");
        assertThatThrownBy(() -> PairedTTest.test(new double[] {1, Double.NaN}, new double[] {2, 3}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not finite");
        assertThatThrownBy(() -> PairedTTest.studentTwoSidedP(1.0, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("degrees of freedom");
        assertThatThrownBy(() -> PairedTTest.studentTwoSidedP(Double.NaN, 3))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
