package com.dipgnn.serving;

import java.util.Arrays;

/**
 * Eigen-decomposition of a small symmetric matrix by cyclic Jacobi rotations: eigenvalues in
 * descending order, eigenvectors as the matching columns. Kept rather than Hipparchus 4.0.2's
 * {@code EigenDecompositionSymmetric} (issue 47 asked): that one throws "convergence failed" on
 * the rank-deficient second-moment matrix of {@code VectorIndexTest}'s low-rank vectors, symmetrised
 * or not (tried 2026-11-29), which is the case this class exists for.
 *
 * @param values eigenvalues, largest first
 * @param vectors {@code vectors[i][k]} is component i of the k-th eigenvector
 */
record SymmetricEigen(double[] values, double[][] vectors) {

    private static final int MAX_SWEEPS = 60;

    /** Decomposes {@code matrix} (symmetric; it is not modified). */
    static SymmetricEigen of(double[][] matrix) {
        int n = matrix.length;
        double[][] a = new double[n][];
        double[][] v = new double[n][n];
        for (int i = 0; i < n; i++) {
            a[i] = matrix[i].clone();
            v[i][i] = 1;
        }
        for (int sweep = 0; sweep < MAX_SWEEPS && offDiagonal(a) > 1e-22 * Math.max(1e-300, diagonal(a)); sweep++) {
            for (int p = 0; p < n - 1; p++) {
                for (int q = p + 1; q < n; q++) {
                    rotate(a, v, p, q);
                }
            }
        }
        return sorted(a, v);
    }

    private static double offDiagonal(double[][] a) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            for (int j = i + 1; j < a.length; j++) {
                sum += a[i][j] * a[i][j];
            }
        }
        return sum;
    }

    private static double diagonal(double[][] a) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += a[i][i] * a[i][i];
        }
        return sum;
    }

    /** Zeroes a[p][q] with a rotation in the (p, q) plane, accumulating it into v. */
    private static void rotate(double[][] a, double[][] v, int p, int q) {
        double apq = a[p][q];
        if (apq == 0) {
            return;
        }
        double theta = (a[q][q] - a[p][p]) / (2 * apq);
        double t = Math.signum(theta) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        if (theta == 0) {
            t = 1;
        }
        double c = 1 / Math.sqrt(t * t + 1);
        double s = t * c;
        int n = a.length;
        for (int k = 0; k < n; k++) {
            double akp = a[k][p];
            double akq = a[k][q];
            a[k][p] = c * akp - s * akq;
            a[k][q] = s * akp + c * akq;
        }
        for (int k = 0; k < n; k++) {
            double apk = a[p][k];
            double aqk = a[q][k];
            a[p][k] = c * apk - s * aqk;
            a[q][k] = s * apk + c * aqk;
        }
        for (int k = 0; k < n; k++) {
            double vkp = v[k][p];
            double vkq = v[k][q];
            v[k][p] = c * vkp - s * vkq;
            v[k][q] = s * vkp + c * vkq;
        }
    }

    private static SymmetricEigen sorted(double[][] a, double[][] v) {
        int n = a.length;
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (x, y) -> Double.compare(a[y][y], a[x][x]));
        double[] values = new double[n];
        double[][] vectors = new double[n][n];
        for (int k = 0; k < n; k++) {
            values[k] = a[order[k]][order[k]];
            for (int i = 0; i < n; i++) {
                vectors[i][k] = v[i][order[k]];
            }
        }
        return new SymmetricEigen(values, vectors);
    }
}
