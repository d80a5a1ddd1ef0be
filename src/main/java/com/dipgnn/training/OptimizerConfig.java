package com.dipgnn.training;

/**
 * AdamW settings. Fine-tuning defaults are the paper's: betas 0.9/0.999, epsilon 1e-6, no weight
 * decay, gradient-norm clipping 0.5.
 *
 * @param learningRate step size
 * @param weightDecay decoupled weight decay
 * @param epsilon Adam's epsilon
 * @param clipNorm maximum global gradient norm (0 disables clipping)
 */
public record OptimizerConfig(double learningRate, double weightDecay, double epsilon, double clipNorm) {

    public static final OptimizerConfig FINE_TUNING = new OptimizerConfig(1e-3, 0.0, 1e-6, 0.5);
    public static final OptimizerConfig PRE_TRAINING = new OptimizerConfig(1e-3, 0.01, 1e-8, 0.5);

    public OptimizerConfig {
        if (!(learningRate > 0) || weightDecay < 0 || !(epsilon > 0) || clipNorm < 0) {
            throw new IllegalArgumentException("invalid optimizer settings: learning rate and epsilon must be > 0, "
                    + "weight decay and clip norm >= 0");
        }
    }

    public OptimizerConfig withLearningRate(double lr) {
        return new OptimizerConfig(lr, weightDecay, epsilon, clipNorm);
    }

    public OptimizerConfig withWeightDecay(double wd) {
        return new OptimizerConfig(learningRate, wd, epsilon, clipNorm);
    }
}
