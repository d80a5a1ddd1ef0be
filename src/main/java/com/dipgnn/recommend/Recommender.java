package com.dipgnn.recommend;

import ai.djl.ndarray.NDManager;
import com.dipgnn.model.GraphModule;

/**
 * A recommender whose scores are dot products of user and item vectors. Trainable ones keep their
 * weights as {@link GraphModule} parameters, so the engine's optimizer and checkpoints apply.
 */
public abstract class Recommender extends GraphModule {

    /**
     * The vectors of every user and item, computed in (and owned by) {@code scope}.
     *
     * @param training whether gradients will flow (a training step) or not (evaluation)
     */
    public abstract UserItemVectors vectors(NDManager scope, boolean training);

    /**
     * The free (ego) vectors of every user and item, before any propagation: what an L2
     * regulariser penalises, as LightGCN does.
     */
    public abstract UserItemVectors egoVectors();

    /**
     * What a training step on {@code pairs} scores with, created in {@code scope}: by default every
     * vector (as {@link #vectors} computes them for training) with the pairs as they are.
     */
    StepVectors stepVectors(TrainingPairs pairs, NDManager scope) {
        return new StepVectors(vectors(scope, true), egoVectors(), pairs);
    }

    /**
     * {@code x} as a new array owned by {@code scope}, differentiable with respect to {@code x}
     * (operations on model weights would otherwise leave their results in the model's manager).
     */
    protected static ai.djl.ndarray.NDArray inScope(ai.djl.ndarray.NDArray x, NDManager scope) {
        return scope.zeros(x.getShape()).add(x);
    }

    /** Whether the recommender learns (popularity does not). */
    public boolean trainable() {
        return !parameters().isEmpty();
    }
}
