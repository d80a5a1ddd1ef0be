package com.dipgnn.jobs;

import com.dipgnn.config.ServiceProperties;
import com.dipgnn.datasets.DatasetIds;
import com.dipgnn.datasets.DatasetService;
import com.dipgnn.errors.ConflictException;
import com.dipgnn.errors.InvalidInputException;
import com.dipgnn.errors.NotFoundException;
import com.dipgnn.errors.ServiceUnavailableException;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.jobs.parameters.EmbedParameters;
import com.dipgnn.jobs.parameters.FinetuneParameters;
import com.dipgnn.jobs.parameters.JobParameters;
import com.dipgnn.jobs.parameters.PretrainParameters;
import com.dipgnn.jobs.runner.JobKind;
import com.dipgnn.jobs.runner.JobParameterException;
import com.dipgnn.jobs.runner.JobProgress;
import com.dipgnn.jobs.runner.TrainingCurves;
import com.dipgnn.registry.ModelRegistry;
import com.dipgnn.registry.ModelVersion;
import com.dipgnn.store.ModelManifest;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * Submits, lists, watches and cancels jobs: training (pre-training, fine-tuning) and embedding. Parameters are checked against the data
 * set (and the pre-trained model) before a job is queued, so a queued job only fails for reasons
 * that could not be known in advance.
 */
@Service
public class JobService {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(JobService.class);

    /** A submission's result: the job, and whether it already existed under the idempotency key. */
    public record Submission(JobView job, boolean replayed) {}

    private final JobRepository jobs;
    private final DatasetService datasets;
    private final ModelRegistry registry;
    private final JobExecutor executor;
    private final JobEvents events;
    private final ObjectMapper json;
    private final ServiceProperties properties;
    private final Clock clock;

    public JobService(
            JobRepository jobs,
            DatasetService datasets,
            ModelRegistry registry,
            JobExecutor executor,
            JobEvents events,
            ObjectMapper json,
            ServiceProperties properties,
            Clock clock) {
        this.jobs = jobs;
        this.datasets = datasets;
        this.registry = registry;
        this.executor = executor;
        this.events = events;
        this.json = json;
        this.properties = properties;
        this.clock = clock;
    }

    /** Queues a pre-training job on {@code datasetId}. */
    public Submission submitPretrain(
            String datasetId, String modelName, PretrainParameters parameters, String idempotencyKey) {
        PretrainParameters p = parameters == null ? PretrainParameters.defaults() : parameters;
        return submit(datasetId, modelName, p, null, idempotencyKey, datasetId + "-" + p.method());
    }

    /** Queues a fine-tuning job on {@code datasetId}, from scratch or from a pre-trained model. */
    public Submission submitFinetune(
            String datasetId, String modelName, FinetuneParameters parameters, String idempotencyKey) {
        FinetuneParameters p = parameters == null ? FinetuneParameters.defaults() : parameters;
        String parent = p.pretrainedModelId();
        ModelManifest parentManifest = null;
        if (parent != null) {
            parentManifest = registry.find(parent)
                    .map(ModelVersion::manifest)
                    .orElseThrow(
                            () -> new InvalidInputException(
                                    "parameters.pretrainedModelId",
                                    "model '" + parent
                                            + "' does not exist; list the pre-trained models with GET /api/v1/models?kind=PRETRAINED"));
        }
        FinetuneParameters filled = p.withDefaults(parentManifest);
        return submit(datasetId, modelName, filled, parentManifest, idempotencyKey, datasetId + "-" + filled.task());
    }

    /**
     * Queues an embedding job: every node's embedding from model {@code modelId}, on the data set it
     * was trained on, written under the data directory for a deployment's {@code embeddingsPath}.
     */
    public Submission submitEmbed(EmbedParameters parameters, String idempotencyKey) {
        String modelId = parameters.modelId();
        ModelVersion model = registry.find(modelId)
                .orElseThrow(
                        () -> new InvalidInputException(
                                "modelId",
                                "model '" + modelId
                                        + "' does not exist; list the fine-tuned models with GET /api/v1/models?kind=FINETUNED"));
        if (datasets.find(model.datasetId()).isEmpty()) {
            throw new InvalidInputException(
                    "modelId",
                    "model '" + modelId + "' was trained on data set '" + model.datasetId()
                            + "', which has been deleted; register the graph again or embed another model");
        }
        try {
            return submit(
                    model.datasetId(), model.name(), parameters, modelOnDisk(model), idempotencyKey, model.name());
        } catch (JobParameterException e) { // the request body is the parameters: name the field as sent
            throw new InvalidInputException(e.field(), e.reason());
        }
    }

