package com.dipgnn.experiments;

import com.dipgnn.pretraining.PretrainMethod;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The results of one method: its runs and its pre-training figures.
 *
 * @param method the method
 * @param runs the fine-tuning runs, in seed order
 * @param pretrainSteps pre-training steps per pre-training (0 for no pre-training)
 * @param pretrainSeconds mean wall-clock seconds of one pre-training
 * @param pretrainFinal the last logging interval's figures of the (first) pre-training
 * @param pretrainHistory every logging interval's figures of the (first) pre-training: step to figures
 */
public record MethodReport(
        PretrainMethod method,
        List<RunRecord> runs,
        long pretrainSteps,
        double pretrainSeconds,
        Map<String, Double> pretrainFinal,
        Map<Long, Map<String, Double>> pretrainHistory) {

    /** The test value of {@code metric} of every run, in seed order. */
    public double[] test(String metric) {
        return runs.stream()
                .mapToDouble(r -> r.metrics().get("test").get(metric))
                .toArray();
    }

    /** The linear probe's test value of {@code metric} of every run, in seed order; empty when not probed. */
    public double[] probeTest(String metric) {
        if (runs.stream().anyMatch(r -> r.probe() == null)) {
            return new double[0];
        }
        return runs.stream().mapToDouble(r -> r.probe().get("test").get(metric)).toArray();
    }

    public double mean(String metric) {
        return Arrays.stream(test(metric)).average().orElse(Double.NaN);
    }

    /** Sample standard deviation over runs (0 for a single run). */
    public double std(String metric) {
        double[] v = test(metric);
        if (v.length < 2) {
            return 0;
        }
        double m = mean(metric);
        double ss = 0;
        for (double x : v) {
            ss += (x - m) * (x - m);
        }
        return Math.sqrt(ss / (v.length - 1));
    }
}
