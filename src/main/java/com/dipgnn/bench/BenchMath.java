package com.dipgnn.bench;

import java.util.Arrays;

/** Small array helpers shared by the step benchmarks. */
final class BenchMath {

    private BenchMath() {}

    /** Element-wise sum of equally long arrays. */
    static double[] sum(double[]... parts) {
        double[] out = new double[parts[0].length];
        for (double[] p : parts) {
            for (int i = 0; i < out.length; i++) {
                out[i] += p[i];
            }
        }
        return out;
    }

    /** The upper median of the values. */
    static int median(int[] values) {
        int[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
