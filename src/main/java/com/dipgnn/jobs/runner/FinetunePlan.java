package com.dipgnn.jobs.runner;

import com.dipgnn.training.ExperimentSpec;
import java.util.Objects;

/**
 * A fine-tuning job, from scratch or from the pre-trained model its {@link JobWork} names.
 *
 * @param spec the experiment (task, split, architecture, training)
 * @param seed the fine-tuning run's seed
 * @param checkpointEvery steps between checkpoints
 */
public record FinetunePlan(ExperimentSpec spec, long seed, int checkpointEvery) implements JobPlan {

    public FinetunePlan {
        Objects.requireNonNull(spec, "spec");
    }

    @Override
    public FinetunePlan withWholeGraphMemory(long maxBytes) {
        return new FinetunePlan(spec.withWholeGraphBounds(spec.fullGraphMaxNodes(), maxBytes), seed, checkpointEvery);
    }

    @Override
    public JobKind kind() {
        return JobKind.FINETUNE;
    }

    @Override
    public int steps() {
        return spec.training().steps();
    }
}
