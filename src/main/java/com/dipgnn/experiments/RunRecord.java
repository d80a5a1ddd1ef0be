package com.dipgnn.experiments;

import java.util.List;
import java.util.Map;

/**
 * One fine-tuning run of one method.
 *
 * @param seed the run's seed
 * @param metrics split to metric to value, of the best validation checkpoint
 * @param bestStep the step of that checkpoint
 * @param seconds fine-tuning wall-clock seconds
 * @param curve the validation primary metric over fine-tuning: pairs {step, value}
 * @param probe split to metric to value of a linear probe of the encoder as fine-tuning starts
 *     (frozen), or null when not probed
 */
public record RunRecord(
        long seed,
        Map<String, Map<String, Double>> metrics,
        long bestStep,
        double seconds,
        List<double[]> curve,
        Map<String, Map<String, Double>> probe) {

    /** A run without a probe. */
    public RunRecord(
            long seed, Map<String, Map<String, Double>> metrics, long bestStep, double seconds, List<double[]> curve) {
        this(seed, metrics, bestStep, seconds, curve, null);
    }
}
