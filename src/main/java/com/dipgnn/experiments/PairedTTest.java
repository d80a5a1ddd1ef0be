package com.dipgnn.experiments;

import org.hipparchus.distribution.continuous.TDistribution;

/**
 * Two-sided paired Student t-test, used to compare two methods run with the same seeds.
 *
 * <p>The statistic is computed here (with the checks and the degenerate cases the reports need);
 * the p-value comes from Hipparchus's Student t distribution. Compared on 223 cases (df 1 to 999,
 * t 0 to 100) against mpmath at 60 digits, Hipparchus 4.0.2 was within 1.0e-12 relative error
 * (median 9.9e-16) and the hand-written incomplete-beta code it replaced within 1.4e-12 (median
 * 1.5e-15); the library was chosen so that no special-function code is ours to keep.
 */
public final class PairedTTest {

    /**
     * Outcome of a paired test of {@code a - b}.
     *
     * @param meanDifference mean of {@code a[i] - b[i]}
     * @param standardError sample standard deviation of the differences divided by {@code sqrt(n)}
     * @param t the t statistic, {@code meanDifference / standardError}
     * @param degreesOfFreedom {@code n - 1}
     * @param pValue two-sided p-value
     */
    public record Result(double meanDifference, double standardError, double t, int degreesOfFreedom, double pValue) {}

    private PairedTTest() {}

    /**
     * Paired t-test of {@code a - b}; {@code a[i]} and {@code b[i]} must come from the same seed.
     *
     * <p>When all differences are equal the standard error is 0: the result then has {@code t = 0, p = 1}
     * if the difference is 0, and {@code t = +/-Infinity, p = 0} otherwise.
     *
     * @throws IllegalArgumentException if the lengths differ, there are fewer than two pairs, or a value is
     *     not finite
     */
    public static Result test(double[] a, double[] b) {
        double[] d = differences(a, b);
        int n = d.length;
        int df = n - 1;
        double mean = mean(d);
        if (allEqual(d)) {
            return degenerate(d[0], df);
        }
        double se = Math.sqrt(sampleVariance(d, mean) / n);
        double t = mean / se;
        return new Result(mean, se, t, df, studentTwoSidedP(t, df));
    }

    /**
     * Two-sided tail probability {@code P(|T| >= |t|)} of a Student t variable with {@code df} degrees of
     * freedom.
     *
     * @throws IllegalArgumentException if {@code df < 1} or {@code t} is NaN
     */
    public static double studentTwoSidedP(double t, int df) {
        if (df < 1) {
            throw new IllegalArgumentException("degrees of freedom must be >= 1, got " + df);
        }
        if (Double.isNaN(t)) {
            throw new IllegalArgumentException("t must not be NaN");
        }
        if (Double.isInfinite(t)) {
            return 0.0;
        }
        double p = 2 * new TDistribution(df).cumulativeProbability(-Math.abs(t));
        return Math.min(1.0, Math.max(0.0, p));
    }

    private static double[] differences(double[] a, double[] b) {
        if (a == null || b == null) {
            throw new IllegalArgumentException("both samples are required");
        }
        if (a.length != b.length) {
            throw new IllegalArgumentException(
                    "paired samples must have the same length, got " + a.length + " and " + b.length);
        }
        if (a.length < 2) {
            throw new IllegalArgumentException("a paired t-test needs at least 2 pairs, got " + a.length);
        }
        double[] d = new double[a.length];
        for (int i = 0; i < d.length; i++) {
            if (!Double.isFinite(a[i]) || !Double.isFinite(b[i])) {
                throw new IllegalArgumentException("pair " + i + " is not finite: " + a[i] + ", " + b[i]);
            }
            d[i] = a[i] - b[i];
        }
        return d;
    }

    private static Result degenerate(double difference, int df) {
        if (difference == 0) {
            return new Result(0.0, 0.0, 0.0, df, 1.0);
        }
        return new Result(difference, 0.0, Math.copySign(Double.POSITIVE_INFINITY, difference), df, 0.0);
    }

    private static boolean allEqual(double[] d) {
        for (double v : d) {
            if (v != d[0]) {
                return false;
            }
        }
        return true;
    }

    private static double mean(double[] d) {
        double sum = 0;
        for (double v : d) {
            sum += v;
        }
        return sum / d.length;
    }

    private static double sampleVariance(double[] d, double mean) {
        double sum = 0;
        for (double v : d) {
            sum += (v - mean) * (v - mean);
        }
        return sum / (d.length - 1);
    }
}
