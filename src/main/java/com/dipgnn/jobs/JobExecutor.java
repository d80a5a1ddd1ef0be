package com.dipgnn.jobs;

import ai.djl.Device;
import com.dipgnn.config.ServiceProperties;
import com.dipgnn.datasets.DatasetService;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.jobs.parameters.EmbedParameters;
import com.dipgnn.jobs.parameters.FinetuneParameters;
import com.dipgnn.jobs.parameters.JobParameters;
import com.dipgnn.jobs.parameters.PretrainParameters;
import com.dipgnn.jobs.runner.JobKind;
import com.dipgnn.jobs.runner.JobOutcome;
import com.dipgnn.jobs.runner.JobPlan;
import com.dipgnn.jobs.runner.JobProgress;
import com.dipgnn.jobs.runner.JobProgressSink;
import com.dipgnn.jobs.runner.JobRunner;
import com.dipgnn.jobs.runner.JobWork;
import com.dipgnn.jobs.runner.TrainingCurves;
import com.dipgnn.optim.TrainingCancelledException;
import com.dipgnn.registry.ModelRegistry;
import com.dipgnn.store.ModelStore;
import com.dipgnn.text.TextInputCache;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * The worker role: runs queued jobs on the engine, at most {@code dipgnn.jobs.concurrency} at a
 * time, oldest first. Job state lives in the database, and several workers (processes, machines)
 * may drain one queue in PostgreSQL: a worker claims a job with a lease that it renews while the
 * job trains, and writes checkpoints to the shared data directory; when a worker dies its leases
 * expire and other workers take its jobs over, resuming each from its last checkpoint. On
 * shutdown, running jobs stop at a step boundary and go back to the queue. With the embedded H2
 * database (one process), jobs the previous process left running are queued again at start.
 * Nothing is silently dropped. A process without the worker role runs no jobs.
 */
@Component
public class JobExecutor implements SmartLifecycle {

    private static final Logger LOG = LoggerFactory.getLogger(JobExecutor.class);
    private static final int MAX_ATTEMPTS = 5;

    private final JobRepository jobs;
    private final DatasetService datasets;
    private final ModelRegistry registry;
    private final JobEvents events;
    private final JobMetrics metrics;
    private final ObjectMapper json;
    private final JobFiles files;
    private final JobReporter reporter;
    private final ServiceProperties properties;
    private final Device device;
    private final Clock clock;
    private final String workerId;
    private final Map<String, RunningJob> running = new ConcurrentHashMap<>();
    private final Semaphore slots;
    private final Object signal = new Object();
    private final AtomicBoolean stopping = new AtomicBoolean();
    private ExecutorService workers;
    private Thread dispatcher;
    private ScheduledExecutorService leaseKeeper;
    private volatile boolean exclusive;
    private volatile boolean started;

    public JobExecutor(
            JobRepository jobs,
            DatasetService datasets,
            ModelRegistry registry,
            JobEvents events,
            JobMetrics metrics,
            ObjectMapper json,
            ServiceProperties properties,
            Device device,
            Clock clock) {
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
        this.workerId = properties.jobs().effectiveWorkerId();
        this.files = new JobFiles(registry, properties, json);
        this.reporter = new JobReporter(jobs, events, metrics, json, properties, clock, files);
    }