    /**
     * The manifest a worker will read from the model's directory, once its files are there: a model
     * whose directory lacks its manifest or a file the manifest lists is refused before queueing (the
     * files' checksums are checked when the job reads them).
     */
    private ModelManifest modelOnDisk(ModelVersion model) {
        Path dir = registry.directory(model.id());
        String remedy = "; the model's directory is incomplete or damaged: restore it from a copy, or train the "
                + "model again";
        ModelManifest manifest;
        try {
            manifest = com.dipgnn.store.ModelStore.readManifest(dir);
        } catch (IOException e) {
            throw new InvalidInputException(
                    "modelId",
                    "model '" + model.id() + "' cannot be read (its manifest is " + "missing or unreadable)" + remedy);
        }
        if (manifest.files() != null) {
            Path root = dir.toAbsolutePath().normalize();
            for (String file : manifest.files().keySet()) {
                Path path = root.resolve(file).normalize();
                if (!path.startsWith(root) || !Files.isRegularFile(path)) {
                    throw new InvalidInputException(
                            "modelId",
                            "model '" + model.id() + "' lacks its file " + com.dipgnn.graph.io.Excerpt.of(file)
                                    + remedy);
                }
            }
        }
        return manifest;
    }

    private Submission submit(
            String datasetId,
            String modelName,
            JobParameters parameters,
            ModelManifest parent,
            String idempotencyKey,
            String defaultName) {
        String name = modelName != null ? modelName : sanitize(defaultName);
        DatasetIds.require("modelName", name);
        if (idempotencyKey != null) {
            Optional<JobRecord> existing = jobs.findByIdempotencyKey(idempotencyKey);
            if (existing.isPresent()) {
                return new Submission(replay(existing.get(), datasetId, parameters, parent), true);
            }
        }
        HeteroGraph graph = datasets.graph(datasetId);
        parameters.validateAgainst(graph, parent);
        if (jobs.countInState(JobState.QUEUED) >= properties.jobs().queueCapacity()) {
            throw new ServiceUnavailableException("the job queue is full ("
                    + properties.jobs().queueCapacity() + " queued jobs); retry when some have started");
        }
        String parentId = parameters instanceof FinetuneParameters f
                ? f.pretrainedModelId()
                : parameters instanceof EmbedParameters e ? e.modelId() : null;
        JobRecord record = new JobRecord(
                UUID.randomUUID().toString(),
                parameters.kind().name(),
                JobState.QUEUED,
                datasetId,
                parentId,
                name,
                write(parameters),
                idempotencyKey,
                null,
                null,
                null,
                null,
                0,
                null,
                false,
                clock.instant(),
                null,
                null);
        try {
            jobs.insert(record);
            LOG.info(
                    "Job {} submitted: {} on data set '{}'{}",
                    record.id(),
                    parameters.kind().name().toLowerCase(Locale.ROOT),
                    datasetId,
                    parentId == null ? "" : " from model " + parentId);
        } catch (DuplicateKeyException race) {
            JobRecord winner = jobs.findByIdempotencyKey(idempotencyKey).orElseThrow(() -> race);
            return new Submission(replay(winner, datasetId, parameters, parent), true);
        }
        executor.wakeUp();
        return new Submission(view(jobs.find(record.id()).orElseThrow()), false);
    }

    /** The job submitted under {@code idempotencyKey}, whatever its parameters; empty when none was. */
    public Optional<JobView> findByIdempotencyKey(String idempotencyKey) {
        return jobs.findByIdempotencyKey(idempotencyKey).map(this::view);
    }

    public JobView get(String id) {
        return view(record(id));
    }

    public List<JobView> list(JobState state, String datasetId, String kind, int offset, int limit) {
        return jobs.list(state, datasetId, kind, offset, limit).stream()
                .map(this::view)
                .toList();
    }

