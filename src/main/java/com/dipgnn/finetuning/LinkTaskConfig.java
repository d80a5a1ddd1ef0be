package com.dipgnn.finetuning;

import com.dipgnn.ranking.NegativeSampling;
import com.dipgnn.ranking.RankingLoss;

/**
 * The settings of a {@link LinkPredictionTask}, by name.
 *
 * @param batchSize positive edges per training step
 * @param evalNegatives negatives per held-out edge in evaluation (the paper: 255)
 * @param trainNegatives size of the shared negative pool per training step (unused in-batch)
 * @param temperature logits are cosine / temperature
 * @param seed fixes the evaluation negatives
 * @param loss the training loss over each anchor's positive and its negatives
 * @param negatives where a step's negatives come from: a uniform pool shared by the batch (log-Q
 *     corrected or not), or the batch's own positives
 * @param selectByFullRanking whether validation also ranks every candidate for each anchor and
 *     selects checkpoints by that Recall@20 ({@link LinkPredictionTask#FULL_RANKING_PRIMARY})
 */
public record LinkTaskConfig(
        int batchSize,
        int evalNegatives,
        int trainNegatives,
        double temperature,
        long seed,
        RankingLoss loss,
        NegativeSampling negatives,
        boolean selectByFullRanking) {

    /** @throws IllegalArgumentException for the log-Q correction with any loss but the softmax */
    public LinkTaskConfig {
        if (negatives == NegativeSampling.UNIFORM_LOGQ && loss != RankingLoss.SOFTMAX) {
            throw new IllegalArgumentException("the log-Q correction (uniform-logq negatives) corrects a sampled "
                    + "softmax; use it with the softmax link loss, or uniform negatives with " + loss);
        }
    }

    /**
     * The sampled softmax over a uniform pool of {@code trainNegatives}, selecting checkpoints by
     * the sampled MRR: the paper's setting.
     */
    public static LinkTaskConfig sampledSoftmax(
            int batchSize, int evalNegatives, int trainNegatives, double temperature, long seed) {
        return new LinkTaskConfig(
                batchSize,
                evalNegatives,
                trainNegatives,
                temperature,
                seed,
                RankingLoss.SOFTMAX,
                NegativeSampling.UNIFORM,
                false);
    }

    /** These settings trained with {@code loss} over {@code negatives}. */
    public LinkTaskConfig withObjective(RankingLoss loss, NegativeSampling negatives) {
        return new LinkTaskConfig(
                batchSize, evalNegatives, trainNegatives, temperature, seed, loss, negatives, selectByFullRanking);
    }

    /** These settings, selecting checkpoints by full-ranking Recall@20 when {@code selectByFullRanking}. */
    public LinkTaskConfig withFullRankingSelection(boolean selectByFullRanking) {
        return new LinkTaskConfig(
                batchSize, evalNegatives, trainNegatives, temperature, seed, loss, negatives, selectByFullRanking);
    }
}
