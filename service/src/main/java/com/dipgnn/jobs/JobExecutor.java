package com.dipgnn.jobs;

import ai.djl.Device;
import com.dipgnn.config.ServiceProperties;
import com.dipgnn.text.TextInputCache;
import com.dipgnn.datasets.DatasetService;
import com.dipgnn.jobs.runner.FinetuneParameters;
import com.dipgnn.jobs.runner.JobKind;
import com.dipgnn.jobs.runner.JobOutcome;
import com.dipgnn.jobs.runner.JobParameters;
import com.dipgnn.jobs.runner.JobProgress;
import com.dipgnn.jobs.runner.JobRunner;
import com.dipgnn.jobs.runner.JobWork;
import com.dipgnn.jobs.runner.PretrainParameters;
import com.dipgnn.jobs.runner.TrainingCurves;
import com.dipgnn.registry.ModelKind;
import com.dipgnn.registry.ModelRegistry;
import com.dipgnn.training.ModelStore;
import com.dipgnn.training.TrainingCancelledException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Runs queued jobs on the engine, at most {@code dipgnn.jobs.concurrency} at a time, oldest
 * first. Job state lives in the database: on start, jobs a previous process left running go back
 * to the queue and resume from their last checkpoint; on shutdown, running jobs stop at a step
 * boundary and stay queued for the next start. Nothing is silently dropped.
 */
@Component
public class JobExecutor implements SmartLifecycle {

    private static final Logger LOG = LoggerFactory.getLogger(JobExecutor.class);
    private static final int MAX_ATTEMPTS = 5;
    static final String CURVES_FILE = "curves.json";

    /** A job on a worker thread. */
    private static final class Running {
        final AtomicBoolean cancel = new AtomicBoolean();
        volatile JobProgress progress;
        final LiveCurves live = new LiveCurves();
        volatile TrainingCurves curves;
        volatile long lastSaved;

        TrainingCurves currentCurves() {
            return curves != null ? curves : live.snapshot();
        }
    }

    private final JobRepository jobs;
    private final DatasetService datasets;
    private final ModelRegistry registry;
    private final JobEvents events;
    private final JobMetrics metrics;
    private final ObjectMapper json;
    private final ServiceProperties properties;
    private final Device device;
    private final Clock clock;
    private final Map<String, Running> running = new ConcurrentHashMap<>();
    private final Semaphore slots;
    private final Object signal = new Object();
    private final AtomicBoolean stopping = new AtomicBoolean();
    private ExecutorService workers;
    private Thread dispatcher;
    private volatile boolean started;

    public JobExecutor(JobRepository jobs, DatasetService datasets, ModelRegistry registry, JobEvents events,
                       JobMetrics metrics, ObjectMapper json, ServiceProperties properties, Device device, Clock clock) {
        this.jobs = jobs;
        this.datasets = datasets;
        this.registry = registry;
        this.events = events;
        this.metrics = metrics;
        this.json = json;
        this.properties = properties;
        this.device = device;
        this.clock = clock;
        this.slots = new Semaphore(Math.max(1, properties.jobs().concurrency()));
    }

    @Override
    public void start() {
        List<String> interrupted = jobs.requeueInterrupted();
        if (!interrupted.isEmpty()) {
            LOG.info("Jobs {} were running when the service stopped: queued again, they resume from their last checkpoint",
                    interrupted);
        }
        registry.removeUnrecorded(jobs.unfinishedModelIds());
        stopping.set(false);
        workers = Executors.newFixedThreadPool(slots.availablePermits(), r -> {
            Thread t = new Thread(r, "dipgnn-job");
            t.setDaemon(true);
            return t;
        });
        dispatcher = new Thread(this::dispatch, "dipgnn-job-dispatcher");
        dispatcher.setDaemon(true);
        dispatcher.start();
        started = true;
    }

