package com.dipgnn.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.types.Shape;

/**
 * Multi-head scaled dot-product self-attention over padded token sequences: queries, keys and
 * values are projections of the input; padded positions are never attended to.
 */
public final class SelfAttention extends GraphModule {

    /** Added to the scores of padded keys: their softmax weight underflows to 0. */
    private static final float MASKED = 1e4f;

    private final Linear query;
    private final Linear key;
    private final Linear value;
    private final Linear output;
    private final int heads;
    private final int headWidth;

    public SelfAttention(int width, int heads) {
        if (width % heads != 0) {
            throw new IllegalArgumentException("width " + width + " is not a multiple of heads " + heads);
        }
        this.heads = heads;
        this.headWidth = width / heads;
        this.query = addChild("query", new Linear(width, width, true));
        this.key = addChild("key", new Linear(width, width, true));
        this.value = addChild("value", new Linear(width, width, true));
        this.output = addChild("output", new Linear(width, width, true));
    }

    /**
     * @param x (batch, length, width) token representations
     * @param mask (batch, length): 1 for real tokens, 0 for padding
     * @return (batch, length, width)
     */
    public NDArray forward(NDArray x, NDArray mask) {
        long batch = x.getShape().get(0);
        long length = x.getShape().get(1);
        NDArray q = split(query.forward(x), batch, length);
        NDArray k = split(key.forward(x), batch, length);
        NDArray v = split(value.forward(x), batch, length);
        NDArray scores = ScalarOps.mul(q.matMul(k.transpose(0, 1, 3, 2)), 1.0 / Math.sqrt(headWidth));
        // 0 for real keys, -1e4 for padding (the mask carries no gradient, so a Number constant is safe)
        NDArray padding = mask.sub(1f).mul(MASKED).reshape(batch, 1, 1, length);
        NDArray weights = scores.add(padding).softmax(-1);
        NDArray context =
                weights.matMul(v).transpose(0, 2, 1, 3).reshape(new Shape(batch, length, (long) heads * headWidth));
        return output.forward(context);
    }

    private NDArray split(NDArray projected, long batch, long length) {
        return projected.reshape(batch, length, heads, headWidth).transpose(0, 2, 1, 3);
    }
}
