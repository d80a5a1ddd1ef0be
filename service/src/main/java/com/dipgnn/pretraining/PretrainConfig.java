package com.dipgnn.pretraining;

import com.dipgnn.sampling.SamplingConfig;
import com.dipgnn.training.OptimizerConfig;

/**
 * Settings of a pre-training run; {@link #PAPER_DEFAULT} holds the paper's values.
 *
 * @param method which objective is trained
 * @param steps optimizer steps
 * @param seedNodes seed nodes per sampled subgraph
 * @param edgeMaskRatio fraction of a subgraph's edges masked (E_m)
 * @param featureMaskRatio fraction of featured nodes whose features are generated
 * @param negatives negative sources per masked edge (candidates = 1 + negatives)
 * @param alpha |E_u^d| = alpha * |E_g|
 * @param lambda weight of the discriminator's losses
 * @param temperature cosine logits are d / temperature (generator softmax and discriminator sigmoid)
 * @param optimizer AdamW settings
 * @param sampling subgraph sampling
 * @param fullGraphMaxNodes graphs with at most this many nodes are used whole each step
 * @param logEvery steps per logging interval
 * @param checkpointEvery steps between checkpoints (0 = none)
 * @param seed seeds initialisation, sampling, masking and dropout
 * @param textPair the text generator / discriminator pair (used on graphs with text by the
 *     methods whose {@link PretrainMethod#usesText()})
 * @param variant where the objective departs from the paper's ({@link ObjectiveVariant#DEFAULT})
 */
