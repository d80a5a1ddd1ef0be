package com.dipgnn.jobs.runner;

/** Lets the caller cancel a running job; polled after every training step. */
@FunctionalInterface
public interface JobControl {

    /** Whether the job should stop (it then ends with a {@code TrainingCancelledException}). */
    boolean cancelRequested();

    /** Never cancels. */
    JobControl NONE = () -> false;
}
