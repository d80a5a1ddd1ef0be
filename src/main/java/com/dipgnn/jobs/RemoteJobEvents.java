package com.dipgnn.jobs;

import com.dipgnn.config.ServiceProperties;
import com.dipgnn.jobs.runner.JobProgress;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Progress and state events of jobs that run in another process: in an API process, the event
 * streams of a job that a worker elsewhere runs are fed from the progress and state the worker
 * writes to the job table (polled every second while someone watches).
 */
@Component
public class RemoteJobEvents implements SmartLifecycle {

    private static final Logger LOG = LoggerFactory.getLogger(RemoteJobEvents.class);
    private static final long POLL_MS = 1000;

    private final JobRepository jobs;
    private final JobExecutor executor;
    private final JobEvents events;
    private final ObjectMapper json;
    private final ServiceProperties properties;
    private final Map<String, String> lastSent = new ConcurrentHashMap<>();
    private ScheduledExecutorService poller;

    public RemoteJobEvents(
            JobRepository jobs,
            JobExecutor executor,
            JobEvents events,
            ObjectMapper json,
            ServiceProperties properties) {
        this.jobs = jobs;
        this.executor = executor;
        this.events = events;
        this.json = json;
        this.properties = properties;
    }

    @Override
    public void start() {
        if (!properties.runsApi()) {
            return;
        }
        poller = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "dipgnn-job-events");
            t.setDaemon(true);
            return t;
        });
        poller.scheduleWithFixedDelay(this::relay, POLL_MS, POLL_MS, TimeUnit.MILLISECONDS);
    }

    @Override
    public void stop() {
        if (poller != null) {
            poller.shutdownNow();
            poller = null;
        }
    }

    @Override
    public boolean isRunning() {
        return poller != null;
    }

    /** Sends what changed in the table for every watched job that does not run in this process. */
    void relay() {
        lastSent.keySet().retainAll(events.watchedJobs());
        for (String id : events.watchedJobs()) {
            if (executor.liveProgress(id).isPresent()) {
                continue; // runs here: the executor sends its events
            }
            try {
                Optional<JobRecord> job = jobs.find(id);
                if (job.isEmpty()) {
                    continue;
                }
                relay(job.get());
            } catch (RuntimeException e) {
                LOG.warn("Could not relay the events of job {}: {}", id, e.getMessage());
            }
        }
    }

    private void relay(JobRecord job) {
        String progress = job.progressJson();
        if (progress != null && !progress.equals(lastSent.put(job.id(), progress))) {
            events.publish(job.id(), JobEvents.PROGRESS, read(progress));
        }
        if (job.state().isTerminal()) {
            events.end(
                    job.id(),
                    job.error() == null
                            ? Map.of("id", job.id(), "state", job.state())
                            : Map.of("id", job.id(), "state", job.state(), "error", job.error()));
            lastSent.remove(job.id());
        }
    }

    private JobProgress read(String progress) {
        try {
            return json.readValue(progress, JobProgress.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored progress is unreadable: " + e.getOriginalMessage(), e);
        }
    }
}
