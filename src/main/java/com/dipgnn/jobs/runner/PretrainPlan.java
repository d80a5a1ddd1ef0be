package com.dipgnn.jobs.runner;

import com.dipgnn.graph.split.PretrainSplit;
import com.dipgnn.inference.PreparedInputs;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.optim.TrainingTimeLimit;
import com.dipgnn.pretraining.PretrainConfig;
import com.dipgnn.pretraining.PretrainMethod;
import java.time.Duration;
import java.util.Objects;

/**
 * A pre-training job: DiP-GNN or a baseline on the pre-training part of its split (the
 * node-transfer split, or the training edges of an edge split), run by
 * {@link com.dipgnn.pretraining.PretrainingRun}.
 *
 * @param config the pre-training settings
 * @param model the encoder architecture
 * @param kept the network the job saves
 * @param split what pre-training sees of the graph (its seed is recorded with the model)
 * @param inputs how text and dense features are prepared (statistics of the nodes pre-training sees)
 * @param timeLimit how long it may train (null: until its steps are done)
 */
public record PretrainPlan(
        PretrainConfig config,
        ModelConfig model,
        PretrainMethod.Kept kept,
        PretrainSplit split,
        PreparedInputs.Settings inputs,
        Duration timeLimit)
        implements JobPlan {

    public PretrainPlan {
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(kept, "kept");
        Objects.requireNonNull(split, "split");
        Objects.requireNonNull(inputs, "inputs");
        TrainingTimeLimit.requireValid(timeLimit);
    }

    /** A plan that trains until its steps are done. */
    public PretrainPlan(
            PretrainConfig config,
            ModelConfig model,
            PretrainMethod.Kept kept,
            PretrainSplit split,
            PreparedInputs.Settings inputs) {
        this(config, model, kept, split, inputs, null);
    }

    @Override
    public PretrainPlan withWholeGraphMemory(long maxBytes) {
        return new PretrainPlan(
                config.toBuilder().fullGraphMaxBytes(maxBytes).build(), model, kept, split, inputs, timeLimit);
    }

    @Override
    public JobKind kind() {
        return JobKind.PRETRAIN;
    }

    @Override
    public int steps() {
        return config.steps();
    }
}
