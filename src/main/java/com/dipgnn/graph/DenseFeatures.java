package com.dipgnn.graph;

/** Dense row-major features: {@code count * dim} floats. */
public record DenseFeatures(int count, int dim, float[] values) implements NodeFeatures {

    public DenseFeatures {
        if ((long) count * dim != values.length) {
            throw new IllegalArgumentException(
                    "dense features hold " + values.length + " values, expected " + count + " x " + dim);
        }
    }

    @Override
    public void copyRow(int node, float[] dest, int offset) {
        System.arraycopy(values, node * dim, dest, offset, dim);
    }

    /** Value at ({@code node}, {@code column}). */
    public float get(int node, int column) {
        return values[node * dim + column];
    }

    @Override
    public long memoryBytes() {
        return 4L * values.length;
    }

    @Override
    public NodeFeatures select(int[] keptNodes) {
        return new DenseFeatures(keptNodes.length, dim, gather(keptNodes));
    }

    @Override
    public double rowSum(int node) {
        double sum = 0;
        for (int j = 0; j < dim; j++) {
            sum += values[node * dim + j];
        }
        return sum;
    }

    @Override
    public NodeFeatures divideRows(double[] divisors) {
        float[] out = values.clone();
        for (int n = 0; n < count; n++) {
            if (divisors[n] != 0) {
                for (int j = 0; j < dim; j++) {
                    out[n * dim + j] /= (float) divisors[n];
                }
            }
        }
        return new DenseFeatures(count, dim, out);
    }
}
