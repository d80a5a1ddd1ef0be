package com.dipgnn.jobs;

import java.time.Instant;

/**
 * A job's row.
 *
 * @param id job id
 * @param kind PRETRAIN, FINETUNE or EMBED
 * @param state where it is in its life
 * @param datasetId the data set it trains on
 * @param parentModelId the pre-trained model a fine-tuning starts from, or null
 * @param modelName name the output model is registered under
 * @param parametersJson the submitted parameters, with defaults filled in, as JSON
 * @param idempotencyKey the client's idempotency key, or null
 * @param progressJson the latest progress as JSON, or null
 * @param error why it failed, or null
 * @param modelId the output model's id (allocated when it first starts)
 * @param worker the worker that runs (or last ran) it, or null
 * @param attempts how many times it has started
 * @param resumedFromStep the checkpoint step its last run resumed from (0: from the start), or null
 * @param cancelRequested a cancel was asked for
 * @param submittedAt when it was submitted
 * @param startedAt when it last started, or null
 * @param finishedAt when it ended, or null
 */
public record JobRecord(
        String id,
        String kind,
        JobState state,
        String datasetId,
        String parentModelId,
        String modelName,
        String parametersJson,
        String idempotencyKey,
        String progressJson,
        String error,
        String modelId,
        String worker,
        int attempts,
        Long resumedFromStep,
        boolean cancelRequested,
        Instant submittedAt,
        Instant startedAt,
        Instant finishedAt) {}
