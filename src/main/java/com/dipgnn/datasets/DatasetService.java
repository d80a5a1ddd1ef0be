package com.dipgnn.datasets;

import com.dipgnn.config.ServiceProperties;
import com.dipgnn.errors.ConflictException;
import com.dipgnn.errors.InvalidInputException;
import com.dipgnn.errors.NotFoundException;
import com.dipgnn.errors.ServiceUnavailableException;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.io.DatasetLocator;
import com.dipgnn.graph.io.GraphDataException;
import com.dipgnn.graph.io.GraphLoaders;
import com.dipgnn.graph.io.LoadOptions;
import com.dipgnn.store.AllowedRoots;
import com.dipgnn.store.ModelStore;
import com.dipgnn.store.PathRefusedException;
import com.dipgnn.store.WriteOwner;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;

/**
 * Registers, describes and deletes data sets, and hands their graphs to jobs and deployments
 * (loaded once, then shared). A data set is only recorded once its graph has loaded: a bad
 * directory or archive leaves nothing behind.
 */
@Service
public class DatasetService {

    /** Name of the built-in synthetic query-product data set. */
    public static final String BUILTIN_QUERY_PRODUCT = "query-product";

    private static final int MAX_ARCHIVE_ENTRIES = 10_000;
    /** How an upload's archive is named while it is received: this, the owner ({@link WriteOwner}) and a nonce. */
    public static final String UPLOAD_PREFIX = ".upload-";
    /** How an upload's extraction is named while it is validated: this, the owner and the same nonce. */
    public static final String STAGING_PREFIX = ".partial-";

    private static final Logger LOG = LoggerFactory.getLogger(DatasetService.class);

    private final DatasetRepository repository;
    private final ServiceProperties properties;
    private final List<Path> roots;
    private final Map<String, HeteroGraph> graphs = new ConcurrentHashMap<>();
    /** Uploads being received and extracted now ({@code dipgnn.datasets.max-concurrent-uploads}). */
    private final Semaphore uploads;

    private final UploadStages stages;

    public DatasetService(DatasetRepository repository, ServiceProperties properties) {
        this(repository, properties, UploadStages.NONE);
    }

    /** A service that tells {@code stages} when an upload reaches them (tests that act in between). */
    @org.springframework.beans.factory.annotation.Autowired
    public DatasetService(
            DatasetRepository repository,
            ServiceProperties properties,
            org.springframework.beans.factory.ObjectProvider<UploadStages> stages) {
        this(repository, properties, stages.getIfAvailable(() -> UploadStages.NONE));
    }

    private DatasetService(DatasetRepository repository, ServiceProperties properties, UploadStages stages) {
        this.stages = stages;
        this.repository = repository;
        this.properties = properties;
        this.roots =
                properties.datasets().roots().stream().map(DatasetService::real).toList();
        this.uploads = new Semaphore(properties.datasets().maxConcurrentUploads());
    }

    /** Registers the built-in query-product graph unless it is already there. */
    public void registerBuiltins() {
        if (repository.find(BUILTIN_QUERY_PRODUCT).isEmpty()) {
            SyntheticSpec spec = SyntheticSpec.defaults();
            HeteroGraph graph = spec.generate();
            try {
                record(BUILTIN_QUERY_PRODUCT, DatasetSource.BUILTIN, spec.location(), graph);
                LOG.info("Registered the built-in data set '{}': {}", BUILTIN_QUERY_PRODUCT, graph);
            } catch (ConflictException e) {
                LOG.info(
                        "The built-in data set '{}' was registered by another process starting at the same time",
                        BUILTIN_QUERY_PRODUCT);
            }
        }
    }

    /**
     * Registers a synthetic graph of the given kind and size (regenerated identically on each load).
     *
     * @throws InvalidInputException naming the field, when a setting belongs to the other kind, the
     *     settings do not fit together, or the graph is beyond {@code dipgnn.datasets.limits.*}
     */
    public Dataset registerSynthetic(String id, SyntheticSpec spec) {
        DatasetIds.require("id", id);
        requireFree(id);
        SyntheticSpec filled = spec.withDefaults();
        requireWithinLimits(filled);
        return record(id, DatasetSource.BUILTIN, filled.location(), filled.generate());
    }

