package com.dipgnn.serving;

import java.util.List;
import java.util.function.IntPredicate;

/**
 * Exact top-k by a full scan: every vector is scored. The ground truth for approximate indexes,
 * and the right choice for a few thousand vectors. Immutable and thread-safe.
 */
public final class ExactIndex implements VectorIndex {

    /** Vectors scored per kernel call (scores stay in a small, cache-resident buffer). */
    private static final int BLOCK = 256;

    private final float[] vectors;
    private final int dim;
    private final int size;

    /**
     * @param vectors row-major, {@code size x dim}; kept, not copied: the caller must not modify it
     * @param dim vector width
     */
    public ExactIndex(float[] vectors, int dim) {
        if (dim < 1 || vectors.length % dim != 0) {
            throw new IllegalArgumentException(
                    "vectors hold " + vectors.length + " floats, not a multiple of width " + dim);
        }
        this.vectors = vectors;
        this.dim = dim;
        this.size = vectors.length / dim;
    }

    /** A copy of the indexed vectors ({@code size x dim}, row-major): another index over the same candidates. */
    public float[] copyOfVectors() {
        return vectors.clone();
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public int dim() {
        return dim;
    }

    @Override
    public List<ScoredNode> search(float[] query, int k, IntPredicate excluded) {
        SearchChecks.require(query, k, dim);
        TopK top = new TopK(k);
        float[] scores = new float[Math.min(BLOCK, size)];
        for (int first = 0; first < size; first += BLOCK) {
            int count = Math.min(BLOCK, size - first);
            VectorMath.scores(query, 0, vectors, first, count, dim, scores);
            for (int i = 0; i < count; i++) {
                if (top.accepts(first + i, scores[i]) && !excluded.test(first + i)) {
                    top.add(first + i, scores[i]);
                }
            }
        }
        return top.sorted();
    }

    @Override
    public String describe() {
        return "exact scan over " + size + " vectors of width " + dim;
    }
}
