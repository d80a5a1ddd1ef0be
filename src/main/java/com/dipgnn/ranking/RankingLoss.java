package com.dipgnn.ranking;

import java.util.Locale;

/** Training losses for implicit-feedback recommendation. */
public enum RankingLoss {
    /**
     * Bayesian personalised ranking: {@code -log σ(s(u,i) - s(u,j))} for each positive (u, i)
     * and one negative j; scores are dot products.
     */
    BPR,
    /**
     * Sampled softmax: cross-entropy of the positive among the positive and the negatives, logits
     * {@code cos(u, ·) / τ} (vectors are L2-normalised for training and scoring alike).
     */
    SOFTMAX,
    /**
     * Sampled softmax over dot products: logits {@code u · i / τ}, vectors not normalised, so an
     * item's norm can carry its popularity (scored by dot products too).
     */
    DOT_SOFTMAX;

    public static RankingLoss parse(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "bpr" -> BPR;
            case "softmax", "sampled-softmax", "ssm" -> SOFTMAX;
            case "dot-softmax", "softmax-dot" -> DOT_SOFTMAX;
            default ->
                throw new IllegalArgumentException("unknown ranking loss '" + text
                        + "': use bpr, softmax (cosine logits) or dot-softmax (dot-product logits)");
        };
    }

    /** Whether the loss is a softmax over the positive and a set of negatives (cosine or dot product). */
    public boolean isSoftmax() {
        return this != BPR;
    }

    /** Whether scores are cosines (vectors normalised) rather than dot products. */
    public boolean normalizes() {
        return this == SOFTMAX;
    }
}
