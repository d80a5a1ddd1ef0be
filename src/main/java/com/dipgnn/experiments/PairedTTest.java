package com.dipgnn.experiments;

/**
 * Two-sided paired Student t-test, used to compare two methods run with the same seeds.
 *
 * <p>The p-value comes from the Student t distribution, evaluated through the regularized incomplete
 * beta function {@code I_x(a, b)} (continued fraction, log-gamma from a Lanczos approximation).
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
    public record Result(double meanDifference, double standardError, double t, int degreesOfFreedom,
                         double pValue) {
    }

    private static final double EPSILON = 1e-15;
    private static final double TINY = 1e-300;
    private static final int MAX_ITERATIONS = 100_000;

    /** Lanczos approximation with g = 7 and nine terms (relative error about 1e-15 for x > 0). */
    private static final double LANCZOS_G = 7.0;
    private static final double[] LANCZOS = {
        0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
        -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
        1.5056327351493116e-7
    };
    private static final double HALF_LOG_TWO_PI = 0.5 * Math.log(2 * Math.PI);

    private PairedTTest() {
    }

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
        double t2 = t * t;
        double x = df / (df + t2);
        double complement = t2 / (df + t2);
        // P(|T| >= |t|) = I_x(df / 2, 1 / 2) with x = df / (df + t^2)
        return clampProbability(regularizedBeta(x, complement, df / 2.0, 0.5));
    }

    /**
     * Regularized incomplete beta function {@code I_x(a, b)}.
     *
     * @throws IllegalArgumentException if {@code x} is outside [0, 1] or {@code a}, {@code b} are not positive
     */
    static double regularizedBeta(double x, double a, double b) {
        return regularizedBeta(x, 1.0 - x, a, b);
    }

    /** Natural logarithm of the gamma function for {@code x > 0}. */
    static double logGamma(double x) {
        if (!(x > 0)) {
            throw new IllegalArgumentException("logGamma needs x > 0, got " + x);
        }
        if (x < 0.5) {
            // reflection keeps the approximation in its accurate range: G(x) G(1 - x) = pi / sin(pi x)
            return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
        }
        double z = x - 1;
        double sum = LANCZOS[0];
        for (int i = 1; i < LANCZOS.length; i++) {
            sum += LANCZOS[i] / (z + i);
        }
        double base = z + LANCZOS_G + 0.5;
        return HALF_LOG_TWO_PI + (z + 0.5) * Math.log(base) - base + Math.log(sum);
    }

    /** {@code I_x(a, b)} with {@code oneMinusX = 1 - x} given separately so it keeps full precision. */
    private static double regularizedBeta(double x, double oneMinusX, double a, double b) {
        if (!(x >= 0 && x <= 1)) {
            throw new IllegalArgumentException("x must lie in [0, 1], got " + x);
        }
        if (!(a > 0 && b > 0)) {
            throw new IllegalArgumentException("a and b must be positive, got a=" + a + ", b=" + b);
        }
        if (x == 0) {
            return 0.0;
        }
        if (oneMinusX == 0) {
            return 1.0;
        }
        // the continued fraction converges fast below the mean a / (a + b); use the symmetry above it
        if (x < (a + 1) / (a + b + 2)) {
            return front(x, oneMinusX, a, b) * continuedFraction(x, a, b) / a;
        }
        return 1.0 - front(oneMinusX, x, b, a) * continuedFraction(oneMinusX, b, a) / b;
    }

    /** {@code x^a (1 - x)^b / B(a, b)}, computed in log space. */
    private static double front(double x, double oneMinusX, double a, double b) {
        double logBeta = logGamma(a) + logGamma(b) - logGamma(a + b);
        return Math.exp(a * Math.log(x) + b * Math.log(oneMinusX) - logBeta);
    }

    /** Continued fraction for the incomplete beta function, evaluated with the modified Lentz method. */
    private static double continuedFraction(double x, double a, double b) {
        double c = 1.0;
        double d = nonZero(1.0 - (a + b) * x / (a + 1));
        d = 1.0 / d;
        double value = d;
        for (int m = 1; m <= MAX_ITERATIONS; m++) {
            // even step: d_{2m} = m (b - m) x / ((a + 2m - 1)(a + 2m))
            double even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));
            d = 1.0 / nonZero(1.0 + even * d);
            c = nonZero(1.0 + even / c);
            value *= d * c;
            // odd step: d_{2m+1} = -(a + m)(a + b + m) x / ((a + 2m)(a + 2m + 1))
            double odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1));
            d = 1.0 / nonZero(1.0 + odd * d);
            c = nonZero(1.0 + odd / c);
            double delta = d * c;
            value *= delta;
            if (Math.abs(delta - 1.0) < EPSILON) {
                return value;
            }
        }
        throw new ArithmeticException("incomplete beta continued fraction did not converge for x=" + x
                + ", a=" + a + ", b=" + b);
    }

    private static double nonZero(double v) {
        return Math.abs(v) < TINY ? TINY : v;
    }

    private static double clampProbability(double p) {
        return Math.min(1.0, Math.max(0.0, p));
    }

    private static double[] differences(double[] a, double[] b) {
        if (a == null || b == null) {
            throw new IllegalArgumentException("both samples are required");
        }
        if (a.length != b.length) {
            throw new IllegalArgumentException("paired samples must have the same length, got "
                    + a.length + " and " + b.length);
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
