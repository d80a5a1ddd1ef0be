package com.dipgnn.serving;

import java.util.List;
import java.util.Optional;
import java.util.function.IntPredicate;

/**
 * Top-k search by inner product over a fixed set of vectors with ids {@code 0..size-1}.
 * Implementations are immutable and thread-safe.
 */
public interface VectorIndex {

    /** Number of indexed vectors. */
    int size();

    /** Vector width. */
    int dim();

    /**
     * The {@code k} vectors with the largest inner product with {@code query}, best first (equal
     * scores: lower id first), skipping ids for which {@code excluded} is true. Returns fewer than
     * {@code k} only when fewer than {@code k} vectors are not excluded.
     *
     * @param query a vector of width {@link #dim()}
     * @param k at least 1
     * @param excluded ids never to return; tested only for ids that would enter the result
     */
    List<ScoredNode> search(float[] query, int k, IntPredicate excluded);

    /** A one-line description (kind and settings), for logs and reports. */
    String describe();

    /**
     * This index searching about twice as wide (more lists scanned, a larger beam): better recall,
     * slower answers, the same vectors and structure shared. Empty when it already searches as wide
     * as it can, and for exact indexes.
     */
    default Optional<VectorIndex> wider() {
        return Optional.empty();
    }
}
