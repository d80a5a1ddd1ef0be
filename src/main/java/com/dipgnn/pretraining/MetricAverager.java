package com.dipgnn.pretraining;

import java.util.LinkedHashMap;
import java.util.Map;

/** Running means of step figures (non-finite values are skipped), exportable for checkpoints. */
final class MetricAverager {

    private final Map<String, double[]> sums = new LinkedHashMap<>();
    private int steps;

    void add(Map<String, Double> stats) {
        steps++;
        stats.forEach((name, value) -> {
            if (value != null && Double.isFinite(value)) {
                double[] s = sums.computeIfAbsent(name, k -> new double[2]);
                s[0] += value;
                s[1]++;
            }
        });
    }

    int steps() {
        return steps;
    }

    Map<String, Double> means() {
        Map<String, Double> out = new LinkedHashMap<>();
        sums.forEach((name, s) -> out.put(name, s[0] / s[1]));
        return out;
    }

    void clear() {
        sums.clear();
        steps = 0;
    }

    /** Sums and counts, for a checkpoint. */
    Map<String, double[]> export() {
        Map<String, double[]> copy = new LinkedHashMap<>();
        sums.forEach((name, s) -> copy.put(name, s.clone()));
        copy.put("__steps", new double[] {steps, 0});
        return copy;
    }

    void restore(Map<String, double[]> state) {
        clear();
        state.forEach((name, s) -> {
            if (name.equals("__steps")) {
                steps = (int) s[0];
            } else {
                sums.put(name, s.clone());
            }
        });
    }
}
