package com.dipgnn.training;

import java.util.Map;

/** Receives progress events of a training run (a CLI progress bar, HTTP progress events). */
public interface TrainingListener {

    /** After each optimizer step. */
    default void onStep(long step, long totalSteps, double loss) {
    }

    /** After each validation. */
    default void onValidation(long step, Map<String, Double> metrics, boolean improved) {
    }

    TrainingListener NONE = new TrainingListener() {
    };
}