public record PretrainConfig(
        PretrainMethod method,
        int steps,
        int seedNodes,
        double edgeMaskRatio,
        double featureMaskRatio,
        int negatives,
        double alpha,
        double lambda,
        double temperature,
        OptimizerConfig optimizer,
        SamplingConfig sampling,
        int fullGraphMaxNodes,
        int logEvery,
        int checkpointEvery,
        long seed,
        TextPairConfig textPair,
        ObjectiveVariant variant) {

    /**
     * Temperature of the cosine logits. The paper's Eq. 2 shows none (1); GPT-GNN divides by 0.1.
     * 0.2 was chosen by validation micro-F1 on Cora (docs/pretraining.md): 0.1 and 0.2 tie, 1 is
     * two points lower.
     */
    public static final double DEFAULT_TEMPERATURE = 0.2;

    /** The paper's settings (with {@link #DEFAULT_TEMPERATURE}, which the paper leaves open). */
    public static final PretrainConfig PAPER_DEFAULT = new PretrainConfig(PretrainMethod.DIPGNN, 1000, 128,
            0.2, 0.2, 255, 1.0, 20.0, DEFAULT_TEMPERATURE, OptimizerConfig.PRE_TRAINING, SamplingConfig.defaults(), 5000,
            50, 200, 0, TextPairConfig.PAPER_DEFAULT, ObjectiveVariant.DEFAULT);

    public PretrainConfig {
        if (method == null || method == PretrainMethod.NONE) {
            throw new IllegalArgumentException("a pre-training run needs a method other than 'none'");
        }
        require(steps >= 1, "steps must be at least 1 (got " + steps + ")");
        require(seedNodes >= 1, "seed nodes must be at least 1 (got " + seedNodes + ")");
        require(edgeMaskRatio > 0 && edgeMaskRatio < 1, "edge mask ratio must be in (0, 1) (got " + edgeMaskRatio + ")");
        require(featureMaskRatio > 0 && featureMaskRatio < 1,
                "feature mask ratio must be in (0, 1) (got " + featureMaskRatio + ")");
        require(negatives >= 1, "negatives must be at least 1 (got " + negatives + ")");
        require(alpha > 0, "alpha must be positive (got " + alpha + ")");
        require(lambda >= 0, "lambda must be non-negative (got " + lambda + ")");
        require(temperature > 0, "temperature must be positive (got " + temperature + ")");
        require(logEvery >= 1, "log interval must be at least 1 (got " + logEvery + ")");
        require(textPair != null, "the text pair settings are missing");
        require(variant != null, "the objective variant is missing");
        require(variant.generatorWarmup() < steps, "generator warm-up (" + variant.generatorWarmup()
                + " steps) must leave steps for the discriminator (of " + steps + ")");
        require(checkpointEvery >= 0, "checkpoint interval must be non-negative (got " + checkpointEvery + ")");
    }

    public PretrainConfig withTextPair(TextPairConfig t) {
        return new PretrainConfig(method, steps, seedNodes, edgeMaskRatio, featureMaskRatio, negatives, alpha, lambda,
                temperature, optimizer, sampling, fullGraphMaxNodes, logEvery, checkpointEvery, seed, t, variant);
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }

    public PretrainConfig withMethod(PretrainMethod m) {
        return new PretrainConfig(m, steps, seedNodes, edgeMaskRatio, featureMaskRatio, negatives, alpha, lambda,
                temperature, optimizer, sampling, fullGraphMaxNodes, logEvery, checkpointEvery, seed, textPair, variant);
    }

    public PretrainConfig withSteps(int s) {
        return new PretrainConfig(method, s, seedNodes, edgeMaskRatio, featureMaskRatio, negatives, alpha, lambda,
                temperature, optimizer, sampling, fullGraphMaxNodes, logEvery, checkpointEvery, seed, textPair, variant);
    }

    public PretrainConfig withSeed(long s) {
        return new PretrainConfig(method, steps, seedNodes, edgeMaskRatio, featureMaskRatio, negatives, alpha, lambda,
                temperature, optimizer, sampling, fullGraphMaxNodes, logEvery, checkpointEvery, s, textPair, variant);
    }

    public PretrainConfig withCheckpointEvery(int every) {
        return new PretrainConfig(method, steps, seedNodes, edgeMaskRatio, featureMaskRatio, negatives, alpha, lambda,
                temperature, optimizer, sampling, fullGraphMaxNodes, logEvery, every, seed, textPair, variant);
    }

    public PretrainConfig withMasking(double edges, double features) {
        return new PretrainConfig(method, steps, seedNodes, edges, features, negatives, alpha, lambda,
                temperature, optimizer, sampling, fullGraphMaxNodes, logEvery, checkpointEvery, seed, textPair, variant);
    }

    public PretrainConfig withObjectiveWeights(int negativeCount, double a, double l, double t) {
        return new PretrainConfig(method, steps, seedNodes, edgeMaskRatio, featureMaskRatio, negativeCount, a, l,
                t, optimizer, sampling, fullGraphMaxNodes, logEvery, checkpointEvery, seed, textPair, variant);
    }

    public PretrainConfig withSampling(SamplingConfig s, int seeds, int fullGraphMax) {
        return new PretrainConfig(method, steps, seeds, edgeMaskRatio, featureMaskRatio, negatives, alpha, lambda,
                temperature, optimizer, s, fullGraphMax, logEvery, checkpointEvery, seed, textPair, variant);
    }

    public PretrainConfig withOptimizer(OptimizerConfig o) {
        return new PretrainConfig(method, steps, seedNodes, edgeMaskRatio, featureMaskRatio, negatives, alpha, lambda,
                temperature, o, sampling, fullGraphMaxNodes, logEvery, checkpointEvery, seed, textPair, variant);
    }

    public PretrainConfig withVariant(ObjectiveVariant v) {
        return new PretrainConfig(method, steps, seedNodes, edgeMaskRatio, featureMaskRatio, negatives, alpha, lambda,
                temperature, optimizer, sampling, fullGraphMaxNodes, logEvery, checkpointEvery, seed, textPair, v);
    }

    public PretrainConfig withLogEvery(int every) {
        return new PretrainConfig(method, steps, seedNodes, edgeMaskRatio, featureMaskRatio, negatives, alpha, lambda,
                temperature, optimizer, sampling, fullGraphMaxNodes, every, checkpointEvery, seed, textPair, variant);
    }
}
