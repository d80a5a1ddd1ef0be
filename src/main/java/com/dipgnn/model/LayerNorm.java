package com.dipgnn.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Parameter;
import ai.djl.training.initializer.ConstantInitializer;

/** Layer normalisation over the last axis, with a learned gain and bias. */
public final class LayerNorm extends GraphModule {

    private static final float EPSILON = 1e-5f;

    private final Parameter gamma;
    private final Parameter beta;
    private final int width;

    public LayerNorm(int width) {
        this.width = width;
        this.gamma = addParameter("gamma", new Shape(width), new ConstantInitializer(1f));
        this.beta = addParameter("beta", new Shape(width), new ConstantInitializer(0f));
    }

    public NDArray forward(NDArray x) {
        return x.getNDArrayInternal()
                .layerNorm(x, new Shape(width), gamma.getArray(), beta.getArray(), EPSILON)
                .singletonOrThrow();
    }
}
