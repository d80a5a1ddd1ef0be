package com.dipgnn.recommend;

import com.dipgnn.ranking.NegativeSampling;
import com.dipgnn.ranking.RankingLoss;
import com.dipgnn.training.OptimizerConfig;

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
 * @param evalEvery validate every this many epochs
 * @param patience stop after this many validations without a better validation Recall@K; 0 = never
 * @param fullK K of the full-ranking metrics (the field: 20)
 * @param evalNegatives negatives per held-out pair for the sampled MRR (the paper: 255)
 */
public record RecommenderConfig(RecommenderKind kind, int dim, int layers, RankingLoss loss,
                                NegativeSampling negatives, int negativeCount, double temperature, double l2,
                                int epochs, int batchSize, OptimizerConfig optimizer, int evalEvery, int patience,
                                int fullK, int evalNegatives) {

    public RecommenderConfig {
        if (negatives == NegativeSampling.UNIFORM_LOGQ) {
            throw new IllegalArgumentException("the baseline recommenders draw uniform or in-batch negatives; "
                    + "uniform-logq is the GNN link task's (--link-negatives)");
        }
        if (dim < 1 || layers < 0 || negativeCount < 1 || epochs < 0 || batchSize < 1 || evalEvery < 1
                || patience < 0 || fullK < 1 || evalNegatives < 1) {
            throw new IllegalArgumentException("invalid recommender settings: " + dim + " wide, " + layers
                    + " layers, " + negativeCount + " negatives, " + epochs + " epochs, batch " + batchSize
                    + ", eval every " + evalEvery + ", patience " + patience + ", K " + fullK);
        }
        if (!(temperature > 0) || l2 < 0) {
            throw new IllegalArgumentException("temperature must be positive and l2 not negative; got " + temperature
                    + " and " + l2);
        }
    }

    /**
     * The settings that decide the weights after every epoch: all but the budget (epochs and
     * patience). A checkpoint written with the same identity resumes, so a run can be extended
     * with more epochs or a longer patience without starting over.
     */
    public String trajectoryIdentity() {
        return new RecommenderConfig(kind, dim, layers, loss, negatives, negativeCount, temperature, l2, 0,
                batchSize, optimizer, evalEvery, 0, fullK, evalNegatives).toString()
                .replace("epochs=0, ", "").replace(", patience=0", "");
    }
}
