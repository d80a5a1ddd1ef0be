package com.dipgnn.jobs.runner;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.store.ModelManifest;

/**
 * The settings of a job (an HTTP request body): absent fields take the paper's defaults, bean
 * validation annotations give each field's range, and {@link #validateAgainst} checks what needs
 * the data.
 */
public sealed interface JobParameters permits PretrainParameters, FinetuneParameters {

    /** The kind of job these parameters describe. */
    JobKind kind();

    /**
     * Checks the parameters against the graph the job runs on and, for fine-tuning, the manifest of
     * the pre-trained model to start from (null: from scratch).
     *
     * @throws JobParameterException naming the first offending field, what is wrong and the fix
     */
    void validateAgainst(HeteroGraph graph, ModelManifest pretrainedOrNull);
}
