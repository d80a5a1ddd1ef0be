package com.dipgnn.serving;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;

/**
 * Spherical k-means for the coarse quantiser of {@link IvfIndex}: points are assigned to the
 * centroid of largest inner product, centroids are the normalised means of their points. Trained
 * on a random sample; assignment runs in parallel chunks, so results do not depend on the thread
 * count.
 */
final class SphericalKMeans {

    private static final int CHUNK = 512;

    private SphericalKMeans() {}

    /**
     * Trains {@code k} unit centroids ({@code k x dim}, row-major).
     *
     * @param sampleSize points drawn (without replacement) to train on; at least {@code k}
     * @param afterIteration called with the number of finished iterations
     */
    static float[] train(
            float[] data, int dim, int k, int sampleSize, int iterations, long seed, IntConsumer afterIteration) {
        int n = data.length / dim;
        SplittableRandom rng = new SplittableRandom(seed);
        float[] points = gather(data, dim, sample(n, Math.max(k, Math.min(n, sampleSize)), rng));
        float[] centroids = new float[k * dim];
        System.arraycopy(points, 0, centroids, 0, k * dim);
        normalise(centroids, dim);
        for (int it = 0; it < iterations; it++) {
            int[] assignment = assign(points, dim, centroids);
            update(points, dim, assignment, centroids, rng);
            afterIteration.accept(it + 1);
        }
        return centroids;
    }

    /** The first {@code m} entries of a random permutation of {@code 0..n-1} (partial Fisher-Yates). */
    private static int[] sample(int n, int m, SplittableRandom rng) {
        int[] ids = new int[n];
        for (int i = 0; i < n; i++) {
            ids[i] = i;
        }
        for (int i = 0; i < m; i++) {
            int j = i + rng.nextInt(n - i);
            int t = ids[i];
            ids[i] = ids[j];
            ids[j] = t;
        }
        return Arrays.copyOf(ids, m);
    }

    private static float[] gather(float[] data, int dim, int[] ids) {
        float[] out = new float[ids.length * dim];
        for (int i = 0; i < ids.length; i++) {
            System.arraycopy(data, ids[i] * dim, out, i * dim, dim);
        }
        return out;
    }

    /** The nearest centroid (largest inner product; lower index on ties) of every point. */
    static int[] assign(float[] points, int dim, float[] centroids) {
        int n = points.length / dim;
        int k = centroids.length / dim;
        int[] out = new int[n];
        IntStream.range(0, (n + CHUNK - 1) / CHUNK).parallel().forEach(chunk -> {
            float[] scores = new float[k];
            for (int i = chunk * CHUNK, end = Math.min(n, i + CHUNK); i < end; i++) {
                VectorMath.scores(points, i * dim, centroids, 0, k, dim, scores);
                out[i] = argmax(scores);
            }
        });
        return out;
    }

    private static int argmax(float[] scores) {
        int best = 0;
        for (int c = 1; c < scores.length; c++) {
            if (scores[c] > scores[best]) {
                best = c;
            }
        }
        return best;
    }

    /** Centroids become the normalised means of their points; an empty one restarts at a random point. */
    private static void update(float[] points, int dim, int[] assignment, float[] centroids, SplittableRandom rng) {
        int k = centroids.length / dim;
        double[] sums = new double[k * dim];
        int[] counts = new int[k];
        for (int i = 0; i < assignment.length; i++) {
            int c = assignment[i];
            counts[c]++;
            for (int j = 0; j < dim; j++) {
                sums[c * dim + j] += points[i * dim + j];
            }
        }
        for (int c = 0; c < k; c++) {
            if (counts[c] == 0) {
                System.arraycopy(points, rng.nextInt(assignment.length) * dim, centroids, c * dim, dim);
            } else {
                for (int j = 0; j < dim; j++) {
                    centroids[c * dim + j] = (float) sums[c * dim + j];
                }
            }
        }
        normalise(centroids, dim);
    }

    private static void normalise(float[] rows, int dim) {
        for (int off = 0; off < rows.length; off += dim) {
            float norm = VectorMath.safeNorm(rows, off, dim, 0f);
            if (norm > 0) {
                VectorMath.scale(rows, off, dim, norm);
            }
        }
    }
}
