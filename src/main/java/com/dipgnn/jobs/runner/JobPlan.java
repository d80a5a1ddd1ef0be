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
}