    /**
     * Refuses a synthetic graph larger than {@code dipgnn.datasets.limits.max-synthetic-*}, or with a
     * node type of more feature values than {@code max-values-per-type}, before generating it.
     */
    private void requireWithinLimits(SyntheticSpec spec) {
        ServiceProperties.Limits limits = properties.datasets().limits();
        String raise = "; ask for fewer, or raise that setting where the service's memory allows";
        long nodes = spec.nodes();
        if (nodes > limits.maxSyntheticNodes()) {
            throw new InvalidInputException(
                    "synthetic",
                    "a synthetic graph of " + spec.nodesInWords() + " has " + nodes + " nodes, more than "
                            + limits.maxSyntheticNodes() + " (the limit " + ServiceProperties.Limits.PREFIX
                            + "max-synthetic-nodes)" + raise);
        }
        int width = spec.featureWidth();
        long values = spec.largestNodeType() * width;
        if (values > limits.maxValuesPerType()) {
            throw new InvalidInputException(
                    "synthetic",
                    "a synthetic graph of " + spec.nodesInWords() + " has node types of up to " + values
                            + " feature values (" + spec.largestNodeType() + " nodes x " + width + "), more than "
                            + limits.maxValuesPerType() + " (the limit " + ServiceProperties.Limits.PREFIX
                            + "max-values-per-type)" + raise);
        }
        if (spec.edges() > limits.maxSyntheticEdges()) {
            throw new InvalidInputException(
                    "synthetic." + spec.edgeField(),
                    "a synthetic graph of " + spec.edges() + " " + spec.edgeField() + " is more than "
                            + limits.maxSyntheticEdges() + " (the limit " + ServiceProperties.Limits.PREFIX
                            + "max-synthetic-edges)" + raise);
        }
    }

    /** Registers the graph in {@code directory}, which must lie under a configured data set root. */
    public Dataset registerDirectory(String id, String directory) {
        DatasetIds.require("id", id);
        requireFree(id);
        Path dir = confinedDirectory(directory);
        HeteroGraph graph = GraphLoaders.load(dir, loadOptions());
        return record(id, DatasetSource.DIRECTORY, dir.toString(), graph);
    }

    /**
     * Registers an uploaded archive: streamed to disk (at most the configured upload size),
     * extracted with every entry confined to the data set's folder, loaded to validate it, and
     * only then moved into place and recorded.
     */
    public Dataset upload(String id, String filename, InputStream content) throws IOException {
        DatasetIds.require("id", id);
        requireFree(id);
        if (filename == null || !ArchiveExtractor.isSupported(filename)) {
            throw new InvalidInputException(
                    "file",
                    "'" + filename + "' is not a supported archive; upload a .zip, "
                            + ".tar, .tar.gz or .tgz holding the graph's files");
        }
        if (!uploads.tryAcquire()) {
            throw new ServiceUnavailableException(properties.datasets().maxConcurrentUploads() + " uploads are being "
                    + "received already (dipgnn.datasets.max-concurrent-uploads); send this one again shortly");
        }
        try {
            return receive(id, filename, content);
        } finally {
            uploads.release();
        }
    }

