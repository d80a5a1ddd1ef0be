package com.dipgnn.ranking;

import java.util.Arrays;

/**
 * Recall@K of full rankings by popularity segment, counted over held-out pairs (micro-averaged):
 * of the held-out pairs whose item is in the short head (or in the long tail), the share whose
 * item is in its user's top K. Unlike {@link TopKMetrics}' per-user average, every pair counts
 * once, so a segment's figure does not depend on how the other segment's pairs fall among users.
 */
public final class SegmentRecall {

    private final int k;
    private final PopularitySegments segments;
    private long headPairs;
    private long headHits;
    private long tailPairs;
    private long tailHits;

    public SegmentRecall(int k, PopularitySegments segments) {
        if (k < 1) {
            throw new IllegalArgumentException("K must be at least 1, got " + k);
        }
        this.k = k;
        this.segments = segments;
    }

    /**
     * Records one user.
     *
     * @param topK the user's highest-scored items, best first, distinct (at most K are read)
     * @param heldOut the user's held-out items, sorted ascending
     */
    public void add(int[] topK, int[] heldOut) {
        for (int item : heldOut) {
            if (segments.isHead(item)) {
                headPairs++;
            } else {
                tailPairs++;
            }
        }
        for (int p = 0; p < Math.min(k, topK.length); p++) {
            if (Arrays.binarySearch(heldOut, topK[p]) < 0) {
                continue;
            }
            if (segments.isHead(topK[p])) {
                headHits++;
            } else {
                tailHits++;
            }
        }
    }

    public long headPairs() {
        return headPairs;
    }

    public long tailPairs() {
        return tailPairs;
    }

    /** The head's recall; NaN without held-out head pairs. */
    public double head() {
        return headPairs == 0 ? Double.NaN : (double) headHits / headPairs;
    }

    /** The tail's recall; NaN without held-out tail pairs. */
    public double tail() {
        return tailPairs == 0 ? Double.NaN : (double) tailHits / tailPairs;
    }
}
