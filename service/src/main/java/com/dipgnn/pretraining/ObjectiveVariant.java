package com.dipgnn.pretraining;

/**
 * Where a pre-training objective departs from the paper's, for the controlled experiments of
 * docs/results.md ("transfer to node classification"); {@link #DEFAULT} is the product's objective,
 * which departs from the paper's in its reduction only (means instead of sums, see {@link LossReduction}).
 *
 * @param featureReplacement how generated features are made (the paper: {@link FeatureReplacement#REGRESSED})
 * @param generatorWarmup steps at the start during which only the generator's losses are trained
 *     (the discriminator's weight is 0), so that it starts against a generator that already
 *     picks well (the paper: 0)
 * @param reduction how each loss term reduces over its items (the paper: {@link LossReduction#SUM})
 */
public record ObjectiveVariant(FeatureReplacement featureReplacement, int generatorWarmup, LossReduction reduction) {

    /** The product's default objective. */
    public static final ObjectiveVariant DEFAULT = new ObjectiveVariant(FeatureReplacement.REGRESSED, 0,
            LossReduction.MEAN);

    public ObjectiveVariant {
        if (featureReplacement == null) {
            throw new IllegalArgumentException("the feature replacement is missing");
        }
        if (reduction == null) {
            throw new IllegalArgumentException("the loss reduction is missing");
        }
        if (generatorWarmup < 0) {
            throw new IllegalArgumentException("generator warm-up must be at least 0 steps (got " + generatorWarmup + ")");
        }
    }
}