    public long count(JobState state, String datasetId, String kind) {
        return jobs.count(state, datasetId, kind);
    }

    /**
     * Cancels a job: a queued job ends at once; a running job stops within a step, keeping its
     * last checkpoint.
     *
     * @throws ConflictException when the job has already ended
     */
    public JobView cancel(String id) {
        JobRecord job = record(id);
        if (job.state().isTerminal()) {
            throw new ConflictException("job '" + id + "' has already ended ("
                    + job.state().name().toLowerCase(Locale.ROOT) + "); only queued or running jobs can be cancelled");
        }
        jobs.requestCancel(id);
        LOG.info("Job {} cancel requested ({})", id, job.state().name().toLowerCase(Locale.ROOT));
        if (job.state() == JobState.QUEUED && jobs.finish(id, JobState.CANCELLED, null, clock.instant())) {
            JobView view = get(id);
            events.end(id, view);
            return view;
        }
        executor.cancel(id);
        return get(id);
    }

    /** The job's training curves so far (live while it runs, stored once it ended). */
    public TrainingCurves curves(String id) {
        JobRecord job = record(id);
        if (!JobKind.valueOf(job.kind()).trains()) {
            throw new NotFoundException(
                    "training curves of job",
                    id,
                    "an embedding job trains nothing; its " + "progress (GET /api/v1/jobs/" + id
                            + ") counts the nodes embedded");
        }
        return executor.curves(id)
                .orElseThrow(() ->
                        new NotFoundException("training curves of job", id, "a job has curves once it has started"));
    }

    /** A stream of the job's progress and state events. */
    public SseEmitter subscribe(String id) {
        JobView view = get(id);
        return events.subscribe(id, view, view.state().isTerminal());
    }

    private JobView replay(JobRecord existing, String datasetId, JobParameters parameters, ModelManifest parent) {
        if (!existing.datasetId().equals(datasetId)
                || !existing.kind().equals(parameters.kind().name())
                || !sameParameters(existing.parametersJson(), parameters, parent)) {
            throw new ConflictException("idempotency key '" + existing.idempotencyKey() + "' was already used for job '"
                    + existing.id() + "' with different parameters; use a new key for a new job");
        }
        return view(existing);
    }

    /**
     * Whether a stored job's parameters, read and filled as this service fills a submission's, are
     * {@code parameters}: a retry reaches the same job also when the first request was stored by a
     * service that filled fewer defaults (an upgrade in between).
     */
    private boolean sameParameters(String stored, JobParameters parameters, ModelManifest parent) {
        try {
            JobParameters earlier = json.readValue(stored, parameters.getClass());
            if (earlier instanceof FinetuneParameters finetune) {
                earlier = finetune.withDefaults(parent);
            }
            return earlier.equals(parameters);
        } catch (JsonProcessingException | RuntimeException e) { // unreadable or no longer valid: not the same
            return false;
        }
    }

    private JobRecord record(String id) {
        return jobs.find(id).orElseThrow(() -> new NotFoundException("job", id, "list the jobs with GET /api/v1/jobs"));
    }

    JobView view(JobRecord r) {
        JobProgress progress = executor.liveProgress(r.id()).orElseGet(() -> read(r.progressJson(), JobProgress.class));
        boolean succeeded = r.state() == JobState.SUCCEEDED;
        boolean trains = JobKind.valueOf(r.kind()).trains();
        return new JobView(
                r.id(),
                r.kind(),
                r.state(),
                r.datasetId(),
                r.parentModelId(),
                r.modelName(),
                read(r.parametersJson(), JsonNode.class),
                progress,
                r.error(),
                succeeded && trains ? r.modelId() : null,
                succeeded && !trains ? executor.embeddingsDirectory(r.id()).toString() : null,
                r.worker(),
                r.attempts(),
                r.resumedFromStep(),
                r.cancelRequested(),
                r.submittedAt(),
                r.startedAt(),
                r.finishedAt());
    }

    private <T> T read(String text, Class<T> type) {
        if (text == null) {
            return null;
        }
        try {
            return json.readValue(text, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored job data is unreadable: " + e.getOriginalMessage(), e);
        }
    }

    private String write(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String sanitize(String name) {
        String s = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9._-]", "-");
        return s.length() > 64 ? s.substring(0, 64) : s;
    }
}
