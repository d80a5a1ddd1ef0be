package com.dipgnn.bench;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;

/**
 * The dense matrix-product throughput of this machine through the same engine and device, the
 * ceiling a training step is compared against.
 */
public final class MatmulCeiling {

    private MatmulCeiling() {}

    /** Best GFLOP/s of {@code (m x k) @ (k x n)} over {@code repeats} timed runs (after one warm-up). */
    public static double measure(NDManager manager, int m, int k, int n, int repeats) {
        try (NDManager scope = manager.newSubManager()) {
            NDArray a = scope.randomNormal(new Shape(m, k));
            NDArray b = scope.randomNormal(new Shape(k, n));
            a.matMul(b).toFloatArray();
            double best = Double.MAX_VALUE;
            for (int i = 0; i < repeats; i++) {
                long t0 = System.nanoTime();
                NDArray c = a.matMul(b);
                c.get(0, 0).getFloat();
                best = Math.min(best, (System.nanoTime() - t0) / 1e9);
                c.close();
            }
            return 2.0 * m * k * n / best / 1e9;
        }
    }
}
