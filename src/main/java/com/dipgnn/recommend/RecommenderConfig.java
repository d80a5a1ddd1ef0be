package com.dipgnn.recommend;

import com.dipgnn.optim.LearningRateSchedule;
import com.dipgnn.optim.OptimizerConfig;
import com.dipgnn.ranking.NegativeSampling;
import com.dipgnn.ranking.RankingLoss;

/**
 * How a baseline recommender is built and trained.
 *
 * @param kind popularity, MF or LightGCN
 * @param dim vector width (the field: 64)
 * @param layers LightGCN propagation layers (the field: 3)
 * @param loss BPR or sampled softmax
 * @param negatives uniform or in-batch negatives
 * @param negativeCount negatives per positive (BPR: each positive gets its own; softmax with
 *     uniform negatives: one pool of this many per batch, shared by its users)
 * @param temperature softmax logits are cosine / temperature
 * @param l2 weight of LightGCN's L2 penalty on the batch's ego vectors, {@code l2 · ½(‖u‖²+‖i‖²+‖j‖²) / B}
 * @param epochs passes over the training pairs
 * @param batchSize training pairs per step
 * @param optimizer Adam settings (the field: lr 1e-3, no weight decay, no clipping)
 * @param schedule how the learning rate changes over the run's {@code epochs} (constant: the field's)
 * @param evalEvery validate every this many epochs
 * @param patience stop after this many validations without a better validation Recall@K; 0 = never
 * @param fullK K of the full-ranking metrics (the field: 20)
 * @param evalNegatives negatives per held-out pair for the sampled MRR (the paper: 255)
 * @param rowUpdates how MF's tables are updated (null: {@link RowUpdates#AUTO}, also for a
 *     checkpoint written before the setting existed)
 */
public record RecommenderConfig(
        RecommenderKind kind,
        int dim,
        int layers,
        RankingLoss loss,
        NegativeSampling negatives,
        int negativeCount,
        double temperature,
        double l2,
        int epochs,
        int batchSize,
        OptimizerConfig optimizer,
        LearningRateSchedule schedule,
        int evalEvery,
        int patience,
        int fullK,
        int evalNegatives,
        RowUpdates rowUpdates) {

    public RecommenderConfig {
        rowUpdates = rowUpdates == null ? RowUpdates.AUTO : rowUpdates;
        if (rowUpdates == RowUpdates.LAZY && kind == RecommenderKind.LIGHTGCN) {
            throw new IllegalArgumentException(
                    "lazy row updates are matrix factorisation's: LightGCN's propagation "
                            + "reads every user and item each step; use row updates auto or dense (--rec-row-updates) with LightGCN");
        }
        if (negatives == NegativeSampling.UNIFORM_LOGQ) {
            throw new IllegalArgumentException("the baseline recommenders draw uniform or in-batch negatives; "
                    + "uniform-logq is the GNN link task's (--link-negatives)");
        }
        if (dim < 1
                || layers < 0
                || negativeCount < 1
                || epochs < 0
                || batchSize < 1
                || evalEvery < 1
                || patience < 0
                || fullK < 1
                || evalNegatives < 1) {
            throw new IllegalArgumentException("invalid recommender settings: " + dim + " wide, " + layers
                    + " layers, " + negativeCount + " negatives, " + epochs + " epochs, batch " + batchSize
                    + ", eval every " + evalEvery + ", patience " + patience + ", K " + fullK);
        }
        if (schedule == null) {
            throw new IllegalArgumentException("a learning-rate schedule is required (constant for none)");
        }
        if (!(temperature > 0) || l2 < 0) {
            throw new IllegalArgumentException(
                    "temperature must be positive and l2 not negative; got " + temperature + " and " + l2);
        }
    }

    /**
     * The settings that decide the weights after every epoch: this config with its budget cleared
     * (patience 0, and epochs 0 under a constant learning rate). A checkpoint written with the same
     * identity resumes, so a run can be extended with a longer patience, or with more epochs at a
     * constant rate, without starting over. A schedule's rate at each step depends on the number of
     * epochs, so with one the epochs are part of the identity.
     */
    public RecommenderConfig withoutBudget() {
        return withTraining(schedule == LearningRateSchedule.CONSTANT ? 0 : epochs, batchSize, schedule, evalEvery, 0);
    }

    /** This config with another budget and schedule: epochs, pairs a step, rate schedule, validation interval, patience. */
    public RecommenderConfig withTraining(
            int epochs, int batchSize, LearningRateSchedule schedule, int evalEvery, int patience) {
        return new RecommenderConfig(
                kind,
                dim,
                layers,
                loss,
                negatives,
                negativeCount,
                temperature,
                l2,
                epochs,
                batchSize,
                optimizer,
                schedule,
                evalEvery,
                patience,
                fullK,
                evalNegatives,
                rowUpdates);
    }
}
