package com.dipgnn.experiments;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/**
 * The "nice" ticks of one axis of an {@link SvgLinePlot}: the values {@code min, min + step, ..., max},
 * where the step is 1, 2, 2.5 or 5 times a power of ten and the axis spans exactly [min, max]; with how
 * to choose them for a data range and how to print them.
 *
 * @param min the first tick, a multiple of the step
 * @param max the last tick, a multiple of the step
 * @param step the distance between neighbouring ticks
 */
record AxisTicks(double min, double max, double step) {

    private static final int MAX_TICKS = 6;
    private static final String[] MANTISSAS = {"1", "2", "2.5", "5"};

    /** How many ticks there are, both ends included. */
    int count() {
        return (int) Math.round((max - min) / step) + 1;
    }

    /** The {@code i}-th tick; the last one is {@code max} exactly, without accumulated rounding. */
    double value(int i) {
        return i == count() - 1 ? max : min + i * step;
    }

    /** The {@code i}-th tick as its label, see {@link #format(double, double)}. */
    String label(int i) {
        return format(value(i), step);
    }

    /**
     * Nice ticks covering {@code range} ({@code {min, max}}) widened by {@code margin} of its span on both
     * sides. An empty range ({@code min > max}, as when no point is finite) becomes [0, 1]; a single value v
     * becomes v +/- 10% of |v| (or +/- 1 for 0).
     */
    static AxisTicks covering(double[] range, double margin) {
        double lo = range[0];
        double hi = range[1];
        if (!(lo <= hi)) {
            lo = 0;
            hi = 1;
        } else if (hi - lo <= Math.max(Math.abs(lo), Math.abs(hi)) * 1e-12) {
            double half = lo == 0 ? 1.0 : Math.abs(lo) * 0.1;
            lo -= half;
            hi += half;
        } else {
            double pad = (hi - lo) * margin;
            lo -= pad;
            hi += pad;
        }
        return finest(lo, hi);
    }

    /** Ticks covering [lo, hi] with the finest step (1, 2, 2.5 or 5 times a power of ten) giving at most 6. */
    private static AxisTicks finest(double lo, double hi) {
        int exponent = (int) Math.floor(Math.log10(hi - lo)) - 2;
        while (true) {
            for (String mantissa : MANTISSAS) {
                double step =
                        new BigDecimal(mantissa).scaleByPowerOfTen(exponent).doubleValue();
                double min = Math.floor(lo / step + 1e-9) * step;
                double max = Math.ceil(hi / step - 1e-9) * step;
                AxisTicks ticks = new AxisTicks(min, max, step);
                if (ticks.count() <= MAX_TICKS) {
                    return ticks;
                }
            }
            exponent++;
        }
    }

    /** Formats a tick with just enough decimals for the step, without floating-point noise. */
    static String format(double value, double step) {
        double magnitude = Math.max(Math.abs(value), step);
        if (magnitude >= 1e7 || step < 1e-5) {
            return String.format(Locale.ROOT, "%.3g", value);
        }
        int decimals = Math.max(
                0,
                BigDecimal.valueOf(step)
                        .round(new MathContext(3))
                        .stripTrailingZeros()
                        .scale());
        String s = String.format(Locale.ROOT, "%." + decimals + "f", value);
        return s.matches("-0(\\.0*)?") ? s.substring(1) : s;
    }
}
