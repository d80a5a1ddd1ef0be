package com.dipgnn.recommend;

import ai.djl.ndarray.NDManager;
import com.dipgnn.ranking.Interactions;
import com.dipgnn.ranking.PopularityPrior;
import com.dipgnn.ranking.PopularityPriorSetting;
import com.dipgnn.ranking.PriorColumns;
import com.dipgnn.ranking.RankingEvaluator;
import com.dipgnn.ranking.TopKMetrics;
import java.util.ArrayList;
import java.util.List;

/**
 * The popularity prior of a baseline recommender: {@code score(u, i) + beta * log(1 + d_i)}, with
 * {@code d_i} item i's training interactions, beta fixed or chosen by validation Recall@K as the
 * GNN link task chooses its own ({@link PopularityPriorSetting}). Cosine scores try
 * {@link PopularityPriorSetting#AUTO_GRID}, unnormalised dot products the wider
 * {@link PopularityPriorSetting#DOT_PRODUCT_GRID}.
 */
final class RecommenderPrior {

    private final PopularityPriorSetting setting;
    private final List<Double> grid;
    private final float[] logDegrees;

    /**
     * @param train the training interactions, whose item degrees the prior reads
     * @param cosineScores whether scores are cosines (bounded) rather than dot products
     */
    RecommenderPrior(PopularityPriorSetting setting, Interactions train, boolean cosineScores) {
        this.setting = setting;
        this.grid = setting.candidates(
                cosineScores ? PopularityPriorSetting.AUTO_GRID : PopularityPriorSetting.DOT_PRODUCT_GRID);
        this.logDegrees = PopularityPrior.logDegrees(train.itemColumn(), train.items());
    }

    /**
     * The prior: fixed, or the weight of the grid with the best full-ranking Recall@K on
     * {@code val} (the smaller on a tie, so never worse there than none).
     *
     * @param scored the vectors scores are dot products of, owned by {@code scope}
     * @param exclude what is not ranked for a validation user (its training items)
     * @param evaluator whose K the Recall@K is
     */
    PopularityPrior choose(
            UserItemVectors scored,
            Interactions val,
            Interactions exclude,
            RankingEvaluator evaluator,
            NDManager scope) {
        if (!setting.auto()) {
            return setting.fixed();
        }
        if (val.size() == 0) {
            throw new IllegalStateException("the popularity prior is chosen on validation pairs, and there are none");
        }
        List<Double> values = new ArrayList<>();
        String metric = "recall";
        for (double beta : grid) {
            try (NDManager trial = scope.newSubManager()) {
                UserItemVectors v = applied(scored, beta, trial);
                TopKMetrics m = evaluator.fullRanking(v.users(), v.items(), val, exclude);
                metric = "recall@" + m.k();
                values.add(m.recall());
            }
        }
        return setting.choose(metric, grid, values);
    }

    /** The vectors whose dot products are the scores plus the prior's term ({@code scored} itself without one). */
    UserItemVectors applied(UserItemVectors scored, double beta, NDManager scope) {
        return beta == 0
                ? scored
                : new UserItemVectors(
                        PriorColumns.queries(scored.users(), beta, scope),
                        PriorColumns.candidates(scored.items(), logDegrees, scope));
    }
}
