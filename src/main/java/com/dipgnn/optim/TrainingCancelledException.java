package com.dipgnn.optim;

import com.dipgnn.finetuning.FineTuner;

/**
 * Thrown by {@link FineTuner} and the pre-trainer when their listener asked them to stop: the run
 * ended after {@link #step()} without producing a model (a pre-training checkpoint already written
 * is kept).
 */
public final class TrainingCancelledException extends RuntimeException {

    private final long step;

    public TrainingCancelledException(long step) {
        super("training was cancelled after step " + step);
        this.step = step;
    }

    /** The last step that was completed. */
    public long step() {
        return step;
    }
}
