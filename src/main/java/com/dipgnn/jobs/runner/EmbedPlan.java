package com.dipgnn.jobs.runner;

import java.util.Objects;

/**
 * An embedding job: every node's embedding from the model its {@link JobWork} names, as a
 * deployment computes them (exact inference), written for a deployment's {@code embeddingsPath}.
 *
 * @param modelId the model's id, recorded in the embeddings' manifest (the graph's source recorded
 *     there is the job's data set, {@link JobWork#datasetName()})
 * @param nodes the nodes to embed (every node of every type): the job's progress counts them
 */
public record EmbedPlan(String modelId, long nodes) implements JobPlan {

    public EmbedPlan {
        Objects.requireNonNull(modelId, "modelId");
    }

    @Override
    public JobKind kind() {
        return JobKind.EMBED;
    }

    /** The nodes to embed (the job's progress counts nodes, not optimizer steps). */
    @Override
    public int steps() {
        return (int) Math.min(Integer.MAX_VALUE, nodes);
    }
}
