package com.dipgnn.graph.synthetic;

import java.util.SplittableRandom;

/** Draws indices in proportion to fixed weights in constant time (Walker's alias method). */
final class AliasSampler {

    private final double[] keep;
    private final int[] alias;

    /**
     * @param weights non-negative weights, at least one of them positive
     */
    AliasSampler(double[] weights) {
        int n = weights.length;
        double total = 0;
        for (double w : weights) {
            if (!(w >= 0) || Double.isInfinite(w)) {
                throw new IllegalArgumentException("weight " + w + " is not a finite non-negative number");
            }
            total += w;
        }
        if (n == 0 || total <= 0) {
            throw new IllegalArgumentException("cannot sample from " + n + " weights that sum to " + total);
        }
        keep = new double[n];
        alias = new int[n];
        int[] small = new int[n];
        int[] large = new int[n];
        int smallCount = 0;
        int largeCount = 0;
        for (int i = 0; i < n; i++) {
            keep[i] = weights[i] * n / total;
            if (keep[i] < 1.0) {
                small[smallCount++] = i;
            } else {
                large[largeCount++] = i;
            }
        }
        while (smallCount > 0 && largeCount > 0) {
            int s = small[--smallCount];
            int l = large[--largeCount];
            alias[s] = l;
            keep[l] -= 1.0 - keep[s];
            if (keep[l] < 1.0) {
                small[smallCount++] = l;
            } else {
                large[largeCount++] = l;
            }
        }
        while (largeCount > 0) {
            keep[large[--largeCount]] = 1.0;
        }
        while (smallCount > 0) {
            keep[small[--smallCount]] = 1.0;
        }
    }

    int size() {
        return keep.length;
    }

    int sample(SplittableRandom rng) {
        int i = rng.nextInt(keep.length);
        return rng.nextDouble() < keep[i] ? i : alias[i];
    }
}
