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
 * @param generatedEdges how the generator chooses the generated source of a masked edge (the paper:
 *     {@link GeneratedEdges#MOST_LIKELY})
 * @param generatorShare p: the share of generated sources the generator chooses; the others are
 *     drawn uniformly among the edge's candidates (the true source included, which then counts as
 *     original). 1 (the paper): every one; 0: a uniform draw, whatever the generator learns. Null
 *     (a model or checkpoint written before the setting): 1
 * @param generatorTemperature tau_g: the generator's draw ({@link GeneratedEdges#SAMPLED}) is from
 *     softmax(d / tau_g); 0 or null: the pre-training temperature, the generator's own loss's
 * @param hardeningSteps over the first this many steps the generator's share rises linearly from 0 to
 *     {@code generatorShare}: negatives start uniform and harden; 0 or null: the share from the start
 * @param generatorWidth the generator encoder's hidden width as a fraction of the discriminator's
 *     (ELECTRA found a quarter to a half best), rounded to a multiple of the heads; applies to methods
 *     that keep the discriminator; 1 or null (the paper): the same width
 */
public record ObjectiveVariant(
        FeatureReplacement featureReplacement,
        int generatorWarmup,
        LossReduction reduction,
        double discriminatorTemperature,
        boolean heldOutDiscrimination,
        GeneratedEdges generatedEdges,
        Double generatorShare,
        Double generatorTemperature,
        Integer hardeningSteps,
        Double generatorWidth) {

    /**
     * The product's default objective: real replacement vectors (issue 17) and the discriminator's
     * generated sources drawn uniformly among each masked edge's candidates, the generator's share
     * 0 (issue 49: on Cora at 10% of the labels the kept encoder fine-tunes to 51.8 micro-F1 with
     * uniform negatives against 38.1 with the generator's every pick, falling step by step as the
     * share rises; on Facebook every share is within the run-to-run spread, the uniform one first
     * by validation; docs/results.md, "What DiP-GNN's negatives teach").
     */
    public static final ObjectiveVariant DEFAULT = new ObjectiveVariant(
            FeatureReplacement.SAMPLED, 0, LossReduction.MEAN, 0, false, GeneratedEdges.SAMPLED, 0.0, 0.0, 0, 1.0);

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
        generatorShare = generatorShare == null ? 1.0 : generatorShare;
        generatorTemperature = generatorTemperature == null ? 0.0 : generatorTemperature;
        hardeningSteps = hardeningSteps == null ? 0 : hardeningSteps;
        generatorWidth = generatorWidth == null ? 1.0 : generatorWidth;
        if (!(generatorShare >= 0 && generatorShare <= 1)) {
            throw new IllegalArgumentException(
                    "the generator's share of generated sources must be in [0, 1] (got " + generatorShare + ")");
        }
        if (!(generatorTemperature >= 0) || generatorTemperature.isInfinite()) {
            throw new IllegalArgumentException("the generator's sampling temperature must be positive, or 0 for the "
                    + "pre-training temperature (got " + generatorTemperature + ")");
        }
        if (hardeningSteps < 0) {
            throw new IllegalArgumentException(
                    "hardening steps must be at least 0 (got " + hardeningSteps + "); 0: no schedule");
        }
        if (!(generatorWidth > 0 && generatorWidth <= 1)) {
            throw new IllegalArgumentException(
                    "the generator's width must be a fraction in (0, 1] of the discriminator's (got " + generatorWidth
                            + ")");
        }
    }

    /** A variant in which the generator chooses every generated source, at the pre-training temperature, at full width. */
    public ObjectiveVariant(
            FeatureReplacement featureReplacement,
            int generatorWarmup,
            LossReduction reduction,
            double discriminatorTemperature,
            boolean heldOutDiscrimination,
            GeneratedEdges generatedEdges) {
        this(
                featureReplacement,
                generatorWarmup,
                reduction,
                discriminatorTemperature,
                heldOutDiscrimination,
                generatedEdges,
                null,
                null,
                null,
                null);
    }

    /**
     * The generator's share of generated sources at {@code step} (1-based): {@code generatorShare}, or
     * during the first {@code hardeningSteps} steps that share times step / hardeningSteps.
     */
    public double generatorShareAt(long step) {
        if (hardeningSteps == 0 || step >= hardeningSteps) {
            return generatorShare;
        }
        return generatorShare * Math.max(0, step) / hardeningSteps;
    }

    /** This variant with the generator's share, its sampling temperature and the hardening schedule. */
    public ObjectiveVariant withNegatives(double share, double temperature, int hardening) {
        return withDial(share, temperature, hardening, generatorWidth);
    }

    /** This variant with the generator at {@code width} of the discriminator's hidden width. */
    public ObjectiveVariant withGeneratorWidth(double width) {
        return withDial(generatorShare, generatorTemperature, hardeningSteps, width);
    }

    private ObjectiveVariant withDial(Double share, Double temperature, Integer hardening, Double width) {
        return new ObjectiveVariant(
                featureReplacement,
                generatorWarmup,
                reduction,
                discriminatorTemperature,
                heldOutDiscrimination,
                generatedEdges,
                share,
                temperature,
                hardening,
                width);
    }

    /**
     * The objective as {@code method} trains it: replacements matter only to a discriminator, so a
     * method that does not discriminate features keeps the paper's regression (GPT-GNN-style
     * generates attributes), and one that does not discriminate edges the most likely sources,
     * all chosen by the generator. A method that keeps its generator keeps it at full width.
     */
    public ObjectiveVariant effectiveFor(PretrainMethod method) {
        boolean edges = method.discriminatesEdges();
        return new ObjectiveVariant(
                method.discriminatesFeatures() ? featureReplacement : FeatureReplacement.REGRESSED,
                generatorWarmup,
                reduction,
                discriminatorTemperature,
                heldOutDiscrimination,
                edges ? generatedEdges : GeneratedEdges.MOST_LIKELY,
                edges ? generatorShare : 1.0,
                edges ? generatorTemperature : 0.0,
                edges ? hardeningSteps : 0,
                method.kept() == PretrainMethod.Kept.DISCRIMINATOR ? generatorWidth : 1.0);
    }
}
