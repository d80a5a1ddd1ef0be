package com.dipgnn.pretraining;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Checks whether one term of the pre-training loss dominates the others by orders of magnitude,
 * as the weighted terms reach the total: the generator's at weight 1, the discriminator's at
 * lambda. A term {@value #DOMINANCE_RATIO} times the smallest leaves the others no say in the
 * gradient (a raw "year" column once made the feature regression 10^4 times the edge losses).
 */
public final class LossBalance {

    /** How many times the smallest term the largest may be before a warning. */
    public static final double DOMINANCE_RATIO = 1000;

    private LossBalance() {}

    /**
     * A warning naming the dominant term, the smallest and the ratio, with what to try; empty when
     * the terms are within {@link #DOMINANCE_RATIO} of each other (terms absent or zero are ignored).
     *
     * @param means a logging interval's mean figures ({@link PretrainMetrics} names)
     * @param lambda the discriminator's weight
     */
    public static Optional<String> warning(Map<String, Double> means, double lambda) {
        Map<String, Double> terms = new LinkedHashMap<>();
        put(terms, means, PretrainMetrics.GEN_EDGE_LOSS, 1);
        put(terms, means, PretrainMetrics.GEN_FEATURE_LOSS, 1);
        put(terms, means, PretrainMetrics.GEN_TEXT_LOSS, 1);
        put(terms, means, PretrainMetrics.DISC_EDGE_LOSS, lambda);
        put(terms, means, PretrainMetrics.DISC_FEATURE_LOSS, lambda);
        put(terms, means, PretrainMetrics.DISC_TEXT_LOSS, lambda);
        if (terms.size() < 2) {
            return Optional.empty();
        }
        Map.Entry<String, Double> largest =
                terms.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow();
        Map.Entry<String, Double> smallest =
                terms.entrySet().stream().min(Map.Entry.comparingByValue()).orElseThrow();
        double ratio = largest.getValue() / smallest.getValue();
        if (ratio < DOMINANCE_RATIO) {
            return Optional.empty();
        }
        return Optional.of(String.format(
                Locale.ROOT,
                "pre-training loss term %s (%.4g as weighted) is %.0f times %s "
                        + "(%.4g): the other terms hardly train. Raw numeric feature columns are the usual cause: "
                        + "standardise them (--standardize-features auto, the default), or check the data's scale",
                largest.getKey(),
                largest.getValue(),
                ratio,
                smallest.getKey(),
                smallest.getValue()));
    }

    private static void put(Map<String, Double> terms, Map<String, Double> means, String name, double weight) {
        Double v = means.get(name);
        if (v != null && Double.isFinite(v) && v > 0) {
            terms.put(name, v * weight);
        }
    }
}