    @Override
    public void stop() {
        stopping.set(true);
        running.values().forEach(r -> r.cancel.set(true));
        wakeUp();
        if (workers != null) {
            workers.shutdown();
            try {
                if (!workers.awaitTermination(60, TimeUnit.SECONDS)) {
                    LOG.warn("Jobs {} did not stop within 60 s; they resume from their checkpoint at the next start",
                            running.keySet());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        started = false;
    }

    @Override
    public boolean isRunning() {
        return started;
    }

    /** Tells the dispatcher that a job was queued. */
    public void wakeUp() {
        synchronized (signal) {
            signal.notifyAll();
        }
    }

    /** Asks a running job to stop at its next step. */
    public void cancel(String id) {
        Running r = running.get(id);
        if (r != null) {
            r.cancel.set(true);
        }
    }

    public Optional<JobProgress> liveProgress(String id) {
        Running r = running.get(id);
        return r == null ? Optional.empty() : Optional.ofNullable(r.progress);
    }

    /** Live curves of a running job, else the ones stored when it ended. */
    public Optional<TrainingCurves> curves(String id) {
        Running r = running.get(id);
        if (r != null) {
            return Optional.of(r.currentCurves());
        }
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

    /** Number of jobs running now. */
    public int runningCount() {
        return running.size();
    }

    private void dispatch() {
        while (!stopping.get()) {
            try {
                if (slots.tryAcquire(1, TimeUnit.SECONDS)) {
                    if (!startNext()) {
                        slots.release();
                        synchronized (signal) {
                            signal.wait(1000);
                        }
                    }
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                LOG.error("Job dispatcher error; retrying", e);
                slots.release();
            }
        }
    }

    /** Claims the oldest queued job and starts it on a worker; false when there was none. */
    private boolean startNext() {
        for (String id : jobs.queued(8)) {
            if (stopping.get()) {
                return false;
            }
            if (jobs.claim(id, registry.newModelId(), clock.instant())) {
                Running r = new Running();
                running.put(id, r);
                workers.execute(() -> {
                    try {
                        run(id, r);
                    } finally {
                        running.remove(id);
                        slots.release();
                        wakeUp();
                    }
                });
                return true;
            }
        }
        return false;
    }

    private void run(String id, Running r) {
        JobRecord job = jobs.find(id).orElseThrow();
        events.publish(id, JobEvents.STATE, stateEvent(job, JobState.RUNNING));
        if (job.attempts() > MAX_ATTEMPTS) {
            end(job, JobState.FAILED, "the job was interrupted " + (job.attempts() - 1) + " times by service restarts; "
                    + "submit it again", r);
            return;
        }
        Path modelDir = registry.directory(job.modelId());
        try {
            if (completedEarlier(job)) {
                end(job, JobState.SUCCEEDED, null, r);
                return;
            }
            JobParameters parameters = parameters(job);
            Path pretrained = job.parentModelId() == null ? null : registry.directory(job.parentModelId());
            JobWork work = new JobWork(parameters, datasets.graph(job.datasetId()), job.datasetId(),
                    checkpoints(id), modelDir, pretrained, device, new TextInputCache(properties.textInputCacheDir()));
            JobOutcome outcome = new JobRunner().run(work, () -> r.cancel.get(), p -> onProgress(id, r, p));
            r.curves = outcome.curves();
            jobs.saveResumedFrom(id, outcome.resumedFromStep());
            saveCurves(id, r.curves);
            record(job);
            end(job, JobState.SUCCEEDED, null, r);
        } catch (TrainingCancelledException e) {
            saveCurves(id, r.currentCurves());
            discardUnrecorded(job);
            if (stopping.get()) {
                LOG.info("Job {} stopped at step {} for the shutdown; it resumes at the next start", id, e.step());
                return;
            }
            end(job, JobState.CANCELLED, null, r);
        } catch (Exception | Error e) {
            LOG.warn("Job {} failed", id, e);
            saveCurves(id, r.currentCurves());
            discardUnrecorded(job);
            ModelStore.deleteRecursively(checkpoints(id)); // a failed job is never resumed
            end(job, JobState.FAILED, failure(e), r);
        }
    }

    /**
     * Whether an earlier attempt of the job got as far as its model: recorded (the service stopped
     * before the job was marked succeeded) or written completely but not yet recorded (model
     * directories are renamed into place only once complete); the latter is recorded now.
     */
    private boolean completedEarlier(JobRecord job) throws IOException {
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

    /** Records the job's model in the registry, then drops its checkpoints (no longer needed). */
    private void record(JobRecord job) throws IOException {
        ModelKind kind = JobKind.valueOf(job.kind()) == JobKind.PRETRAIN ? ModelKind.PRETRAINED : ModelKind.FINETUNED;
        registry.register(job.modelId(), job.modelName(), kind, job.datasetId(), job.id(), job.parentModelId());
        ModelStore.deleteRecursively(checkpoints(job.id()));
    }

    /** Removes the job's model directory unless it is a recorded model version. */
    private void discardUnrecorded(JobRecord job) {
        if (registry.find(job.modelId()).isEmpty()) {
            ModelStore.deleteRecursively(registry.directory(job.modelId()));
        }
    }

    private Path checkpoints(String id) {
        return jobDir(id).resolve("checkpoints");
    }

    private void onProgress(String id, Running r, JobProgress p) {
        JobProgress previous = r.progress;
        r.progress = p;
        r.live.add(p);
        metrics.progress(id, previous, p);
        events.publish(id, JobEvents.PROGRESS, p);
        long now = System.currentTimeMillis();
        if (now - r.lastSaved >= properties.jobs().progressInterval().toMillis()) {
            r.lastSaved = now;
            jobs.saveProgress(id, write(p));
        }
    }

    private void end(JobRecord job, JobState state, String error, Running r) {
        if (r.progress != null) {
            jobs.saveProgress(job.id(), write(r.progress));
        }
        jobs.finish(job.id(), state, error, clock.instant());
        metrics.jobEnded(job.id(), state);
        JobRecord ended = jobs.find(job.id()).orElseThrow();
        events.end(job.id(), stateEvent(ended, ended.state()));
    }

    private Map<String, Object> stateEvent(JobRecord job, JobState state) {
        return job.error() == null ? Map.of("id", job.id(), "state", state)
                : Map.of("id", job.id(), "state", state, "error", job.error());
    }

    private JobParameters parameters(JobRecord job) throws JsonProcessingException {
        Class<? extends JobParameters> type = JobKind.valueOf(job.kind()) == JobKind.PRETRAIN
                ? PretrainParameters.class : FinetuneParameters.class;
        return json.readValue(job.parametersJson(), type);
    }

    private void saveCurves(String id, TrainingCurves curves) {
        if (curves == null) {
            return;
        }
        try {
            Path dir = Files.createDirectories(jobDir(id));
            Path temp = dir.resolve(CURVES_FILE + ".tmp");
            json.writeValue(temp.toFile(), curves);
            Files.move(temp, dir.resolve(CURVES_FILE), java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            LOG.warn("Could not store the curves of job {}: {}", id, e.getMessage());
        }
    }

    private Path jobDir(String id) {
        return properties.dataDir().resolve("jobs").resolve(id);
    }

    private String write(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String failure(Throwable e) {
        String message = e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
        return e instanceof IllegalArgumentException || e instanceof IOException ? message
                : e.getClass().getSimpleName() + ": " + message;
    }

}
