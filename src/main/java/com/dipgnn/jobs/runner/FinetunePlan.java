package com.dipgnn.jobs.runner;

import com.dipgnn.finetuning.ExperimentSpec;
import com.dipgnn.optim.TrainingTimeLimit;
import com.dipgnn.ranking.PopularityPriorSetting;
import java.time.Duration;
import java.util.Objects;

/**
 * A fine-tuning job, from scratch or from the pre-trained model its {@link JobWork} names.
 *
 * @param spec the experiment (task, split, architecture, training)
 * @param seed the fine-tuning run's seed
 * @param checkpointEvery steps between checkpoints
 * @param popularityPrior how the link model's popularity prior is set when training ends
 * @param timeLimit how long it may train (null: until its steps are done or early stopping ends it)
 */
public record FinetunePlan(
        ExperimentSpec spec, long seed, int checkpointEvery, PopularityPriorSetting popularityPrior, Duration timeLimit)
        implements JobPlan {

    public FinetunePlan {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(popularityPrior, "popularityPrior");
        TrainingTimeLimit.requireValid(timeLimit);
    }

    /** A plan without a time limit. */
    public FinetunePlan(ExperimentSpec spec, long seed, int checkpointEvery, PopularityPriorSetting popularityPrior) {
        this(spec, seed, checkpointEvery, popularityPrior, null);
    }

    /** A plan whose popularity prior is chosen by validation ({@link PopularityPriorSetting#AUTO}). */
    public FinetunePlan(ExperimentSpec spec, long seed, int checkpointEvery) {
        this(spec, seed, checkpointEvery, PopularityPriorSetting.AUTO);
    }

    @Override
    public FinetunePlan withWholeGraphMemory(long maxBytes) {
        return new FinetunePlan(
                spec.withWholeGraphBounds(spec.fullGraphMaxNodes(), maxBytes),
                seed,
                checkpointEvery,
                popularityPrior,
                timeLimit);
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
