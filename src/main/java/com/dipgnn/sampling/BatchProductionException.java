package com.dipgnn.sampling;

/** A batch producer failed; tells which step, with the producer's exception as the cause. */
public final class BatchProductionException extends RuntimeException {

    private final int step;

    public BatchProductionException(int step, Throwable cause) {
        super("producing the batch of step " + step + " failed: " + cause, cause);
        this.step = step;
    }

    /** The step whose batch could not be produced. */
    public int step() {
        return step;
    }
}
