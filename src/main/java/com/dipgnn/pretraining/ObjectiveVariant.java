package com.dipgnn.pretraining;

/**
 * Where a pre-training objective departs from the paper's, for the controlled experiments of
 * docs/results.md ("Making the discriminator transfer"); {@link #DEFAULT} is the product's objective,
 * {@link #PAPER} the paper's.
 *
 * @param featureReplacement how generated features are made (the paper: {@link FeatureReplacement#REGRESSED})
 * @param generatorWarmup steps at the start during which only the generator's losses are trained
 *     (the discriminator's weight is 0), so that it starts against a generator that already
 *     picks well (the paper: 0)
 * @param reduction how each loss term reduces over its items (the paper: {@link LossReduction#SUM})
 * @param discriminatorTemperature the edge discriminator's logits are d / this; 0: the pre-training
 *     temperature, as the generator's (the paper: 1, p = sigmoid(d))
 * @param heldOutDiscrimination false (the paper): the discriminator encodes E_u plus the generated
 *     edges and tells E_g from a sample of E_u, edges in its own input; true: it encodes E_u only and
 *     tells the masked edges from the generated ones, neither of which it sees
 * @param generatedEdges how the generated source of a masked edge is chosen (the paper:
 *     {@link GeneratedEdges#MOST_LIKELY})
 */
public record ObjectiveVariant(
        FeatureReplacement featureReplacement,
        int generatorWarmup,
        LossReduction reduction,
        double discriminatorTemperature,
        boolean heldOutDiscrimination,
        GeneratedEdges generatedEdges) {

    /**
     * The product's default objective: real replacement vectors and drawn generated sources (both
     * measured on Cora, docs/results.md: +3.4 micro-F1 over the paper's objective, p = 0.0001).
     */
    public static final ObjectiveVariant DEFAULT =
            new ObjectiveVariant(FeatureReplacement.SAMPLED, 0, LossReduction.MEAN, 0, false, GeneratedEdges.SAMPLED);

    /** The paper's objective, as far as it specifies one (its sums, its replacements, its most likely sources). */
    public static final ObjectiveVariant PAPER = new ObjectiveVariant(
            FeatureReplacement.REGRESSED, 0, LossReduction.SUM, 1, false, GeneratedEdges.MOST_LIKELY);

    public ObjectiveVariant {
        if (featureReplacement == null) {
            throw new IllegalArgumentException("the feature replacement is missing");
        }
        if (generatedEdges == null) {
            throw new IllegalArgumentException("how generated edges are chosen is missing");
        }
        if (reduction == null) {
            throw new IllegalArgumentException("the loss reduction is missing");
        }
        if (!(discriminatorTemperature >= 0) || Double.isInfinite(discriminatorTemperature)) {
            throw new IllegalArgumentException("the discriminator's temperature must be positive, or 0 for the "
                    + "pre-training temperature (got " + discriminatorTemperature + ")");
        }
        if (generatorWarmup < 0) {
            throw new IllegalArgumentException(
                    "generator warm-up must be at least 0 steps (got " + generatorWarmup + ")");
        }
    }

    /**
     * The objective as {@code method} trains it: replacements matter only to a discriminator, so a
     * method that does not discriminate features keeps the paper's regression (GPT-GNN-style
     * generates attributes), and one that does not discriminate edges the most likely sources.
     */
    public ObjectiveVariant effectiveFor(PretrainMethod method) {
        return new ObjectiveVariant(
                method.discriminatesFeatures() ? featureReplacement : FeatureReplacement.REGRESSED,
                generatorWarmup,
                reduction,
                discriminatorTemperature,
                heldOutDiscrimination,
                method.discriminatesEdges() ? generatedEdges : GeneratedEdges.MOST_LIKELY);
    }
}