    @Override
    public void start() {
        if (!properties.runsWorker()) {
            LOG.info(
                    "This process has no worker role (dipgnn.roles={}): it queues jobs but runs none",
                    properties.roles());
            if (jobs.embeddedDatabase()) {
                LOG.warn("No process can run the queued jobs: the embedded database is open to this process only. "
                        + "Add the worker role (dipgnn.roles=api,worker) or use PostgreSQL (the postgres profile) "
                        + "with worker processes");
            }
            started = true;
            return;
        }
        exclusive = jobs.embeddedDatabase();
        List<String> interrupted = jobs.requeueInterrupted(exclusive ? null : workerId);
        if (!interrupted.isEmpty()) {
            LOG.info(
                    "Jobs {} were running when this worker stopped: queued again, they resume from their last checkpoint",
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
        long renew = properties.jobs().leaseRenewInterval().toMillis();
        leaseKeeper = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "dipgnn-job-leases");
            t.setDaemon(true);
            return t;
        });
        leaseKeeper.scheduleWithFixedDelay(this::keepLeases, renew, renew, TimeUnit.MILLISECONDS);
        LOG.info(
                "Worker {} takes jobs from the {} job queue ({} at a time, lease {})",
                workerId,
                exclusive ? "embedded" : "shared",
                properties.jobs().concurrency(),
                properties.jobs().leaseDuration());
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
                    LOG.warn(
                            "Jobs {} did not stop within 60 s; they resume from their checkpoint at the next start",
                            running.keySet());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (leaseKeeper != null) {
            leaseKeeper.shutdownNow();
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
        RunningJob r = running.get(id);
        if (r != null) {
            r.cancel.set(true);
        }
    }

    public Optional<JobProgress> liveProgress(String id) {
        RunningJob r = running.get(id);
        return r == null ? Optional.empty() : Optional.ofNullable(r.progress);
    }

    /** Live curves of a running job, else the ones stored when it ended. */
    public Optional<TrainingCurves> curves(String id) {
        RunningJob r = running.get(id);
        return r != null ? Optional.of(r.currentCurves()) : files.storedCurves(id);
    }

    /** Number of jobs running now. */
    public int runningCount() {
        return running.size();
    }

