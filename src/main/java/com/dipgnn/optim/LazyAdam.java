package com.dipgnn.optim;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.index.NDIndex;
import com.dipgnn.model.GraphOps;

/**
 * Adam on the rows of a table that a step touched ("lazy" Adam): only those rows and their first
 * and second moments change; the bias correction uses the global step count, so a row touched for
 * the first time at step t is corrected as at step t. Optional decoupled weight decay applies to
 * the touched rows alone:
 *
 * <pre>
 * m = b1 m + (1 - b1) g;   v = b2 v + (1 - b2) g^2
 * w = w - lr (m / (1 - b1^t)) / (sqrt(v / (1 - b2^t)) + eps) - lr wd w
 * </pre>
 *
 * @param learningRate lr
 * @param beta1 b1
 * @param beta2 b2
 * @param epsilon eps
 * @param weightDecay wd (0: none)
 */
public record LazyAdam(float learningRate, float beta1, float beta2, float epsilon, float weightDecay) {

    /**
     * Updates rows {@code rows} (distinct) of {@code weights}, {@code means} and {@code variances}
     * in place with their gradients; temporary arrays live in {@code scope}.
     *
     * @param gradients shape (rows.length, width)
     * @param step the global optimizer step, from 1
     */
    public void update(
            NDArray weights,
            NDArray means,
            NDArray variances,
            long[] rows,
            NDArray gradients,
            int step,
            NDManager scope) {
        NDArray index = scope.create(rows);
        NDArray w = GraphOps.gatherRows(weights, index);
        NDArray m = GraphOps.gatherRows(means, index).mul(beta1).add(gradients.mul(1f - beta1));
        NDArray v = GraphOps.gatherRows(variances, index)
                .mul(beta2)
                .add(gradients.square().mul(1f - beta2));
        float meanCorrection = (float) (1 - Math.pow(beta1, step));
        float varianceCorrection = (float) (1 - Math.pow(beta2, step));
        NDArray update =
                m.div(meanCorrection).div(v.div(varianceCorrection).sqrt().add(epsilon));
        if (weightDecay > 0) {
            update = update.add(w.mul(weightDecay));
        }
        NDIndex at = new NDIndex("{}", index);
        weights.set(at, w.sub(update.mul(learningRate)));
        means.set(at, m);
        variances.set(at, v);
    }
}
