package com.dipgnn.model;

import ai.djl.ndarray.NDArray;

/**
 * The trainable cosine similarity of the paper, d(u, v) = (W u) . v / (|W u| |v|), in [-1, 1].
 * Broadcasts over leading axes, so one target can be scored against many candidates.
 */
public final class CosineScorer extends GraphModule {

    /** Floor of the norms: bounds the gradient at a (near-)zero vector by 1 / EPSILON. */
    private static final float EPSILON = 1e-4f;

    private final Linear transform;

    public CosineScorer(int hidden) {
        this.transform = addChild("w", new Linear(hidden, hidden, false));
    }

    /** The trainable map W applied to the first operand, u. */
    public Linear transform() {
        return transform;
    }

    /** Floor of the norms, as {@link #score} uses it: |x| is computed as sqrt(|x|^2 + epsilon^2). */
    public static float normEpsilon() {
        return EPSILON;
    }

    /**
     * @param u shape (..., hidden)
     * @param v shape broadcastable to u's
     * @return the similarity, shape of the broadcast without the last axis
     */
    public NDArray score(NDArray u, NDArray v) {
        return scoreTransformed(transform.forward(u), v);
    }

    /**
     * {@link #score} of operands whose first is already transformed ({@code wu = W u}), for callers
     * that transform each distinct u once and gather the rows of many pairs from it.
     *
     * @param wu shape (..., hidden), W applied
     * @param v shape broadcastable to wu's
     */
    public NDArray scoreTransformed(NDArray wu, NDArray v) {
        NDArray dot = wu.mul(v).sum(new int[] {-1});
        return dot.div(safeNorm(wu).mul(safeNorm(v)));
    }

    /**
     * Every pair at once: entry (i, j) is d(u_j, v_i), for scoring many targets against a shared
     * set of candidates without materialising a candidate tensor per target.
     *
     * @param u candidates, shape (candidates, hidden)
     * @param v targets, shape (targets, hidden)
     * @return shape (targets, candidates)
     */
    public NDArray scoreAll(NDArray u, NDArray v) {
        return scoreAllUnits(unitTransformed(u), v);
    }

    /**
     * The candidates' side of {@link #scoreAll}, unit(W u) per row: computed once, it scores any
     * number of target batches through {@link #scoreAllUnits} without transforming (and keeping
     * for the backward pass) the candidates again for each.
     *
     * @param u candidates, shape (candidates, hidden)
     * @return shape (candidates, hidden)
     */
    public NDArray unitTransformed(NDArray u) {
        NDArray wu = transform.forward(u);
        return wu.div(safeNorm(wu).expandDims(1));
    }

    /**
     * {@link #scoreAll} of candidates already through {@link #unitTransformed}.
     *
     * @param wuUnit unit(W u), shape (candidates, hidden)
     * @param v targets, shape (targets, hidden)
     * @return shape (targets, candidates)
     */
    public NDArray scoreAllUnits(NDArray wuUnit, NDArray v) {
        NDArray vUnit = v.div(safeNorm(v).expandDims(1));
        return vUnit.matMul(wuUnit.transpose());
    }

    /** sqrt(|x|^2 + eps^2): equal to the norm away from 0, and differentiable (finite gradient) at 0. */
    private static NDArray safeNorm(NDArray x) {
        return x.square().sum(new int[] {-1}).add(EPSILON * EPSILON).sqrt();
    }
}
