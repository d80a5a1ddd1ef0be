package com.dipgnn.jobs;

import com.dipgnn.jobs.runner.JobProgress;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/**
 * A job as the API shows it.
 *
 * @param id job id
 * @param kind PRETRAIN, FINETUNE or EMBED
 * @param state queued, running, succeeded, failed or cancelled
 * @param datasetId the data set it trains on
 * @param parentModelId the pre-trained model a fine-tuning starts from, or null
 * @param modelName the name its model is registered under
 * @param parameters the parameters it runs with (defaults filled in)
 * @param progress step, total, ETA, latest losses and metrics (null before it starts)
 * @param error why it failed, or null
 * @param modelId its output model version (set once a training job succeeded)
 * @param embeddingsPath the directory an embedding job wrote (set once it succeeded): give it to a
 *     deployment of the same model as {@code embeddingsPath}
 * @param worker the worker process that runs it, or last ran it (null before it starts)
 * @param attempts how many times it has started (more than 1 after a restart of the service or
 *     when another worker took it over from one that died)
 * @param resumedFromStep the checkpoint step its last run resumed from (0: it started from scratch)
 * @param cancelRequested a cancel was asked for
 * @param submittedAt when it was submitted
 * @param startedAt when it last started
 * @param finishedAt when it ended
 */
public record JobView(
        String id,
        String kind,
        JobState state,
        String datasetId,
        String parentModelId,
        String modelName,
        JsonNode parameters,
        JobProgress progress,
        String error,
        String modelId,
        String embeddingsPath,
        String worker,
        int attempts,
        Long resumedFromStep,
        boolean cancelRequested,
        Instant submittedAt,
        Instant startedAt,
        Instant finishedAt) {}
