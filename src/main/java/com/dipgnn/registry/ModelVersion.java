package com.dipgnn.registry;

import com.dipgnn.store.ModelManifest;
import java.time.Instant;

/**
 * One stored model: the output of a job.
 *
 * @param id unique id, used to fine-tune from it, deploy, download or delete it
 * @param name the model's name; versions of one name count up from 1
 * @param version this version's number under {@code name}
 * @param kind pre-trained or fine-tuned
 * @param datasetId the data set it was trained on
 * @param jobId the job that produced it (null when imported)
 * @param parentModelId the pre-trained model it was fine-tuned from, or null
 * @param manifest method, backbone, hyper-parameters, data set fingerprint, metrics, created time
 * @param sizeBytes bytes on disk
 * @param createdAt registration time
 */
public record ModelVersion(
        String id,
        String name,
        int version,
        ModelKind kind,
        String datasetId,
        String jobId,
        String parentModelId,
        ModelManifest manifest,
        long sizeBytes,
        Instant createdAt) {}
