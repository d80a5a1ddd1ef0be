package com.dipgnn.ranking;

import java.util.List;

/**
 * A popularity prior added to a link model's ranking score: {@code score(s, t) + beta * log(1 + d_t)},
 * where {@code d_t} is the number of edges of the predicted relation into candidate {@code t}. The
 * trainable cosine cannot carry popularity (it removes the vectors' norms, which in a dot product
 * do), and interaction data sets lean towards popular items: on Gowalla, beta 0.02 chosen by
 * validation added about 0.007 test Recall@20 (docs/results.md, "Recommendation").
 *
 * <p>Stored in a fine-tuned model's manifest as the section {@link #SECTION}; serving ranks with it.
 *
 * @param beta the weight of the log-degree term; 0 ranks by the model's score alone
 * @param chosenBy how beta was set: {@code off}, {@code fixed} or {@code validation}
 * @param metric the validation metric beta was chosen by; null unless chosen by validation
 * @param trials each beta tried and its validation value, in the order tried; empty unless chosen
 *     by validation
 */
public record PopularityPrior(double beta, String chosenBy, String metric, List<Trial> trials) {

    /** The manifest section a fine-tuned link model keeps its prior under. */
    public static final String SECTION = "popularity_prior";

    /** No prior: the model's own scores. */
    public static final PopularityPrior NONE = new PopularityPrior(0, "off", null, List.of());

    /**
     * One candidate beta and its validation value.
     *
     * @param beta the weight tried
     * @param validation the validation metric with it
     */
    public record Trial(double beta, double validation) {}

    public PopularityPrior {
        if (!Double.isFinite(beta) || beta < 0) {
            throw new IllegalArgumentException(
                    "the popularity prior's weight must be finite and not negative; got " + beta);
        }
        trials = trials == null ? List.of() : List.copyOf(trials);
    }

    /** Whether scores change at all. */
    public boolean changesScores() {
        return beta > 0;
    }

    /** What the prior adds to the score of a candidate with {@code degree} edges of the relation. */
    public float term(int degree) {
        return (float) (beta * Math.log1p(degree));
    }

    /**
     * The prior's term for every candidate, from the targets of the relation's edges.
     *
     * @param targets the target of each edge (any order)
     * @param candidates number of candidate nodes (ids {@code 0..candidates-1})
     */
    public float[] terms(int[] targets, int candidates) {
        return scaled(logDegrees(targets, candidates), (float) beta);
    }

    /** log(1 + in-degree) of each candidate, from the targets of the relation's edges. */
    public static float[] logDegrees(int[] targets, int candidates) {
        int[] degree = new int[candidates];
        for (int t : targets) {
            degree[t]++;
        }
        float[] out = new float[candidates];
        for (int i = 0; i < candidates; i++) {
            out[i] = (float) Math.log1p(degree[i]);
        }
        return out;
    }

    private static float[] scaled(float[] values, float factor) {
        float[] out = new float[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = values[i] * factor;
        }
        return out;
    }
}
