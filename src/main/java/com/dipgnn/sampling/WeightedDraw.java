package com.dipgnn.sampling;

import java.util.Random;

/**
 * Weighted sampling without replacement. Uses the Efraimidis–Spirakis keys {@code log(u) / w}: the
 * {@code k} largest keys are distributed exactly like {@code k} successive draws, each with
 * probability proportional to the weight among the items not drawn yet (what
 * {@code numpy.random.choice(p=..., replace=False)} does).
 */
final class WeightedDraw {

    private WeightedDraw() {}

    /**
     * Draws up to {@code k} distinct indices of {@code weights}; items of weight 0 are never drawn.
     * When at most {@code k} items have a positive weight, all of them are returned in index order
     * (and no randomness is used); otherwise the indices come in draw order.
     */
    static int[] withoutReplacement(double[] weights, int k, Random rng) {
        int positive = 0;
        for (double w : weights) {
            if (w > 0) {
                positive++;
            }
        }
        if (positive <= k) {
            return allPositive(weights, positive);
        }
        MinHeap heap = new MinHeap(k);
        for (int i = 0; i < weights.length; i++) {
            double u = 1.0 - rng.nextDouble();
            if (weights[i] > 0) {
                heap.offer(Math.log(u) / weights[i], i);
            }
        }
        return heap.indicesByDescendingKey();
    }

    private static int[] allPositive(double[] weights, int positive) {
        int[] all = new int[positive];
        int n = 0;
        for (int i = 0; i < weights.length; i++) {
            if (weights[i] > 0) {
                all[n++] = i;
            }
        }
        return all;
    }

    /** A fixed-capacity min-heap of (key, index) keeping the largest keys offered. */
    private static final class MinHeap {
        private final double[] keys;
        private final int[] indices;
        private int size;

        MinHeap(int capacity) {
            keys = new double[capacity];
            indices = new int[capacity];
        }

        void offer(double key, int index) {
            if (size < keys.length) {
                keys[size] = key;
                indices[size] = index;
                siftUp(size++);
            } else if (key > keys[0]) {
                keys[0] = key;
                indices[0] = index;
                siftDown(0, size);
            }
        }

        int[] indicesByDescendingKey() {
            int n = size;
            while (size > 1) {
                swap(0, --size);
                siftDown(0, size);
            }
            size = n;
            return indices.clone();
        }

        private void siftUp(int i) {
            while (i > 0) {
                int parent = (i - 1) >>> 1;
                if (keys[parent] <= keys[i]) {
                    return;
                }
                swap(i, parent);
                i = parent;
            }
        }

        private void siftDown(int i, int n) {
            while (true) {
                int smallest = i;
                int left = 2 * i + 1;
                if (left < n && keys[left] < keys[smallest]) {
                    smallest = left;
                }
                if (left + 1 < n && keys[left + 1] < keys[smallest]) {
                    smallest = left + 1;
                }
                if (smallest == i) {
                    return;
                }
                swap(i, smallest);
                i = smallest;
            }
        }

        private void swap(int a, int b) {
            double k = keys[a];
            keys[a] = keys[b];
            keys[b] = k;
            int x = indices[a];
            indices[a] = indices[b];
            indices[b] = x;
        }
    }
}
