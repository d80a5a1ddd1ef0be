package com.dipgnn.ranking;

import com.dipgnn.naming.EnumNames;

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

    private static final EnumNames<RankingLoss> NAMES = EnumNames.of(RankingLoss.class, "ranking loss")
            .alias(SOFTMAX, "sampled-softmax", "ssm")
            .note(SOFTMAX, "cosine logits")
            .alias(DOT_SOFTMAX, "softmax-dot")
            .note(DOT_SOFTMAX, "dot-product logits")
            .build();

    /** Parses a command-line / API name, case-insensitively. */
    public static RankingLoss parse(String text) {
        return NAMES.parse(text);
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
