package com.dipgnn.jobs.parameters;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.jobs.runner.JobKind;
import com.dipgnn.jobs.runner.JobParameterException;
import com.dipgnn.jobs.runner.JobPlan;
import com.dipgnn.store.ModelManifest;

/**
 * The settings of a job (an HTTP request body, on the service side): absent fields take the
 * paper's defaults, bean validation annotations give each field's range, {@link #validateAgainst}
 * checks what needs the data, and {@link #plan} maps them to the engine's {@link JobPlan}.
 */
public sealed interface JobParameters permits PretrainParameters, FinetuneParameters, EmbedParameters {

    /** The kind of job these parameters describe. */
    JobKind kind();

    /**
     * Checks the parameters against the graph the job runs on and the manifest of the model the job
     * starts from: the pre-trained model to fine-tune (null: from scratch), the model to embed with.
     *
     * @throws JobParameterException naming the first offending field, what is wrong and the fix
     */
    void validateAgainst(HeteroGraph graph, ModelManifest pretrainedOrNull);

    /**
     * The engine's plan of the job: the parameters checked against the graph and the pre-trained
     * model's manifest ({@link #validateAgainst}), then mapped to the engine's records.
     *
     * @throws JobParameterException naming the first offending field, what is wrong and the fix
     */
    JobPlan plan(HeteroGraph graph, ModelManifest pretrainedOrNull);
}
