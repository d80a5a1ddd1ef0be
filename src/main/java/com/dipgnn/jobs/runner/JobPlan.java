package com.dipgnn.jobs.runner;

import com.dipgnn.optim.TrainingTimeLimit;
import java.time.Duration;

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
     * How long the job may train before training ends with the steps done ({@link TrainingTimeLimit}); null:
     * until its steps are done.
     */
    default Duration timeLimit() {
        return null;
    }

    /**
     * This plan with a training step's whole-graph memory bounded by {@code maxBytes} (the worker's
     * {@code dipgnn.jobs.whole-graph-memory}); a plan that trains nothing is returned as it is.
     */
    default JobPlan withWholeGraphMemory(long maxBytes) {
        return this;
    }
}
