package com.dipgnn.serving;

import com.dipgnn.model.Linear;

/**
 * The linear head of a node-classification model on the host: class probabilities are the
 * softmax of {@code W e + b} (independent sigmoids for a multi-label model).
 */
final class ClassHead {

    private final String targetType;
    private final float[] weight;
    private final float[] bias;
    private final int classes;
    private final int dim;
    private final boolean multiLabel;

    ClassHead(String targetType, Linear head, boolean multiLabel) {
        this.targetType = targetType;
        this.weight = head.weightValues();
        float[] b = head.biasValues();
        this.classes = head.outputs();
        this.dim = head.inputs();
        this.bias = b == null ? new float[classes] : b;
        this.multiLabel = multiLabel;
    }

    String targetType() {
        return targetType;
    }

    /** Class probabilities of the embedding at {@code offset}. */
    float[] probabilities(float[] embeddings, int offset) {
        float[] logits = new float[classes];
        float max = Float.NEGATIVE_INFINITY;
        for (int c = 0; c < classes; c++) {
            logits[c] = VectorMath.dot(weight, c * dim, embeddings, offset, dim) + bias[c];
            max = Math.max(max, logits[c]);
        }
        if (multiLabel) {
            for (int c = 0; c < classes; c++) {
                logits[c] = (float) (1 / (1 + Math.exp(-logits[c])));
            }
            return logits;
        }
        double sum = 0;
        for (int c = 0; c < classes; c++) {
            logits[c] = (float) Math.exp(logits[c] - max);
            sum += logits[c];
        }
        for (int c = 0; c < classes; c++) {
            logits[c] = (float) (logits[c] / sum);
        }
        return logits;
    }
}
