package com.dipgnn.serving;

import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * A linear map onto the top principal directions (of the uncentred second moment, so inner
 * products are kept) of a set of vectors: GNN embeddings often span far fewer directions than
 * their width, and scanning in that subspace moves and multiplies fewer floats. The identity when
 * the subspace would not be much smaller.
 */
final class Projection {

    /** Vectors the second moment is estimated from, at most. */
    private static final int SAMPLE = 20_000;
    /** A subspace above this share of the width is not worth the projection. */
    private static final double MAX_SHARE = 0.75;

    private final int dim;
    private final int rank;
    /** rank x dim, row-major (orthonormal rows); null for the identity. */
    private final float[] basis;

    private Projection(int dim, int rank, float[] basis) {
        this.dim = dim;
        this.rank = rank;
        this.basis = basis;
    }

    static Projection identity(int dim) {
        return new Projection(dim, dim, null);
    }

    /**
     * The smallest subspace holding {@code energy} of the vectors' squared norm (estimated on a
     * sample), or the identity when that subspace is above three quarters of the width or
     * {@code energy} is 0.
     */
    static Projection fit(float[] vectors, int dim, double energy, long seed) {
        int n = vectors.length / dim;
        if (energy <= 0 || dim < 4) {
            return identity(dim);
        }
        double[][] moment = secondMoment(vectors, dim, n, seed);
        SymmetricEigen eigen = SymmetricEigen.of(moment);
        double total = 0;
        for (double v : eigen.values()) {
            total += Math.max(0, v);
        }
        int rank = 0;
        double kept = 0;
        while (rank < dim && kept < energy * total) {
            kept += Math.max(0, eigen.values()[rank++]);
        }
        if (rank > MAX_SHARE * dim || total == 0) {
            return identity(dim);
        }
        float[] basis = new float[rank * dim];
        for (int r = 0; r < rank; r++) {
            for (int j = 0; j < dim; j++) {
                basis[r * dim + j] = (float) eigen.vectors()[j][r];
            }
        }
        return new Projection(dim, rank, basis);
    }

    private static double[][] secondMoment(float[] vectors, int dim, int n, long seed) {
        double[][] m = new double[dim][dim];
        int step = Math.max(1, n / SAMPLE);
        int start = n > SAMPLE ? new SplittableRandom(seed).nextInt(step) : 0;
        for (int row = start; row < n; row += step) {
            int off = row * dim;
            for (int i = 0; i < dim; i++) {
                double xi = vectors[off + i];
                for (int j = i; j < dim; j++) {
                    m[i][j] += xi * vectors[off + j];
                }
            }
        }
        for (int i = 0; i < dim; i++) {
            for (int j = 0; j < i; j++) {
                m[i][j] = m[j][i];
            }
        }
        return m;
    }

    boolean isIdentity() {
        return basis == null;
    }

    /** Width after projection. */
    int rank() {
        return rank;
    }

    /** Projects one vector (the identity returns it as is). */
    float[] apply(float[] x) {
        if (basis == null) {
            return x;
        }
        float[] out = new float[rank];
        VectorMath.scores(x, 0, basis, 0, rank, dim, out);
        return out;
    }

    /** Projects every row of {@code vectors} ({@code n x dim}) into a new {@code n x rank} array. */
    float[] applyAll(float[] vectors) {
        if (basis == null) {
            return vectors;
        }
        int n = vectors.length / dim;
        float[] out = new float[n * rank];
        IntStream.range(0, (n + 255) / 256).parallel().forEach(chunk -> {
            float[] row = new float[rank];
            for (int i = chunk * 256, end = Math.min(n, i + 256); i < end; i++) {
                VectorMath.scores(vectors, i * dim, basis, 0, rank, dim, row);
                System.arraycopy(row, 0, out, i * rank, rank);
            }
        });
        return out;
    }
}