    private Dataset receive(String id, String filename, InputStream content) throws IOException {
        Path uploads = Files.createDirectories(properties.uploadsDir());
        // named for this process (the owner whose heartbeat keeps them from the housekeeping's sweeps)
        String nonce = WriteOwner.tag() + UUID.randomUUID();
        Path archive = uploads.resolve(UPLOAD_PREFIX + nonce);
        Path staging = uploads.resolve(STAGING_PREFIX + nonce);
        // extracted under the data set's own name, so the graph loads (and is named) as it will in place
        Path extracted = staging.resolve(id);
        Path target = uploads.resolve(id);
        try {
            long max = properties.datasets().uploadMaxBytes().toBytes();
            copyCapped(content, archive, max);
            Files.createDirectories(extracted);
            new ArchiveExtractor(
                            properties.datasets().expandMaxBytes().toBytes(),
                            MAX_ARCHIVE_ENTRIES,
                            "dipgnn.datasets.expand-max-bytes")
                    .extract(archive, filename, extracted);
            Path graphDir = checked(
                    "file",
                    AllowedRoots.within(extracted, "the archive's own folder"),
                    DatasetLocator.graphFolderIn(extracted).toString(),
                    "the extracted archive");
            Path graphInside = extracted.toRealPath().relativize(graphDir);
            stages.validating(extracted);
            HeteroGraph graph = loadUploaded(graphDir, extracted, filename);
            if (Files.exists(target)) {
                throw new ConflictException(
                        "data set folder " + target + " already exists; delete data set '" + id + "' first");
            }
            try {
                Files.move(extracted, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException | DirectoryNotEmptyException e) {
                throw new ConflictException("data set folder " + target + " was created by another upload of '" + id
                        + "' meanwhile; delete data set '" + id + "' first, or choose another id");
            }
            try {
                return record(
                        id, DatasetSource.UPLOAD, target.resolve(graphInside).toString(), graph);
            } catch (RuntimeException e) {
                ModelStore.deleteRecursively(target);
                throw e;
            }
        } finally {
            Files.deleteIfExists(archive);
            ModelStore.deleteRecursively(staging);
        }
    }

    /** Loads an uploaded graph; its errors name the files as they are in the archive, not where it was extracted. */
    private HeteroGraph loadUploaded(Path graphDir, Path extracted, String filename) {
        try {
            return GraphLoaders.load(graphDir, loadOptions());
        } catch (GraphDataException e) {
            throw e.shownUnder(extracted, filename);
        }
    }

    public Optional<Dataset> find(String id) {
        return repository.find(id);
    }

    public Dataset get(String id) {
        return repository
                .find(id)
                .orElseThrow(() -> new NotFoundException(
                        "data set", id, "list the registered data sets with GET /api/v1/datasets"));
    }

    public List<Dataset> list(int offset, int limit) {
        return repository.list(offset, limit);
    }

    public long count() {
        return repository.count();
    }

    /** Deletes a data set that no queued or running job and no deployment uses. */
    public void delete(String id) {
        Dataset dataset = get(id);
        List<String> jobs = repository.activeJobs(id);
        if (!jobs.isEmpty()) {
            throw new ConflictException("data set '" + id + "' is used by queued or running jobs " + jobs
                    + "; cancel them or wait for them to finish");
        }
        List<String> deployments = repository.deployments(id);
        if (!deployments.isEmpty()) {
            throw new ConflictException(
                    "data set '" + id + "' is served by deployments " + deployments + "; undeploy them first");
        }
        repository.delete(id);
        graphs.remove(id);
        if (dataset.source() == DatasetSource.UPLOAD) {
            ModelStore.deleteRecursively(properties.uploadsDir().resolve(id));
        }
    }

    /**
     * The directory of a registered data set, checked again before it is read ({@link AllowedRoots}):
     * a link made in it since it was registered is refused like one present then.
     */
    private Path storedDirectory(Dataset dataset) {
        AllowedRoots allowed = dataset.source() == DatasetSource.UPLOAD
                ? AllowedRoots.of(List.of(properties.uploadsDir()), "the uploads directory")
                : datasetRoots();
        try {
            return allowed.directory(dataset.location(), "the directory of data set '" + dataset.id() + "'");
        } catch (PathRefusedException e) {
            throw new ConflictException(e.getMessage());
        }
    }

    /** The data set's graph, loaded on first use. */
    public HeteroGraph graph(String id) {
        Dataset dataset = get(id);
        return graphs.computeIfAbsent(id, k -> load(dataset));
    }

    private HeteroGraph load(Dataset dataset) {
        HeteroGraph graph = SyntheticSpec.isSynthetic(dataset.location())
                ? SyntheticSpec.parse(dataset.location()).generate()
                : GraphLoaders.load(storedDirectory(dataset), loadOptions());
        if (!graph.fingerprint().equals(dataset.fingerprint())) {
            throw new ConflictException("the graph of data set '" + dataset.id() + "' at " + dataset.location()
                    + " changed since it was registered (fingerprint " + graph.fingerprint() + ", registered "
                    + dataset.fingerprint() + "); register the new graph under a new name");
        }
        return graph;
    }

    private LoadOptions loadOptions() {
        return LoadOptions.defaults().withLimits(properties.datasets().limits().input());
    }

    private Dataset record(String id, DatasetSource source, String location, HeteroGraph graph) {
        Dataset dataset =
                new Dataset(id, source, location, graph.fingerprint(), DatasetSummary.of(graph), Instant.now());
        try {
            repository.insert(dataset);
        } catch (DuplicateKeyException e) {
            throw new ConflictException("a data set named '" + id + "' already exists; choose another name");
        }
        graphs.put(id, graph);
        return dataset;
    }

    private void requireFree(String id) {
        if (repository.find(id).isPresent()) {
            throw new ConflictException(
                    "a data set named '" + id + "' already exists; choose another name or delete it first");
        }
    }

    private Path confinedDirectory(String directory) {
        if (directory == null || directory.isBlank()) {
            throw new InvalidInputException("path", "path is required: the server directory holding the graph");
        }
        if (roots.isEmpty()) {
            throw new InvalidInputException(
                    "path",
                    "registering server directories is disabled: no data set roots "
                            + "are configured (dipgnn.datasets.roots); upload an archive instead");
        }
        return checked("path", datasetRoots(), directory, "the data set directory");
    }

    /** Where data set directories may lie (and what their links may reach). */
    private AllowedRoots datasetRoots() {
        return AllowedRoots.of(roots, "the data set roots (dipgnn.datasets.roots)");
    }

    /**
     * The directories a request may name for the server to read (such as precomputed embeddings):
     * the data set roots ({@code dipgnn.datasets.roots}) and the service's data directory. The same
     * rule as for data sets ({@link AllowedRoots}): real paths under them, no link leaving them.
     */
    public AllowedRoots readableRoots() {
        List<Path> allowed = new ArrayList<>(roots);
        allowed.add(properties.dataDir());
        return AllowedRoots.of(
                allowed,
                "the directories the server may read (the data set roots, "
                        + "dipgnn.datasets.roots, and the data directory)");
    }

    /**
     * A server directory the service may read files from for a request (such as precomputed
     * embeddings), checked with {@link #readableRoots()}: its real path under them, and no link
     * in it leaving them.
     *
     * @param field the request field that names it, for errors
     * @throws InvalidInputException when it is missing, not a directory, outside those directories,
     *     or holds a link leaving them
     */
    public Path readableServerDirectory(String field, String directory) {
        if (directory == null || directory.isBlank()) {
            throw new InvalidInputException(field, field + " must name a server directory");
        }
        return checked(field, readableRoots(), directory, "the " + field + " directory");
    }

    private static Path checked(String field, AllowedRoots allowed, String directory, String what) {
        try {
            return allowed.directory(directory, what);
        } catch (PathRefusedException e) {
            throw new InvalidInputException(field, e.getMessage());
        }
    }

    private static void copyCapped(InputStream in, Path out, long max) throws IOException {
        byte[] buffer = new byte[64 * 1024];
        long total = 0;
        try (OutputStream os = Files.newOutputStream(out)) {
            int n;
            while ((n = in.read(buffer)) > 0) {
                total += n;
                if (total > max) {
                    throw new InvalidInputException(
                            "file",
                            "the upload exceeds the limit of " + max
                                    + " bytes; register the data set from a server directory instead");
                }
                os.write(buffer, 0, n);
            }
        }
    }

    private static Path real(Path root) {
        try {
            return root.toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException("data set root " + root + " does not exist", e);
        }
    }
}
