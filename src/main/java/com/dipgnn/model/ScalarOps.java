package com.dipgnn.model;

import ai.djl.ndarray.NDArray;

/**
 * Element-wise operations with a constant that are safe under autograd. DJL's {@code Number}
 * overloads ({@code x.mul(2f)}, {@code x.div(t)}, {@code x.maximum(0f)}) wrap the constant in a
 * tensor over a Java direct buffer and close it right after the operation; PyTorch keeps that
 * tensor for the backward pass of mul, div and maximum, and once the garbage collector frees the
 * buffer the backward pass reads freed memory (wrong, nondeterministic or NaN gradients with a
 * correct forward). Here the constant lives in the operand's manager, so it outlives the
 * backward pass of a step; keep the operand in the step's scope. ({@code add} and {@code sub}
 * with a {@code Number} are safe: their backward pass does not read the constant.)
 */
public final class ScalarOps {

    private ScalarOps() {}

    /** {@code x * value}. */
    public static NDArray mul(NDArray x, double value) {
        return x.mul(constant(x, value));
    }

    /** {@code x / value}. */
    public static NDArray div(NDArray x, double value) {
        return x.div(constant(x, value));
    }

    /** Element-wise {@code max(x, value)}. */
    public static NDArray maximum(NDArray x, double value) {
        return x.maximum(constant(x, value));
    }

    /** {@code log(1 + exp(x))}, elementwise, without overflow: {@code max(x, 0) + log(1 + exp(-|x|))}. */
    public static NDArray softplus(NDArray x) {
        return maximum(x, 0).add(x.abs().neg().exp().add(1f).log());
    }

    /**
     * Each row of {@code x} (shape (n, d)) divided by sqrt(|row|² + epsilon²): the unit vector away
     * from 0, with a finite gradient at 0.
     */
    public static NDArray unitRows(NDArray x, float epsilon) {
        return x.div(x.square().sum(new int[] {1}, true).add(epsilon * epsilon).sqrt());
    }

    private static NDArray constant(NDArray like, double value) {
        return like.getManager().create((float) value);
    }
}