    private void dispatch() {
        long poll = properties.jobs().pollInterval().toMillis();
        while (!stopping.get()) {
            try {
                if (slots.tryAcquire(1, TimeUnit.SECONDS)) {
                    if (!startNext()) {
                        slots.release();
                        synchronized (signal) {
                            signal.wait(poll);
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

    /** Claims the oldest claimable job and starts it on a worker thread; false when there was none. */
    private boolean startNext() {
        if (stopping.get()) {
            return false;
        }
        Instant now = clock.instant();
        Optional<String> claimed = jobs.claimNext(
                workerId, registry.newModelId(), now, now.plus(properties.jobs().leaseDuration()));
        if (claimed.isEmpty()) {
            return false;
        }
        String id = claimed.get();
        RunningJob r = new RunningJob();
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

    /**
     * Renews the leases of this worker's running jobs; stops a job whose lease was lost (another
     * worker has it now) or whose cancel was asked for elsewhere, and stores the curves of each
     * for API processes elsewhere to read.
     */
    private void keepLeases() {
        for (Map.Entry<String, RunningJob> e : running.entrySet()) {
            String id = e.getKey();
            RunningJob r = e.getValue();
            try {
                if (!jobs.renewLease(
                        id, workerId, clock.instant().plus(properties.jobs().leaseDuration()))) {
                    if (!r.ended && !r.leaseLost) {
                        LOG.warn(
                                "Job {}: worker {} lost its lease (another worker has taken the job over); "
                                        + "stopping it here",
                                id,
                                workerId);
                        r.leaseLost = true;
                        r.cancel.set(true);
                    }
                    continue;
                }
                if (jobs.cancelRequested(id)) {
                    r.cancel.set(true);
                }
                if (!exclusive) {
                    files.saveCurves(id, r.currentCurves());
                }
            } catch (RuntimeException ex) {
                LOG.warn("Job {}: could not renew the lease of worker {}: {}", id, workerId, ex.getMessage());
            }
        }
    }

    private void run(String id, RunningJob r) {
        JobRecord job = jobs.find(id).orElseThrow();
        LOG.info(
                "Job {} started on worker {}: {} on data set '{}' (attempt {})",
                id,
                workerId,
                job.kind().toLowerCase(Locale.ROOT),
                job.datasetId(),
                job.attempts());
        events.publish(id, JobEvents.STATE, reporter.stateEvent(job, JobState.RUNNING));
        if (job.cancelRequested()) { // asked for while the job's previous worker was gone
            files.discardUnrecorded(job);
            reporter.end(job, JobState.CANCELLED, null, r);
            return;
        }
        if (job.attempts() > MAX_ATTEMPTS) {
            reporter.end(
                    job,
                    JobState.FAILED,
                    "the job was interrupted " + (job.attempts() - 1) + " times (service restarts "
                            + "or workers that died); submit it again",
                    r);
            return;
        }
        JobKind kind = JobKind.valueOf(job.kind());
        Path output = kind.trains() ? registry.directory(job.modelId()) : embeddingsDirectory(id);
        try {
            if (files.completedEarlier(job)) {
                reporter.end(job, JobState.SUCCEEDED, null, r);
                return;
            }
            JobParameters parameters = parameters(job);
            Path input = job.parentModelId() == null ? null : registry.directory(job.parentModelId());
            HeteroGraph graph = datasets.graph(job.datasetId());
            JobPlan plan = parameters
                    .plan(graph, input == null ? null : ModelStore.readManifest(input))
                    .withWholeGraphMemory(properties.jobs().wholeGraphMemory().toBytes());
            JobWork work = new JobWork(
                    plan,
                    graph,
                    job.datasetId(),
                    files.checkpoints(id),
                    output,
                    input,
                    device,
                    new TextInputCache(properties.textInputCacheDir()));
            JobOutcome outcome = new JobRunner().run(work, reporter.control(id, kind, r), new JobProgressSink() {
                @Override
                public void onProgress(JobProgress progress) {
                    JobExecutor.this.onProgress(id, r, progress);
                }

                @Override
                public void onStep(double seconds) {
                    if (kind.trains()) {
                        metrics.step(kind, seconds);
                    }
                }
            });
            r.curves = outcome.curves();
            jobs.saveResumedFrom(id, outcome.resumedFromStep());
            files.saveCurves(id, r.curves);
            files.record(job);
            reporter.end(job, JobState.SUCCEEDED, null, r);
        } catch (TrainingCancelledException e) {
            if (r.leaseLost) {
                LOG.info(
                        "Job {} stopped at step {} on worker {}: another worker has taken it over",
                        id,
                        e.step(),
                        workerId);
                return;
            }
            files.saveCurves(id, r.currentCurves());
            files.discardUnrecorded(job);
            if (stopping.get()) {
                boolean released = jobs.release(id, workerId);
                LOG.info(
                        "Job {} stopped at step {} for the shutdown; {}",
                        id,
                        e.step(),
                        released ? "queued again, it resumes from its last checkpoint" : "another worker has it now");
                return;
            }
            reporter.end(job, JobState.CANCELLED, null, r);
        } catch (Exception | Error e) {
            if (r.leaseLost) {
                LOG.info(
                        "Job {} stopped on worker {} ({}): another worker has taken it over",
                        id,
                        workerId,
                        e.toString());
                return;
            }
            LOG.warn("Job {} failed", id, e);
            files.saveCurves(id, r.currentCurves());
            files.discardUnrecorded(job);
            ModelStore.deleteRecursively(files.checkpoints(id)); // a failed job is never resumed
            reporter.end(job, JobState.FAILED, failure(e), r);
        }
    }

    private void onProgress(String id, RunningJob r, JobProgress p) {
        if (reporter.progress(id, r, p)
                && !exclusive
                && jobs.cancelRequested(id)) { // asked for through an API process elsewhere
            r.cancel.set(true);
        }
    }

    private JobParameters parameters(JobRecord job) throws JsonProcessingException {
        Class<? extends JobParameters> type = switch (JobKind.valueOf(job.kind())) {
            case PRETRAIN -> PretrainParameters.class;
            case FINETUNE -> FinetuneParameters.class;
            case EMBED -> EmbedParameters.class;
        };
        return json.readValue(job.parametersJson(), type);
    }

    /** Where embedding job {@code id} writes every node's embedding (a deployment's {@code embeddingsPath}). */
    public Path embeddingsDirectory(String id) {
        return files.embeddingsDirectory(id);
    }

    private static String failure(Throwable e) {
        String message = e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
        return e instanceof IllegalArgumentException || e instanceof IOException
                ? message
                : e.getClass().getSimpleName() + ": " + message;
    }
}
