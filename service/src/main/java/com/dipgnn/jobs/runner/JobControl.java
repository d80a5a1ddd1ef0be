package com.dipgnn.jobs.runner;

/** Lets the caller cancel a running job; polled on the job's thread after every training step (make it thread-safe). */
@FunctionalInterface
public interface JobControl {

    /** Whether the job should stop (it then ends with a {@code TrainingCancelledException}). */
    boolean cancelRequested();

    /** Never cancels. */
    JobControl NONE = () -> false;
}
