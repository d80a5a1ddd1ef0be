package com.dipgnn.ranking;

import java.util.Arrays;

/**
 * Recall@K and NDCG@K of full rankings (the LightGCN protocol), averaged over users with at least
 * one held-out item. For one user with held-out set T and top-K list L (items already seen in
 * training removed before ranking):
 * <ul>
 *   <li>Recall@K = |L ∩ T| / |T| (not |T| capped at K, as LightGCN's code computes it);</li>
 *   <li>NDCG@K = DCG / IDCG with DCG = Σ over positions p (1-based) of L with L[p] ∈ T of
 *       1 / log2(p + 1), and IDCG the same sum over positions 1 .. min(K, |T|).</li>
 * </ul>
 */
public final class TopKMetrics {

    private final int k;
    private double recallSum;
    private double ndcgSum;
    private double precisionSum;
    private long users;

    public TopKMetrics(int k) {
        if (k < 1) {
            throw new IllegalArgumentException("K must be at least 1, got " + k);
        }
        this.k = k;
    }

    /**
     * Records one user.
     *
     * @param topK the user's highest-scored items, best first (at most K are read)
     * @param heldOut the user's held-out items, sorted ascending, not empty
     */
    public void add(int[] topK, int[] heldOut) {
        if (heldOut.length == 0) {
            throw new IllegalArgumentException("a user without held-out items has no recall");
        }
        int hits = 0;
        double dcg = 0;
        for (int p = 0; p < Math.min(k, topK.length); p++) {
            if (Arrays.binarySearch(heldOut, topK[p]) >= 0) {
                hits++;
                dcg += 1 / log2(p + 2);
            }
        }
        double idcg = 0;
        for (int p = 0; p < Math.min(k, heldOut.length); p++) {
            idcg += 1 / log2(p + 2);
        }
        recallSum += (double) hits / heldOut.length;
        precisionSum += (double) hits / k;
        ndcgSum += dcg / idcg;
        users++;
    }

    private static double log2(double x) {
        return Math.log(x) / Math.log(2);
    }

    public int k() {
        return k;
    }

    public long users() {
        return users;
    }

    public double recall() {
        return users == 0 ? 0 : recallSum / users;
    }

    public double ndcg() {
        return users == 0 ? 0 : ndcgSum / users;
    }

    public double precision() {
        return users == 0 ? 0 : precisionSum / users;
    }
}
