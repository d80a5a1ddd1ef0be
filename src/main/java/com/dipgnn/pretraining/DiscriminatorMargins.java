package com.dipgnn.pretraining;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Each discriminator's accuracy read against its trivial rate, in words, from a step's or interval's figures. */
public final class DiscriminatorMargins {

    private record Kind(String name, String accuracy, String trivialRate) {}

    private static final List<Kind> KINDS = List.of(
            new Kind("edge", PretrainMetrics.DISC_ACCURACY, PretrainMetrics.DISC_TRIVIAL_RATE),
            new Kind("feature", PretrainMetrics.DISC_FEATURE_ACCURACY, PretrainMetrics.DISC_FEATURE_TRIVIAL_RATE),
            new Kind("text", PretrainMetrics.DISC_TEXT_ACCURACY, PretrainMetrics.DISC_TEXT_TRIVIAL_RATE));

    private DiscriminatorMargins() {}

    /**
     * One line per discriminator the figures have, e.g. {@code edge discriminator: accuracy 0.886
     * against a trivial 0.502 (margin +0.384)}.
     */
    public static List<String> describe(Map<String, Double> figures) {
        List<String> lines = new ArrayList<>();
        for (Kind k : KINDS) {
            Double accuracy = figures.get(k.accuracy());
            Double trivial = figures.get(k.trivialRate());
            if (accuracy != null && trivial != null) {
                lines.add(String.format(
                        Locale.ROOT,
                        "%s discriminator: accuracy %.3f against a trivial %.3f (margin %+.3f)",
                        k.name(),
                        accuracy,
                        trivial,
                        accuracy - trivial));
            }
        }
        return lines;
    }
}
