package com.dipgnn.graph;

/**
 * Numeric features of the nodes of one type, dense or sparse. Rows are densified on demand, per
 * sampled batch, so a sparse bag-of-words never becomes a dense matrix for the whole graph.
 */
public sealed interface NodeFeatures permits DenseFeatures, SparseFeatures, TextDerivedFeatures {

    /** Number of nodes (rows). */
    int count();

    /** Feature width (columns). */
    int dim();

    /** Writes row {@code node} densely into {@code dest} from {@code offset}. */
    void copyRow(int node, float[] dest, int offset);

    /** Heap bytes held by the feature arrays. */
    long memoryBytes();

    /** The rows of {@code nodes}, densified into one row-major array of {@code nodes.length * dim()}. */
    default float[] gather(int[] nodes) {
        int d = dim();
        float[] out = new float[nodes.length * d];
        for (int i = 0; i < nodes.length; i++) {
            copyRow(nodes[i], out, i * d);
        }
        return out;
    }

    /** The features restricted to the kept nodes, in the order given. */
    NodeFeatures select(int[] keptNodes);

    /** The sum of row {@code node}'s values. */
    double rowSum(int node);

    /** A copy with row {@code n} divided by {@code divisors[n]} (a divisor of 0 leaves the row as it is). */
    NodeFeatures divideRows(double[] divisors);

    /** A copy with every row scaled to sum 1 (rows that sum to 0 stay 0), as GCN and GAT do. */
    default NodeFeatures rowNormalized() {
        double[] sums = new double[count()];
        for (int n = 0; n < sums.length; n++) {
            sums[n] = rowSum(n);
        }
        return divideRows(sums);
    }
}
