package com.dipgnn.recommend;

import com.dipgnn.ranking.PopularityPrior;
import java.util.List;
import java.util.Map;

/**
 * The outcome of training and evaluating a recommender.
 *
 * @param metrics per split ({@code val}, {@code test}) the metrics of the best validated weights
 * @param bestEpoch the epoch whose weights were kept (0: the initial or untrained model)
 * @param epochsRun epochs trained in all (with any resumed part)
 * @param seconds wall time, with any resumed part
 * @param curve the validation curve
 * @param resumedFrom the epoch a checkpoint resumed from (0 when none)
 * @param popularityPrior the prior the metrics were ranked with ({@link PopularityPrior#NONE} for none)
 */
public record RecommenderResult(
        Map<String, Map<String, Double>> metrics,
        int bestEpoch,
        int epochsRun,
        double seconds,
        List<EpochLog> curve,
        int resumedFrom,
        PopularityPrior popularityPrior) {

    public RecommenderResult {
        popularityPrior = popularityPrior == null ? PopularityPrior.NONE : popularityPrior;
    }
}
