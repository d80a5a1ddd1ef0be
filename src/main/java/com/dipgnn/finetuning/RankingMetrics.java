package com.dipgnn.finetuning;

/**
 * Mean reciprocal rank and Hits@k of positives ranked against sampled negatives. Ties count
 * against the positive by half (the expected rank under random tie-breaking), so a constant
 * scorer does not look perfect.
 */
public final class RankingMetrics {

    private double reciprocalRankSum;
    private long hits1;
    private long hits10;
    private long count;

    /**
     * Records one query.
     *
     * @param positive the positive candidate's score
     * @param negatives the negatives' scores
     */
    public void add(float positive, float[] negatives) {
        int greater = 0;
        int ties = 0;
        for (float n : negatives) {
            if (n > positive) {
                greater++;
            } else if (n == positive) {
                ties++;
            }
        }
        double rank = 1 + greater + ties / 2.0;
        reciprocalRankSum += 1.0 / rank;
        if (rank <= 1) {
            hits1++;
        }
        if (rank <= 10) {
            hits10++;
        }
        count++;
    }

    public long count() {
        return count;
    }

    public double mrr() {
        return count == 0 ? 0 : reciprocalRankSum / count;
    }

    public double hitsAt1() {
        return count == 0 ? 0 : (double) hits1 / count;
    }

    public double hitsAt10() {
        return count == 0 ? 0 : (double) hits10 / count;
    }
}
