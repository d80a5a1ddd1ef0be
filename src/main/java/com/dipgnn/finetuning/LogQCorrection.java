package com.dipgnn.finetuning;

import com.dipgnn.ranking.NegativeSampling;

/**
 * The log-Q correction of the link task's sampled softmax ({@link NegativeSampling#UNIFORM_LOGQ}):
 * each pooled candidate's logit is raised by minus the log of its probability Q to be in a step's
 * pool, so that candidates pooled often (as positives of other anchors) are not over-penalised.
 */
final class LogQCorrection {

    /** Per candidate id, log Q. */
    private final float[] logPoolProbability;

    private LogQCorrection(float[] logPoolProbability) {
        this.logPoolProbability = logPoolProbability;
    }

    /**
     * The correction for pools of the targets of {@code batch} training pairs drawn with
     * replacement from {@code trainTargets} plus {@code uniform} uniform draws among
     * {@code candidates}.
     */
    static LogQCorrection forPools(int[] trainTargets, int candidates, int batch, int uniform) {
        return new LogQCorrection(logPoolProbability(trainTargets, candidates, batch, uniform));
    }

    /**
     * log Q(j) for every candidate j: the probability that a step's pool holds j, when the pool is
     * the targets of {@code batch} training pairs drawn with replacement plus {@code uniform} uniform
     * draws among {@code candidates}: Q(j) = 1 - (1 - p_j)^batch (1 - 1 / candidates)^uniform, p_j
     * the share of training pairs whose target is j.
     */
    static float[] logPoolProbability(int[] trainTargets, int candidates, int batch, int uniform) {
        int[] count = new int[candidates];
        for (int t : trainTargets) {
            count[t]++;
        }
        double missedByUniform = Math.pow(1 - 1.0 / candidates, uniform);
        float[] log = new float[candidates];
        for (int j = 0; j < candidates; j++) {
            double missedByPositives = Math.pow(1 - (double) count[j] / trainTargets.length, batch);
            log[j] = (float) Math.log(1 - missedByPositives * missedByUniform);
        }
        return log;
    }

    /** The logit offset of each pooled candidate (by candidate id): -log Q. */
    float[] offsets(int[] candidateIds) {
        float[] offsets = new float[candidateIds.length];
        for (int c = 0; c < candidateIds.length; c++) {
            offsets[c] = -logPoolProbability[candidateIds[c]];
        }
        return offsets;
    }
}
