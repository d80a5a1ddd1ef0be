package com.dipgnn.graph.synthetic;

import java.util.SplittableRandom;
import java.util.function.IntUnaryOperator;
import java.util.stream.IntStream;

/**
 * Dense features that carry a class signal of chosen strength: row {@code n} is
 * {@code signal * centroid[class(n)] + noise}, with centroid entries and noise drawn from the
 * standard normal. With a small signal a node's own features say little about its class and its
 * neighbours' features (averaged) say more. Rows are filled in parallel chunks, each with its own
 * derived random stream, so the result does not depend on the number of threads.
 */
final class NoisyCentroidFeatures {

    private static final int CHUNK_ROWS = 1024;

    private NoisyCentroidFeatures() {}

    /** {@code numClasses} centroids of {@code dim} standard normal entries, row-major. */
    static float[] centroids(int numClasses, int dim, SplittableRandom rng) {
        float[] centroids = new float[numClasses * dim];
        for (int i = 0; i < centroids.length; i++) {
            centroids[i] = (float) rng.nextGaussian();
        }
        return centroids;
    }

    /**
     * Fills columns {@code 0..dim-1} of {@code count} rows of width {@code stride} (the columns
     * from {@code dim} on are left for the caller).
     */
    static float[] sample(
            int count, int dim, int stride, IntUnaryOperator classOf, float[] centroids, double signal, long seed) {
        if ((long) count * stride > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(count + " rows of " + stride
                    + " features exceed the largest Java array; use fewer nodes or a smaller dimension");
        }
        float[] values = new float[count * stride];
        int chunks = (count + CHUNK_ROWS - 1) / CHUNK_ROWS;
        IntStream.range(0, chunks).parallel().forEach(chunk -> {
            SplittableRandom rng = Seeds.random(seed, chunk);
            int end = Math.min(count, (chunk + 1) * CHUNK_ROWS);
            for (int n = chunk * CHUNK_ROWS; n < end; n++) {
                int centroid = classOf.applyAsInt(n) * dim;
                int row = n * stride;
                for (int j = 0; j < dim; j++) {
                    values[row + j] = (float) (signal * centroids[centroid + j] + rng.nextGaussian());
                }
            }
        });
        return values;
    }
}
