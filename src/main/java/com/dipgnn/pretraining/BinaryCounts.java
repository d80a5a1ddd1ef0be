package com.dipgnn.pretraining;

import java.util.Map;

/**
 * Tallies of a binary discriminator over one step: how many answers were right, and how many items
 * carry each label, so that its accuracy can be read against its trivial rate (the accuracy of a
 * constant answer, the more common label's share).
 */
final class BinaryCounts {

    private long right;
    private long positives;
    private long total;

    /** Counts items whose logit is positive as answering label 1; {@code include} null counts every item. */
    void add(float[] logits, float[] labels, boolean[] include) {
        for (int i = 0; i < logits.length; i++) {
            if (include != null && !include[i]) {
                continue;
            }
            boolean positive = labels[i] > 0.5f;
            right += (logits[i] > 0) == positive ? 1 : 0;
            positives += positive ? 1 : 0;
            total++;
        }
    }

    long total() {
        return total;
    }

    /** Share of right answers; NaN without items. */
    double accuracy() {
        return total == 0 ? Double.NaN : (double) right / total;
    }

    /** Share of items labelled 1; NaN without items. */
    double positiveShare() {
        return total == 0 ? Double.NaN : (double) positives / total;
    }

    /** The accuracy of always answering the more common label; NaN without items. */
    double trivialRate() {
        return total == 0 ? Double.NaN : (double) Math.max(positives, total - positives) / total;
    }

    /** Puts the accuracy, the trivial rate and their difference under the given names (nothing without items). */
    void putInto(Map<String, Double> stats, String accuracy, String trivialRate, String margin) {
        if (total == 0) {
            return;
        }
        stats.put(accuracy, accuracy());
        stats.put(trivialRate, trivialRate());
        stats.put(margin, accuracy() - trivialRate());
    }
}
