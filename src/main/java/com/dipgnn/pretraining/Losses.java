package com.dipgnn.pretraining;

import ai.djl.ndarray.NDArray;
import com.dipgnn.model.ScalarOps;

/** Numerically stable loss pieces shared by the pre-training objectives. */
final class Losses {

    private Losses() {}

    /**
     * Element-wise binary cross-entropy of sigmoid(logits) against 0/1 labels, computed as
     * max(x, 0) - x y + log(1 + exp(-|x|)) so large logits neither overflow nor lose precision.
     */
    static NDArray binaryCrossEntropyWithLogits(NDArray logits, NDArray labels) {
        NDArray softplusTail = logits.abs().neg().exp().add(1f).log();
        return ScalarOps.maximum(logits, 0).sub(logits.mul(labels)).add(softplusTail);
    }

    /** Negative log-softmax probability of column 0 per row: softmax cross-entropy with the target first. */
    static NDArray crossEntropyFirstColumn(NDArray logits) {
        return logits.logSoftmax(1).get(":, 0").neg();
    }
}
