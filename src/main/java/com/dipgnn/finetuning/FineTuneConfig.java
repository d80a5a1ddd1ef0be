package com.dipgnn.finetuning;

import com.dipgnn.optim.OptimizerConfig;

/**
 * How a fine-tuning run trains: steps, seeds per step, evaluation cadence, early stopping and
 * the optimizer. Defaults follow the paper's Table 7 (1,600 steps, lr 1e-3, clipping 0.5).
 *
 * @param steps maximum optimizer steps
 * @param batchSize seed nodes (or edges) per step
 * @param evalEvery validation every this many steps
 * @param patience stop after this many validations without improvement (0: never stop early)
 * @param optimizer AdamW settings
 * @param seed the run's seed (initialisation, sampling, dropout)
 */
public record FineTuneConfig(
        int steps, int batchSize, int evalEvery, int patience, OptimizerConfig optimizer, long seed) {

    public static final FineTuneConfig PAPER_DEFAULT =
            new FineTuneConfig(1600, 256, 20, 20, OptimizerConfig.FINE_TUNING, 0);

    public FineTuneConfig {
        if (steps < 1 || batchSize < 1 || evalEvery < 1 || patience < 0) {
            throw new IllegalArgumentException("steps, batch size and eval-every must be >= 1 and patience >= 0");
        }
    }

    public FineTuneConfig withSeed(long s) {
        return new FineTuneConfig(steps, batchSize, evalEvery, patience, optimizer, s);
    }

    public FineTuneConfig withSteps(int s) {
        return new FineTuneConfig(s, batchSize, evalEvery, patience, optimizer, seed);
    }

    /**
     * This config with its budget cleared (the steps at {@link #PAPER_DEFAULT}'s): what a checkpoint must
     * have been written with to be resumed, since a run resumes with more steps to go on, or with as many
     * as it has made to end there and be evaluated with its best checkpoint.
     */
    public FineTuneConfig withoutBudget() {
        return withSteps(PAPER_DEFAULT.steps());
    }
}
