package com.dipgnn.jobs.runner;

/** What a job trains. */
public enum JobKind {
    /** Pre-training (DiP-GNN or a baseline) on the pre-training part of a graph; produces a pre-trained model. */
    PRETRAIN,
    /** Supervised fine-tuning, from a pre-trained model or from scratch; produces a task model. */
    FINETUNE,
    /**
     * Every node's embedding from a registered model, written as the Spark batch job writes them
     * (Parquet and a manifest) for a deployment's {@code embeddingsPath}; produces no model.
     */
    EMBED;

    /** Whether jobs of this kind train (run optimizer steps and produce a model). */
    public boolean trains() {
        return this != EMBED;
    }
}
