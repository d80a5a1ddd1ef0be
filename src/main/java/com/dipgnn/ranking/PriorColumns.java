package com.dipgnn.ranking;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;

/**
 * Folds a {@link PopularityPrior} into an inner-product scorer, so that every protocol of
 * {@link RankingEvaluator} ranks with it unchanged: {@code [q, beta] · [c, log(1 + d_c)] = q · c +
 * beta * log(1 + d_c)}.
 */
public final class PriorColumns {

    private PriorColumns() {}

    /**
     * The queries with a last column of {@code beta}.
     *
     * @param queries shape (queries, d)
     * @return shape (queries, d + 1), owned by {@code scope}
     */
    public static NDArray queries(NDArray queries, double beta, NDManager scope) {
        long rows = queries.getShape().get(0);
        return owned(queries.concat(scope.full(new Shape(rows, 1), (float) beta), 1), scope);
    }

    /**
     * The candidates with a last column of their log(1 + training in-degree).
     *
     * @param candidates shape (candidates, d)
     * @param logDegrees one per candidate ({@link PopularityPrior#logDegrees})
     * @return shape (candidates, d + 1), owned by {@code scope}
     */
    public static NDArray candidates(NDArray candidates, float[] logDegrees, NDManager scope) {
        long rows = candidates.getShape().get(0);
        if (logDegrees.length != rows) {
            throw new IllegalArgumentException(
                    "expected a log-degree for each of " + rows + " candidates, got " + logDegrees.length);
        }
        return owned(candidates.concat(scope.create(logDegrees).reshape(rows, 1), 1), scope);
    }

    private static NDArray owned(NDArray x, NDManager scope) {
        x.attach(scope);
        return x;
    }
}
