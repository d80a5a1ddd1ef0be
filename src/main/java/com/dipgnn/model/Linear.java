package com.dipgnn.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Parameter;
import ai.djl.training.initializer.ConstantInitializer;
import ai.djl.training.initializer.XavierInitializer;

/** A fully connected layer {@code y = x W^T + b} over the last axis. */
public final class Linear extends GraphModule {

    private final Parameter weight;
    private final Parameter bias;
    private final int inputs;
    private final int outputs;

    public Linear(int inputs, int outputs, boolean withBias) {
        this(inputs, outputs, withBias, new XavierInitializer());
    }

    /** A layer whose weights start from {@code weightInitializer} (the bias from 0). */
    public Linear(
            int inputs, int outputs, boolean withBias, ai.djl.training.initializer.Initializer weightInitializer) {
        this.inputs = inputs;
        this.outputs = outputs;
        this.weight = addParameter("weight", new Shape(outputs, inputs), weightInitializer);
        this.bias = withBias ? addParameter("bias", new Shape(outputs), new ConstantInitializer(0f)) : null;
    }

    public NDArray forward(NDArray x) {
        return x.getNDArrayInternal()
                .linear(x, weight.getArray(), bias == null ? null : bias.getArray())
                .singletonOrThrow();
    }

    public int inputs() {
        return inputs;
    }

    public int outputs() {
        return outputs;
    }

    /** A host copy of the weights, row-major (outputs x inputs). */
    public float[] weightValues() {
        return weight.getArray().toFloatArray();
    }

    /** A host copy of the bias, or null for a layer without one. */
    public float[] biasValues() {
        return bias == null ? null : bias.getArray().toFloatArray();
    }

    /** Multiply-adds of one forward pass over {@code rows} rows. */
    public long macs(long rows) {
        return rows * inputs * outputs;
    }
}
