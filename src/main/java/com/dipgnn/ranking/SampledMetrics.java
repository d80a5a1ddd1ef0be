package com.dipgnn.ranking;

/**
 * Ranking of each held-out item against sampled negatives: MRR, HR@K and NDCG@K (the SASRec
 * protocol's HR@10 / NDCG@10 against 100 negatives; the paper's MRR against 255). The rank is
 * 1 + (negatives scored higher) + (ties) / 2, the expected rank under random tie-breaking, so a
 * constant scorer is not rewarded; HR@K counts rank ≤ K and NDCG@K adds 1 / log2(rank + 1) then.
 */
public final class SampledMetrics {

    private final int k;
    private double reciprocalRankSum;
    private double ndcgSum;
    private long hits;
    private long count;

    public SampledMetrics(int k) {
        this.k = k;
    }

    /**
     * Records one held-out item's score against its negatives' scores. A score that is not a
     * number ranks below every other: a NaN positive is last, a NaN negative never beats it.
     */
    public void add(float positive, float[] negatives, int from, int to) {
        int greater = 0;
        int ties = 0;
        for (int i = from; i < to; i++) {
            if (Float.isNaN(positive)) {
                greater += Float.isNaN(negatives[i]) ? 0 : 1;
                ties += Float.isNaN(negatives[i]) ? 1 : 0;
            } else if (negatives[i] > positive) {
                greater++;
            } else if (negatives[i] == positive) {
                ties++;
            }
        }
        double rank = 1 + greater + ties / 2.0;
        reciprocalRankSum += 1 / rank;
        if (rank <= k) {
            hits++;
            ndcgSum += Math.log(2) / Math.log(rank + 1);
        }
        count++;
    }

    public double mrr() {
        return count == 0 ? 0 : reciprocalRankSum / count;
    }

    public double hitRate() {
        return count == 0 ? 0 : (double) hits / count;
    }

    public double ndcg() {
        return count == 0 ? 0 : ndcgSum / count;
    }
}
