package com.dipgnn.pretraining;

import com.dipgnn.optim.OptimizerConfig;
import com.dipgnn.sampling.SamplingConfig;
import com.dipgnn.sampling.WholeGraphBudget;

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
 * @param fullGraphMaxBytes and only while one whole-graph step's estimated per-edge arrays stay within
 *     this many bytes ({@link WholeGraphBudget}); null (manifests written before the bound could be
 *     set) means {@link WholeGraphBudget#DEFAULT_MAX_EDGE_BYTES}
 * @param logEvery steps per logging interval
 * @param checkpointEvery steps between checkpoints (0 = none)
 * @param seed seeds initialisation, sampling, masking and dropout
 * @param textPair the text generator / discriminator pair (used on graphs with text by the
 *     methods whose {@link PretrainMethod#usesText()})
 * @param variant where the objective departs from the paper's ({@link ObjectiveVariant#DEFAULT})
 * @param dropout dropout of the pre-trained encoders, its own setting apart from fine-tuning's (the
 *     paper: 0.2, {@link #DEFAULT_DROPOUT}; null, for settings written before it was one: that)
 * @param warmupSteps over the first this many steps the learning rate rises linearly from 0 to the
 *     optimizer's ({@link #learningRateFactor}); 0, the default, none (null, for settings written before
 *     it was one: 0)
 * @param textWarmupSteps over the first this many steps the text pair's Transformers alone take a learning
 *     rate rising linearly from 0 ({@link #textLearningRateFactor}), on top of {@code warmupSteps}: their
 *     post-norm layers stay at the label prior without one at the paper's rate, where the GNN learns best
 *     without; 0, the default, none (null, for settings written before it was one: 0)
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
        Long fullGraphMaxBytes,
        int logEvery,
        int checkpointEvery,
        long seed,
        TextPairConfig textPair,
        ObjectiveVariant variant,
        Double dropout,
        Integer warmupSteps,
        Integer textWarmupSteps) {

    /** The paper's pre-training dropout. */
    public static final double DEFAULT_DROPOUT = 0.2;

    /**
     * Temperature of the cosine logits. The paper's Eq. 2 shows none (1); GPT-GNN divides by 0.1.
     * 0.2 was chosen by validation micro-F1 on Cora (docs/pretraining.md): 0.1 and 0.2 tie, 1 is
     * two points lower.
     */
    public static final double DEFAULT_TEMPERATURE = 0.2;

    /** The paper's settings (with {@link #DEFAULT_TEMPERATURE}, which the paper leaves open). */
    public static final PretrainConfig PAPER_DEFAULT = new PretrainConfig(
            PretrainMethod.DIPGNN,
            1000,
            128,
            0.2,
            0.2,
            255,
            1.0,
            20.0,
            DEFAULT_TEMPERATURE,
            OptimizerConfig.PRE_TRAINING,
            SamplingConfig.defaults(),
            5000,
            WholeGraphBudget.DEFAULT_MAX_EDGE_BYTES,
            50,
            200,
            0,
            TextPairConfig.PAPER_DEFAULT,
            ObjectiveVariant.DEFAULT,
            DEFAULT_DROPOUT,
            0,
            0);

    public PretrainConfig {
        if (method == null || method == PretrainMethod.NONE) {
            throw new IllegalArgumentException("a pre-training run needs a method other than 'none'");
        }
        require(steps >= 1, "steps must be at least 1 (got " + steps + ")");
        require(seedNodes >= 1, "seed nodes must be at least 1 (got " + seedNodes + ")");
        require(
                edgeMaskRatio > 0 && edgeMaskRatio < 1,
                "edge mask ratio must be in (0, 1) (got " + edgeMaskRatio + ")");
        require(
                featureMaskRatio > 0 && featureMaskRatio < 1,
                "feature mask ratio must be in (0, 1) (got " + featureMaskRatio + ")");
        require(negatives >= 1, "negatives must be at least 1 (got " + negatives + ")");
        require(alpha > 0, "alpha must be positive (got " + alpha + ")");
        require(lambda >= 0, "lambda must be non-negative (got " + lambda + ")");
        require(temperature > 0, "temperature must be positive (got " + temperature + ")");
        require(logEvery >= 1, "log interval must be at least 1 (got " + logEvery + ")");
        require(textPair != null, "the text pair settings are missing");
        require(variant != null, "the objective variant is missing");
        require(
                variant.generatorWarmup() < steps,
                "generator warm-up (" + variant.generatorWarmup()
                        + " steps) must leave steps for the discriminator (of " + steps + ")");
        require(checkpointEvery >= 0, "checkpoint interval must be non-negative (got " + checkpointEvery + ")");
        require(
                fullGraphMaxNodes >= 0,
                "the whole-graph node bound must not be negative (got " + fullGraphMaxNodes
                        + "); 0 samples subgraphs at every step");
        fullGraphMaxBytes = WholeGraphBudget.checkedMaxBytes(fullGraphMaxBytes);
        dropout = dropout == null ? DEFAULT_DROPOUT : dropout;
        require(dropout >= 0 && dropout < 1, "pre-training dropout must be in [0, 1) (got " + dropout + ")");
        warmupSteps = warmupSteps == null ? 0 : warmupSteps;
        require(
                warmupSteps >= 0,
                "warmupSteps (learning-rate warmup) must be at least 0 (got " + warmupSteps + "); 0: no warmup");
        textWarmupSteps = textWarmupSteps == null ? 0 : textWarmupSteps;
        require(
                textWarmupSteps >= 0,
                "textWarmupSteps (the text pair's learning-rate warmup) must be at least 0 (got " + textWarmupSteps
                        + "); 0: no warmup");
    }

    /**
     * The factor of the learning rate the text pair's Transformers take at {@code step} on top of
     * {@link #learningRateFactor}: min(1, step / textWarmupSteps) during their warmup, 1 after it and
     * without one.
     */
    public double textLearningRateFactor(long step) {
        return linearWarmup(step, textWarmupSteps);
    }

    /**
     * The factor of the configured learning rate at {@code step} (1, 2, ...): min(1, step / warmupSteps)
     * during the warmup, 1 after it and without one.
     */
    public double learningRateFactor(long step) {
        return linearWarmup(step, warmupSteps);
    }

    private static double linearWarmup(long step, int warmup) {
        if (warmup == 0 || step >= warmup) {
            return 1.0;
        }
        return (double) Math.max(0, step) / warmup;
    }

    /**
     * Refuses to keep a generator narrower than the discriminator ({@link ObjectiveVariant#generatorWidth}):
     * it could not be saved as the model's architecture.
     *
     * @throws IllegalArgumentException naming the width and what to do instead
     */
    public void requireKeepable(PretrainMethod.Kept kept) {
        double width = variant.effectiveFor(method).generatorWidth();
        if (kept == PretrainMethod.Kept.GENERATOR && width != 1) {
            throw new IllegalArgumentException("the generator is " + width + " of the discriminator's width, so it "
                    + "cannot be kept as the model; keep the discriminator, or pre-train with generator width 1");
        }
    }

    /** When a step of this pre-training may take the whole graph, as far as its node and memory bounds go. */
    public WholeGraphBudget wholeGraphBudget() {
        return new WholeGraphBudget(fullGraphMaxNodes, fullGraphMaxBytes);
    }

    public PretrainConfig withTextPair(TextPairConfig t) {
        return toBuilder().textPair(t).build();
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }

    public PretrainConfig withMethod(PretrainMethod m) {
        return toBuilder().method(m).build();
    }

    public PretrainConfig withSteps(int s) {
        return toBuilder().steps(s).build();
    }

    public PretrainConfig withSeed(long s) {
        return toBuilder().seed(s).build();
    }

    public PretrainConfig withCheckpointEvery(int every) {
        return toBuilder().checkpointEvery(every).build();
    }

    public PretrainConfig withMasking(double edges, double features) {
        return toBuilder().edgeMaskRatio(edges).featureMaskRatio(features).build();
    }

    public PretrainConfig withObjectiveWeights(int negativeCount, double a, double l, double t) {
        return toBuilder()
                .negatives(negativeCount)
                .alpha(a)
                .lambda(l)
                .temperature(t)
                .build();
    }

    public PretrainConfig withSampling(SamplingConfig s, int seeds, int fullGraphMax) {
        return toBuilder()
                .sampling(s)
                .seedNodes(seeds)
                .fullGraphMaxNodes(fullGraphMax)
                .build();
    }

    public PretrainConfig withOptimizer(OptimizerConfig o) {
        return toBuilder().optimizer(o).build();
    }

    public PretrainConfig withVariant(ObjectiveVariant v) {
        return toBuilder().variant(v).build();
    }

    public PretrainConfig withLogEvery(int every) {
        return toBuilder().logEvery(every).build();
    }

    /** A builder starting from this configuration. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Changes a configuration field by field; {@link #build} checks the result as the constructor does. */
    public static final class Builder {
        private PretrainMethod method;
        private int steps;
        private int seedNodes;
        private double edgeMaskRatio;
        private double featureMaskRatio;
        private int negatives;
        private double alpha;
        private double lambda;
        private double temperature;
        private OptimizerConfig optimizer;
        private SamplingConfig sampling;
        private int fullGraphMaxNodes;
        private Long fullGraphMaxBytes;
        private int logEvery;
        private int checkpointEvery;
        private long seed;
        private TextPairConfig textPair;
        private ObjectiveVariant variant;
        private Double dropout;
        private Integer warmupSteps;
        private Integer textWarmupSteps;

        private Builder(PretrainConfig c) {
            method = c.method;
            steps = c.steps;
            seedNodes = c.seedNodes;
            edgeMaskRatio = c.edgeMaskRatio;
            featureMaskRatio = c.featureMaskRatio;
            negatives = c.negatives;
            alpha = c.alpha;
            lambda = c.lambda;
            temperature = c.temperature;
            optimizer = c.optimizer;
            sampling = c.sampling;
            fullGraphMaxNodes = c.fullGraphMaxNodes;
            fullGraphMaxBytes = c.fullGraphMaxBytes;
            logEvery = c.logEvery;
            checkpointEvery = c.checkpointEvery;
            seed = c.seed;
            textPair = c.textPair;
            variant = c.variant;
            dropout = c.dropout;
            warmupSteps = c.warmupSteps;
            textWarmupSteps = c.textWarmupSteps;
        }

        public Builder method(PretrainMethod value) {
            method = value;
            return this;
        }

        public Builder steps(int value) {
            steps = value;
            return this;
        }

        public Builder seedNodes(int value) {
            seedNodes = value;
            return this;
        }

        public Builder edgeMaskRatio(double value) {
            edgeMaskRatio = value;
            return this;
        }

        public Builder featureMaskRatio(double value) {
            featureMaskRatio = value;
            return this;
        }

        public Builder negatives(int value) {
            negatives = value;
            return this;
        }

        public Builder alpha(double value) {
            alpha = value;
            return this;
        }

        public Builder lambda(double value) {
            lambda = value;
            return this;
        }

        public Builder temperature(double value) {
            temperature = value;
            return this;
        }

        public Builder optimizer(OptimizerConfig value) {
            optimizer = value;
            return this;
        }

        public Builder sampling(SamplingConfig value) {
            sampling = value;
            return this;
        }

        public Builder fullGraphMaxNodes(int value) {
            fullGraphMaxNodes = value;
            return this;
        }

        public Builder fullGraphMaxBytes(long value) {
            fullGraphMaxBytes = value;
            return this;
        }

        public Builder logEvery(int value) {
            logEvery = value;
            return this;
        }

        public Builder checkpointEvery(int value) {
            checkpointEvery = value;
            return this;
        }

        public Builder seed(long value) {
            seed = value;
            return this;
        }

        public Builder textPair(TextPairConfig value) {
            textPair = value;
            return this;
        }

        public Builder variant(ObjectiveVariant value) {
            variant = value;
            return this;
        }

        public Builder dropout(double value) {
            dropout = value;
            return this;
        }

        public Builder warmupSteps(int value) {
            warmupSteps = value;
            return this;
        }

        public Builder textWarmupSteps(int value) {
            textWarmupSteps = value;
            return this;
        }

        public PretrainConfig build() {
            return new PretrainConfig(
                    method,
                    steps,
                    seedNodes,
                    edgeMaskRatio,
                    featureMaskRatio,
                    negatives,
                    alpha,
                    lambda,
                    temperature,
                    optimizer,
                    sampling,
                    fullGraphMaxNodes,
                    fullGraphMaxBytes,
                    logEvery,
                    checkpointEvery,
                    seed,
                    textPair,
                    variant,
                    dropout,
                    warmupSteps,
                    textWarmupSteps);
        }
    }
}
