package com.dipgnn.optim;

/**
 * AdamW settings. Fine-tuning defaults are the paper's: betas 0.9/0.999, epsilon 1e-6, no weight
 * decay, gradient-norm clipping 0.5.
 *
 * @param learningRate step size
 * @param weightDecay decoupled (AdamW) weight decay
 * @param l2 classic L2 penalty added to the gradient before the Adam moments (Adam's
 *     {@code weight_decay}, as the GAT paper's Cora setting uses); 0 disables it
 * @param epsilon Adam's epsilon
 * @param clipNorm maximum global gradient norm (0 disables clipping)
 */
public record OptimizerConfig(double learningRate, double weightDecay, double l2, double epsilon, double clipNorm) {

    public static final OptimizerConfig FINE_TUNING = new OptimizerConfig(1e-3, 0.0, 0.0, 1e-6, 0.5);
    public static final OptimizerConfig PRE_TRAINING = new OptimizerConfig(1e-3, 0.01, 0.0, 1e-8, 0.5);

    public OptimizerConfig {
        if (!(learningRate > 0) || weightDecay < 0 || l2 < 0 || !(epsilon > 0) || clipNorm < 0) {
            throw new IllegalArgumentException("invalid optimizer settings: learning rate and epsilon must be > 0, "
                    + "weight decay, l2 and clip norm >= 0");
        }
    }

    public OptimizerConfig withLearningRate(double lr) {
        return new OptimizerConfig(lr, weightDecay, l2, epsilon, clipNorm);
    }

    public OptimizerConfig withWeightDecay(double wd) {
        return new OptimizerConfig(learningRate, wd, l2, epsilon, clipNorm);
    }

    public OptimizerConfig withL2(double penalty) {
        return new OptimizerConfig(learningRate, weightDecay, penalty, epsilon, clipNorm);
    }

    public OptimizerConfig withClipNorm(double norm) {
        return new OptimizerConfig(learningRate, weightDecay, l2, epsilon, norm);
    }
}
