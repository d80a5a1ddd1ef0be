package com.dipgnn.graph;

import java.util.Arrays;

/**
 * Sparse features in CSR form: row {@code n} holds the pairs {@code (indices[k], values[k])} for
 * {@code offsets[n] <= k < offsets[n+1]}, indices strictly increasing.
 */
public record SparseFeatures(int count, int dim, int[] offsets, int[] indices, float[] values) implements NodeFeatures {

    public SparseFeatures {
        if (offsets.length != count + 1 || indices.length != values.length || offsets[count] != indices.length) {
            throw new IllegalArgumentException("inconsistent sparse feature arrays");
        }
    }

    @Override
    public void copyRow(int node, float[] dest, int offset) {
        Arrays.fill(dest, offset, offset + dim, 0f);
        for (int k = offsets[node]; k < offsets[node + 1]; k++) {
            dest[offset + indices[k]] = values[k];
        }
    }

    /** Number of stored (non-zero) entries. */
    public int nnz() {
        return indices.length;
    }

    @Override
    public long memoryBytes() {
        return 4L * offsets.length + 8L * indices.length;
    }

    @Override
    public NodeFeatures select(int[] keptNodes) {
        int[] newOffsets = new int[keptNodes.length + 1];
        for (int i = 0; i < keptNodes.length; i++) {
            int n = keptNodes[i];
            newOffsets[i + 1] = newOffsets[i] + offsets[n + 1] - offsets[n];
        }
        int[] newIndices = new int[newOffsets[keptNodes.length]];
        float[] newValues = new float[newIndices.length];
        for (int i = 0; i < keptNodes.length; i++) {
            int n = keptNodes[i];
            int len = offsets[n + 1] - offsets[n];
            System.arraycopy(indices, offsets[n], newIndices, newOffsets[i], len);
            System.arraycopy(values, offsets[n], newValues, newOffsets[i], len);
        }
        return new SparseFeatures(keptNodes.length, dim, newOffsets, newIndices, newValues);
    }

    @Override
    public double rowSum(int node) {
        double sum = 0;
        for (int k = offsets[node]; k < offsets[node + 1]; k++) {
            sum += values[k];
        }
        return sum;
    }

    @Override
    public NodeFeatures divideRows(double[] divisors) {
        float[] out = values.clone();
        for (int n = 0; n < count; n++) {
            if (divisors[n] != 0) {
                for (int k = offsets[n]; k < offsets[n + 1]; k++) {
                    out[k] /= (float) divisors[n];
                }
            }
        }
        return new SparseFeatures(count, dim, offsets, indices, out);
    }
}
