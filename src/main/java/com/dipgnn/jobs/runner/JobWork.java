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
 * @param modelOutput the new model directory (must not exist); written atomically, only on success
 * @param pretrainedModelDir the pre-trained model to fine-tune from (fine-tuning only; null: from scratch)
 * @param device where to train
 * @param textCache where text-derived node inputs are cached (null: computed every time)
 */
public record JobWork(JobPlan plan, HeteroGraph graph, String datasetName, Path checkpointDir,
                      Path modelOutput, Path pretrainedModelDir, Device device, TextInputCache textCache) {

    public JobWork {
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(graph, "graph");
        Objects.requireNonNull(checkpointDir, "checkpointDir");
        Objects.requireNonNull(modelOutput, "modelOutput");
        Objects.requireNonNull(device, "device");
        datasetName = datasetName != null ? datasetName : graph.name();
        if (pretrainedModelDir != null && plan.kind() != JobKind.FINETUNE) {
            throw new IllegalArgumentException("only fine-tuning starts from a pre-trained model");
        }
    }
}
