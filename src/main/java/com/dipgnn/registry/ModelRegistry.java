package com.dipgnn.registry;

import com.dipgnn.config.ServiceProperties;
import com.dipgnn.datasets.DatasetIds;
import com.dipgnn.errors.ConflictException;
import com.dipgnn.errors.NotFoundException;
import com.dipgnn.store.AtomicFiles;
import com.dipgnn.store.ModelManifest;
import com.dipgnn.store.ModelStore;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;

/**
 * The model registry: every job's output becomes a model version, stored as a model directory
 * under {@code <data-dir>/models/<id>} (written atomically by {@link ModelStore}) and recorded
 * with its manifest. A directory is only recorded once complete; directories a crash left
 * unrecorded are removed at start.
 */
@Service
public class ModelRegistry {

    private static final Logger LOG = LoggerFactory.getLogger(ModelRegistry.class);

    private final ModelRepository repository;
    private final Path root;

    public ModelRegistry(ModelRepository repository, ServiceProperties properties) {
        this.repository = repository;
        this.root = properties.modelsDir().toAbsolutePath().normalize();
    }

    /** A fresh model id; the job writes the model directory at {@link #directory(String)} of it. */
    public String newModelId() {
        return "mv-" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
    }

    /** Where the model with {@code id} is (or will be) stored. */
    public Path directory(String id) {
        return root.resolve(id);
    }

    /**
     * Records the complete model directory of {@code id} as the next version of {@code name}.
     *
     * @throws IOException when the directory is not a readable model
     */
    public ModelVersion register(
            String id, String name, ModelKind kind, String datasetId, String jobId, String parentModelId)
            throws IOException {
        DatasetIds.require("modelName", name);
        Path dir = directory(id);
        ModelManifest manifest = ModelStore.readManifest(dir);
        long size = sizeOf(dir);
        for (int attempt = 0; ; attempt++) {
            ModelVersion version = new ModelVersion(
                    id,
                    name,
                    repository.nextVersion(name),
                    kind,
                    datasetId,
                    jobId,
                    parentModelId,
                    manifest,
                    size,
                    Instant.now());
            try {
                repository.insert(version);
                return version;
            } catch (DuplicateKeyException e) {
                if (attempt >= 3) {
                    throw new ConflictException("could not allocate a version of model '" + name + "'; retry");
                }
            }
        }
    }

    public Optional<ModelVersion> find(String id) {
        return repository.find(id);
    }

    public ModelVersion get(String id) {
        return repository
                .find(id)
                .orElseThrow(
                        () -> new NotFoundException("model", id, "list the model versions with GET /api/v1/models"));
    }

    public List<ModelVersion> list(ModelFilter filter, int offset, int limit) {
        return repository.list(filter, offset, limit);
    }

    public long count(ModelFilter filter) {
        return repository.count(filter);
    }

    /** Deletes a model version that no deployment serves and no queued or running job fine-tunes from. */
    public void delete(String id) {
        get(id);
        List<String> deployments = repository.deployments(id);
        if (!deployments.isEmpty()) {
            throw new ConflictException("model '" + id + "' is deployed as " + deployments + "; undeploy it first");
        }
        List<String> jobs = repository.activeChildJobs(id);
        if (!jobs.isEmpty()) {
            throw new ConflictException("model '" + id + "' is the starting point of queued or running jobs " + jobs
                    + "; cancel them or wait for them to finish");
        }
        repository.delete(id);
        ModelStore.deleteRecursively(directory(id));
    }

    /** Writes the directory of a recorded model version as a zip archive (manifest and parameters). */
    public void writeArchive(String id, OutputStream out) throws IOException {
        Path dir = directory(id);
        ZipOutputStream zip = new ZipOutputStream(out);
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                zip.putNextEntry(new ZipEntry(id + "/" + dir.relativize(f)));
                Files.copy(f, zip);
                zip.closeEntry();
            }
        }
        zip.finish();
    }

    /**
     * Removes model directories without a record (partial writes, models of deleted versions),
     * except those of {@code unfinishedJobModels}: a job that wrote its model and stopped before
     * recording it records it when it runs again.
     */
    public void removeUnrecorded(Collection<String> unfinishedJobModels) {
        if (!Files.isDirectory(root)) {
            return;
        }
        Set<String> known = new HashSet<>(repository.allIds());
        known.addAll(unfinishedJobModels);
        try (Stream<Path> children = Files.list(root)) {
            for (Path p : children.collect(Collectors.toList())) {
                if (!known.contains(modelIdOf(p.getFileName().toString()))) {
                    LOG.info("Removing unrecorded model directory {}", p);
                    ModelStore.deleteRecursively(p);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Removes the leftovers of interrupted writes of model {@code id} (its temporary directories). */
    public void removePartialWrites(String id) {
        try {
            AtomicFiles.removePartialWrites(root, id);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The model id a directory in the store belongs to: its name, or for a model being written (a
     * temporary {@code .<id>.partial-<owner>-<n>} directory, perhaps by a worker on another machine) the id.
     */
    private static String modelIdOf(String name) {
        int partial = name.indexOf(".partial-");
        return name.startsWith(".") && partial > 1 ? name.substring(1, partial) : name;
    }

    private static long sizeOf(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile)
                    .mapToLong(f -> f.toFile().length())
                    .sum();
        }
    }
}
