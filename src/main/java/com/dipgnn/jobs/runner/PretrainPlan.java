package com.dipgnn.jobs.runner;

import com.dipgnn.graph.FeatureStandardization;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.pretraining.PretrainConfig;
import com.dipgnn.pretraining.PretrainMethod;
import com.dipgnn.text.TextInputScope;
import java.util.Objects;

/**
 * A pre-training job: DiP-GNN or a baseline on the pre-training part of the node-transfer split.
 *
 * @param config the pre-training settings
 * @param model the encoder architecture
 * @param kept the network the job saves
 * @param splitSeed the seed of the node-transfer split
 * @param splitNodeType the node type the split is made for
 * @param standardization whether dense feature columns are standardised (statistics of the pre-training part)
 * @param textInputs which node types read their text as input features
 */
public record PretrainPlan(
        PretrainConfig config,
        ModelConfig model,
        PretrainMethod.Kept kept,
        long splitSeed,
        String splitNodeType,
        FeatureStandardization standardization,
        TextInputScope textInputs)
        implements JobPlan {

    public PretrainPlan {
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(kept, "kept");
        Objects.requireNonNull(splitNodeType, "splitNodeType");
        Objects.requireNonNull(standardization, "standardization");
        Objects.requireNonNull(textInputs, "textInputs");
    }

    @Override
    public PretrainPlan withWholeGraphMemory(long maxBytes) {
        return new PretrainPlan(
                config.toBuilder().fullGraphMaxBytes(maxBytes).build(),
                model,
                kept,
                splitSeed,
                splitNodeType,
                standardization,
                textInputs);
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
