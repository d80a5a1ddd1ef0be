package com.dipgnn.jobs.runner;

import ai.djl.Device;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.text.TextInputCache;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Everything a job needs to run, resolved by the caller.
 *
 * @param plan what to train
 * @param graph the data set's graph (the whole graph: the runner splits it)
 * @param datasetName the data set's name, recorded in the model's manifest
 * @param checkpointDir the job's own checkpoint directory; a job run again with the same directory
 *     resumes from its last checkpoint, and it is deleted when the job succeeds
 * @param output the job's new output directory (must not exist), written atomically, only on success:
 *     the model (training jobs) or the embeddings (embedding jobs)
 * @param inputModelDir the model the job starts from: the pre-trained model to fine-tune (null: from
 *     scratch), or the model to embed with; null for pre-training
 * @param device where to train
 * @param textCache where text-derived node inputs are cached (null: computed every time)
 */
public record JobWork(
        JobPlan plan,
        HeteroGraph graph,
        String datasetName,
        Path checkpointDir,
        Path output,
        Path inputModelDir,
        Device device,
        TextInputCache textCache) {

    public JobWork {
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(graph, "graph");
        Objects.requireNonNull(checkpointDir, "checkpointDir");
        Objects.requireNonNull(output, "output");
        Objects.requireNonNull(device, "device");
        datasetName = datasetName != null ? datasetName : graph.name();
        if (inputModelDir != null && plan.kind() == JobKind.PRETRAIN) {
            throw new IllegalArgumentException("pre-training starts from no model");
        }
        if (inputModelDir == null && plan.kind() == JobKind.EMBED) {
            throw new IllegalArgumentException("an embedding job needs the model to embed with");
        }
    }
}
