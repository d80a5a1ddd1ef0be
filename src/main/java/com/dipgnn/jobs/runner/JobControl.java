package com.dipgnn.jobs.runner;

/** Lets the caller cancel a running job; polled on the job's thread after every training step (make it thread-safe). */
@FunctionalInterface
public interface JobControl {

    /** Whether the job should stop (it then ends with a {@code TrainingCancelledException}). */
    boolean cancelRequested();

    /**
     * Called once on the job's thread as training starts: the checkpoint step it resumed from, or 0
     * when it starts from the beginning, so that a resumed job says so while it runs.
     */
    default void started(long resumedFrom) {}

    /**
     * Called on the job's thread when the job's checkpoint cannot be resumed (written with other
     * settings, say a service setting changed since it was written, or for a model of another
     * shape); {@code reason} names the checkpoint and what differs. The runner then deletes the
     * checkpoint and trains the job again from the beginning.
     */
    default void checkpointRefused(String reason) {}

    /** Never cancels. */
    JobControl NONE = () -> false;
}
