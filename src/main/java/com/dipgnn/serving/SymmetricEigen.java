package com.dipgnn.serving;

import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.EigenDecompositionSymmetric;
import org.hipparchus.linear.RealMatrix;

/**
 * Eigen-decomposition of a small symmetric matrix (Hipparchus's {@link EigenDecompositionSymmetric},
 * which replaced a hand-written Jacobi solver): eigenvalues in descending order, eigenvectors as
 * the matching columns.
 *
 * @param values eigenvalues, largest first
 * @param vectors {@code vectors[i][k]} is component i of the k-th eigenvector
 */
record SymmetricEigen(double[] values, double[][] vectors) {

    /** Decomposes {@code matrix} (symmetric; it is not modified). */
    static SymmetricEigen of(double[][] matrix) {
        EigenDecompositionSymmetric eigen = new EigenDecompositionSymmetric(new Array2DRowRealMatrix(matrix, true),
                EigenDecompositionSymmetric.DEFAULT_EPSILON, true);
        RealMatrix v = eigen.getV();
        return new SymmetricEigen(eigen.getEigenvalues(), v.getData());
    }
}
