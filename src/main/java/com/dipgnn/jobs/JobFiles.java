package com.dipgnn.jobs;

import com.dipgnn.config.ServiceProperties;
import com.dipgnn.jobs.runner.JobKind;
import com.dipgnn.jobs.runner.TrainingCurves;
import com.dipgnn.registry.ModelKind;
import com.dipgnn.registry.ModelRegistry;
import com.dipgnn.serving.EmbeddingsManifest;
import com.dipgnn.store.AtomicFiles;
import com.dipgnn.store.ModelStore;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where a job's outputs live and which of them are kept: the model directory it writes in the
 * registry (recorded when the job succeeds, removed when it fails unrecorded), an embedding job's
 * directory, the job's checkpoints and its stored training curves.
 */
final class JobFiles {

    private static final Logger LOG = LoggerFactory.getLogger(JobFiles.class);

    private final ModelRegistry registry;
    private final ServiceProperties properties;
    private final ObjectMapper json;

    JobFiles(ModelRegistry registry, ServiceProperties properties, ObjectMapper json) {
        this.registry = registry;
        this.properties = properties;
        this.json = json;
    }

    private static final String CURVES_FILE = "curves.json";

    /**
     * Whether an earlier attempt of the job got as far as its model: recorded (the service stopped
     * before the job was marked succeeded) or written completely but not yet recorded (model
     * directories are renamed into place only once complete); the latter is recorded now.
     */
    boolean completedEarlier(JobRecord job) throws IOException {
        if (!trains(job)) { // the embeddings appear only once complete
            return Files.isRegularFile(embeddingsDirectory(job.id()).resolve(EmbeddingsManifest.FILE_NAME));
        }
        if (registry.find(job.modelId()).isEmpty()) {
            if (!Files.isDirectory(registry.directory(job.modelId()))) {
                return false;
            }
            LOG.info("Job {} had written its model before the service stopped; recording it", job.id());
            record(job);
        }
        ModelStore.deleteRecursively(checkpoints(job.id()));
        return true;
    }

    /**
     * Records the job's model in the registry, then drops its checkpoints (no longer needed); an
     * embedding job registers nothing. Either drops the partial writes of earlier attempts that died.
     */
    void record(JobRecord job) throws IOException {
        if (!trains(job)) {
            AtomicFiles.removePartialWrites(properties.embeddingsDir(), job.id());
            return;
        }
        ModelKind kind = JobKind.valueOf(job.kind()) == JobKind.PRETRAIN ? ModelKind.PRETRAINED : ModelKind.FINETUNED;
        registry.register(job.modelId(), job.modelName(), kind, job.datasetId(), job.id(), job.parentModelId());
        ModelStore.deleteRecursively(checkpoints(job.id()));
        registry.removePartialWrites(job.modelId()); // left by attempts that died while writing it
    }

    /** Removes the job's model directory unless it is a recorded model version. */
    void discardUnrecorded(JobRecord job) {
        // an embedding job's output never appears incomplete (EmbeddingExport): nothing to discard
        if (trains(job) && registry.find(job.modelId()).isEmpty()) {
            ModelStore.deleteRecursively(registry.directory(job.modelId()));
        }
    }

    /** Where embedding job {@code id} writes every node's embedding (a deployment's {@code embeddingsPath}). */
    Path embeddingsDirectory(String id) {
        return properties.embeddingsDir().toAbsolutePath().normalize().resolve(id);
    }

    static boolean trains(JobRecord job) {
        return JobKind.valueOf(job.kind()).trains();
    }

    Path checkpoints(String id) {
        return jobDir(id).resolve("checkpoints");
    }

    void saveCurves(String id, TrainingCurves curves) {
        if (curves == null) {
            return;
        }
        try { // the job's thread and the lease keeper both store curves: each write has its own temporary file
            AtomicFiles.write(jobDir(id).resolve(CURVES_FILE), out -> json.writeValue(out, curves));
        } catch (IOException e) {
            LOG.warn("Could not store the curves of job {}: {}", id, e.getMessage());
        }
    }

    private Path jobDir(String id) {
        return properties.dataDir().resolve("jobs").resolve(id);
    }

    /** The curves stored for job {@code id}, if any. */
    Optional<TrainingCurves> storedCurves(String id) {
        Path file = jobDir(id).resolve(CURVES_FILE);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(json.readValue(file.toFile(), TrainingCurves.class));
        } catch (IOException e) {
            throw new IllegalStateException("the stored curves of job " + id + " are unreadable: " + e.getMessage(), e);
        }
    }
}
