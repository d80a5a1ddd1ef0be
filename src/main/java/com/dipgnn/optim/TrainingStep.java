package com.dipgnn.optim;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.training.GradientCollector;
import java.util.function.Function;

/**
 * One optimizer step, the one way the trainers and the benchmarks take it: a fresh scope of the
 * model's manager, the loss computed under a gradient collector and read (refused when it is not
 * finite, before anything is back-propagated), the backward pass, then the update; every array of
 * the step is freed with its scope. A {@link Timing} hook sees the end of each phase.
 */
public final class TrainingStep {

    private TrainingStep() {}

    /** Called at the end of each phase of a step (benchmarks time them; trainers pass {@link #NONE}). */
    public interface Timing {

        /** No timing. */
        Timing NONE = new Timing() {};

        /** The loss is computed and read. */
        default void forwardDone() {}

        /** The gradients are computed (a hook may wait for them on a GPU). */
        default void backwardDone() {}

        /** The parameters are updated. */
        default void updateDone() {}
    }

    /**
     * What a step's forward pass gives: the loss to back-propagate and whatever else it computed.
     *
     * @param loss a scalar of the step's scope
     * @param result returned by {@link #run} with the loss's value
     */
    public record Forward<R>(NDArray loss, R result) {}

    /** A step's loss value and the forward pass's result. */
    public record Result<R>(double loss, R result) {}

    /**
     * Runs one step.
     *
     * @param lossName names the loss in the error (e.g. "pre-training loss at step 12")
     * @throws NonFiniteLossException when the loss is NaN or infinite (nothing is back-propagated or
     *     updated), or when the gradient is (from {@link ParameterUpdater#step}; nothing is updated)
     */
    public static <R> Result<R> run(
            NDManager modelManager,
            Engine engine,
            ParameterUpdater updater,
            Function<NDManager, Forward<R>> forward,
            String lossName,
            Timing timing) {
        try (NDManager scope = modelManager.newSubManager()) {
            Forward<R> f;
            double value;
            try (GradientCollector collector = engine.newGradientCollector()) {
                f = forward.apply(scope);
                value = f.loss().getFloat();
                timing.forwardDone();
                if (!Double.isFinite(value)) {
                    throw new NonFiniteLossException(lossName + " is " + value);
                }
                collector.backward(f.loss());
                timing.backwardDone();
            }
            updater.step();
            timing.updateDone();
            return new Result<>(value, f.result());
        }
    }
}
