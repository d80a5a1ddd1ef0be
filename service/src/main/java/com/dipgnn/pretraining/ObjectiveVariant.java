package com.dipgnn.pretraining;

/**
 * Where a pre-training objective departs from the paper's, for the controlled experiments of
 * docs/results.md ("transfer to node classification"); {@link #PAPER} is the paper's objective.
 *
 * @param featureReplacement how generated features are made (the paper: {@link FeatureReplacement#REGRESSED})
 * @param generatorWarmup steps at the start during which only the generator's losses are trained
 *     (the discriminator's weight is 0), so that it starts against a generator that already
 *     picks well (the paper: 0)
 */
public record ObjectiveVariant(FeatureReplacement featureReplacement, int generatorWarmup) {

    /** The paper's objective. */
    public static final ObjectiveVariant PAPER = new ObjectiveVariant(FeatureReplacement.REGRESSED, 0);

    public ObjectiveVariant {
        if (featureReplacement == null) {
            throw new IllegalArgumentException("the feature replacement is missing");
        }
        if (generatorWarmup < 0) {
            throw new IllegalArgumentException("generator warm-up must be at least 0 steps (got " + generatorWarmup + ")");
        }
    }
}
