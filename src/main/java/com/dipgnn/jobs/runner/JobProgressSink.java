package com.dipgnn.jobs.runner;

/**
 * Receives a job's progress: at most about once a second during training (the interval is the
 * runner's), at every validation or logged interval, and at each change of phase. Called on the
 * job's thread: keep it quick.
 */
@FunctionalInterface
public interface JobProgressSink {

    void onProgress(JobProgress progress);

    /**
     * A training step has completed, {@code seconds} after the previous one (or after the phase
     * began, for the first): called for every step, for per-step metrics; the default ignores it.
     */
    default void onStep(double seconds) {}

    /** Ignores progress. */
    JobProgressSink NONE = progress -> {};
}
