package com.dipgnn.model;

import ai.djl.ndarray.NDArray;

/**
 * The trainable cosine similarity of the paper, d(u, v) = (W u) . v / (|W u| |v|), in [-1, 1].
 * Broadcasts over leading axes, so one target can be scored against many candidates.
 */
public final class CosineScorer extends GraphModule {

    private static final float EPSILON = 1e-8f;

    private final Linear transform;

    public CosineScorer(int hidden) {
        this.transform = addChild("w", new Linear(hidden, hidden, false));
    }

    /**
     * @param u shape (..., hidden)
     * @param v shape broadcastable to u's
     * @return the similarity, shape of the broadcast without the last axis
     */
    public NDArray score(NDArray u, NDArray v) {
        NDArray wu = transform.forward(u);
        NDArray dot = wu.mul(v).sum(new int[] {-1});
        NDArray norms = wu.norm(new int[] {-1}).mul(v.norm(new int[] {-1})).maximum(EPSILON);
        return dot.div(norms);
    }
}
