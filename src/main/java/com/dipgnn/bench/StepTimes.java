package com.dipgnn.bench;

import java.util.Arrays;

/** Per-repeat timings (milliseconds) of one phase, with median and spread. */
public record StepTimes(double[] millis) {

    public double median() {
        return percentile(50);
    }

    /** The p-th percentile (nearest rank). */
    public double percentile(double p) {
        double[] sorted = millis.clone();
        Arrays.sort(sorted);
        int index = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }

    public double min() {
        return Arrays.stream(millis).min().orElse(Double.NaN);
    }

    public double max() {
        return Arrays.stream(millis).max().orElse(Double.NaN);
    }
}
