package com.dipgnn.jobs.runner;

/**
 * What a job trains (or, for an embedding job, computes), in the engine's own records: the service maps a job's HTTP parameters, checked
 * against the data, to one of these ({@code com.dipgnn.jobs.parameters}).
 */
public sealed interface JobPlan permits PretrainPlan, FinetunePlan, EmbedPlan {

    /** The kind of job. */
    JobKind kind();

    /** The optimizer steps the job runs at most (an embedding job: the nodes it embeds). */
    int steps();

    /**
     * This plan with a training step's whole-graph memory bounded by {@code maxBytes} (the worker's
     * {@code dipgnn.jobs.whole-graph-memory}); a plan that trains nothing is returned as it is.
     */
    default JobPlan withWholeGraphMemory(long maxBytes) {
        return this;
    }
}
