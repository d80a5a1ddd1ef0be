package com.dipgnn.jobs.runner;

/**
 * Receives a job's progress: at most about once a second during training (the interval is the
 * runner's), at every validation or logged interval, and at each change of phase. Called on the
 * job's thread: keep it quick.
 */
@FunctionalInterface
public interface JobProgressSink {

    void onProgress(JobProgress progress);

    /** Ignores progress. */
    JobProgressSink NONE = progress -> {
    };
}
