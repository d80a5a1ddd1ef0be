package com.dipgnn.jobs;

import com.dipgnn.config.ServiceProperties;
import com.dipgnn.jobs.runner.JobControl;
import com.dipgnn.jobs.runner.JobKind;
import com.dipgnn.jobs.runner.JobProgress;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Clock;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells the world how a worker's jobs go: their progress (live to the event stream and metrics,
 * stored in the database at the progress interval), what the runner reports through
 * {@link JobControl} (the step a job resumes from, a refused checkpoint), and their end (stored,
 * logged, counted and published), under the worker's lease.
 */
final class JobReporter {

    private static final Logger LOG = LoggerFactory.getLogger(JobReporter.class);

    private final JobRepository jobs;
    private final JobEvents events;
    private final JobMetrics metrics;
    private final ObjectMapper json;
    private final ServiceProperties properties;
    private final Clock clock;
    private final String workerId;
    private final JobFiles files;

    JobReporter(
            JobRepository jobs,
            JobEvents events,
            JobMetrics metrics,
            ObjectMapper json,
            ServiceProperties properties,
            Clock clock,
            JobFiles files) {
        this.jobs = jobs;
        this.events = events;
        this.metrics = metrics;
        this.json = json;
        this.properties = properties;
        this.clock = clock;
        this.workerId = properties.jobs().effectiveWorkerId();
        this.files = files;
    }

    /**
     * Publishes {@code p} as job {@code id}'s progress; returns whether it was also stored now (at
     * most once per progress interval).
     */
    boolean progress(String id, RunningJob r, JobProgress p) {
        r.progress = p;
        r.live.add(p);
        metrics.progress(id, p.latestLosses(), p.latestMetrics());
        events.publish(id, JobEvents.PROGRESS, p);
        long now = System.currentTimeMillis();
        if (now - r.lastSaved < properties.jobs().progressInterval().toMillis()) {
            return false;
        }
        r.lastSaved = now;
        jobs.saveProgress(id, workerId, write(p));
        return true;
    }

    /**
     * Ends the job as {@code state}: stores its last progress, finishes its lease, and tells the
     * metrics, the log and the event stream; nothing when the lease was lost (the new worker decides).
     */
    void end(JobRecord job, JobState state, String error, RunningJob r) {
        r.ended = true;
        if (r.progress != null && state == JobState.SUCCEEDED) {
            JobProgress last = r.progress;
            r.progress = new JobProgress(
                    "done",
                    last.step(),
                    last.totalSteps(),
                    last.elapsedSeconds(),
                    0.0,
                    last.latestLosses(),
                    last.latestMetrics());
        }
        if (r.progress != null) {
            jobs.saveProgress(job.id(), workerId, write(r.progress));
        }
        if (!jobs.finishLeased(job.id(), workerId, state, error, clock.instant())) {
            LOG.warn(
                    "Job {} ended on worker {} as {}, but its lease had been lost: the worker that took it over "
                            + "decides its state",
                    job.id(),
                    workerId,
                    state);
            return;
        }
        metrics.jobEnded(job.id(), state);
        logEnd(job, state, error);
        JobRecord ended = jobs.find(job.id()).orElseThrow();
        events.end(job.id(), stateEvent(ended, ended.state()));
    }

    private void logEnd(JobRecord job, JobState state, String error) {
        switch (state) {
            case SUCCEEDED -> {
                if (JobFiles.trains(job)) {
                    LOG.info("Job {} succeeded: model {}", job.id(), job.modelId());
                } else {
                    LOG.info(
                            "Job {} succeeded: embeddings of model {} in {}",
                            job.id(),
                            job.parentModelId(),
                            files.embeddingsDirectory(job.id()));
                }
            }
            case CANCELLED -> LOG.info("Job {} cancelled", job.id());
            case FAILED -> LOG.warn("Job {} failed: {}", job.id(), error);
            default -> LOG.info("Job {} ended as {}", job.id(), state);
        }
    }

    /** The state event of {@code job} in {@code state}. */
    Map<String, Object> stateEvent(JobRecord job, JobState state) {
        return job.error() == null
                ? Map.of("id", job.id(), "state", state)
                : Map.of("id", job.id(), "state", state, "error", job.error());
    }

    private String write(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Cancellation from the job's flag; the step it resumes from recorded as soon as training starts;
     * a checkpoint the job cannot resume logged and counted (the runner trains the job again).
     */
    JobControl control(String id, JobKind kind, RunningJob r) {
        return new JobControl() {
            @Override
            public boolean cancelRequested() {
                return r.cancel.get();
            }

            @Override
            public void started(long resumedFrom) {
                if (resumedFrom > 0) {
                    LOG.info("Job {} resumes from its checkpoint at step {}", id, resumedFrom);
                }
                jobs.saveResumedFrom(id, resumedFrom);
            }

            @Override
            public void checkpointRefused(String reason) {
                LOG.warn(
                        "Job {} cannot resume its checkpoint ({}); the checkpoint is deleted and the job trains "
                                + "again from step 0 with the service's settings of now",
                        id,
                        reason);
                metrics.checkpointRefused(kind);
            }
        };
    }
}
