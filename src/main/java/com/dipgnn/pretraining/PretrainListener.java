package com.dipgnn.pretraining;

import java.nio.file.Path;
import java.util.Map;

/** Receives progress of a pre-training run (a CLI progress bar, HTTP progress events, tests). */
public interface PretrainListener {

    /** Once, before the first step a run takes: the checkpoint step it resumed from, or 0. */
    default void onStart(long resumedFrom) {}

    /** After each optimizer step, with that step's figures. */
    default void onStep(long step, long totalSteps, Map<String, Double> stats) {}

    /** At the end of each logging interval, with the interval's mean figures. */
    default void onLog(PretrainLogEntry entry) {}

    /** A problem worth a person's attention that does not stop the run (e.g. {@link LossBalance}). */
    default void onWarning(String message) {}

    /** After a checkpoint was written. */
    default void onCheckpoint(long step, Path directory) {}

    /**
     * Asked after each step (and its log entry and checkpoint); when true the run stops with a
     * {@link com.dipgnn.optim.TrainingCancelledException}, keeping the last checkpoint.
     */
    default boolean stopRequested() {
        return false;
    }

    /**
     * Asked after each step when no stop was requested; when true the run ends at this step as though
     * it were its last (a time limit): the steps since the last log entry are logged, and the result
     * and the saved model's provenance count the steps it ran.
     */
    default boolean timeUp() {
        return false;
    }

    PretrainListener NONE = new PretrainListener() {};
}
