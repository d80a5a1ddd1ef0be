package com.dipgnn.optim;

import java.nio.file.Path;
import java.util.Map;

/** Receives progress events of a training run (a CLI progress bar, HTTP progress events). */
public interface TrainingListener {

    /**
     * Once, before the first step a run takes: the checkpoint step it resumed from, or 0 when it
     * starts from the beginning.
     */
    default void onStart(long resumedFrom) {}

    /** After each optimizer step. */
    default void onStep(long step, long totalSteps, double loss) {}

    /** After each validation. */
    default void onValidation(long step, Map<String, Double> metrics, boolean improved) {}

    /** After the last training step, before the final evaluation (and the save, when there is one). */
    default void onTrainingEnd(long stepsRun) {}

    /** After a checkpoint was written to {@code directory}. */
    default void onCheckpoint(long step, Path directory) {}

    /**
     * Asked after each step (and its validation and checkpoint); when true the run stops with a
     * {@link TrainingCancelledException}.
     */
    default boolean stopRequested() {
        return false;
    }

    /**
     * Asked after each step when no stop was requested; when true the run ends at this step as though
     * it were its last (a time limit): a run that validates validates it (unless it just did) and
     * keeps its best weights, and its result counts the steps it ran.
     */
    default boolean timeUp() {
        return false;
    }

    TrainingListener NONE = new TrainingListener() {};
}
