package com.dipgnn.finetuning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.dipgnn.graph.split.LinkSplit;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The sampled ranking of the link task's evaluation, on scores worked by hand. */
class LinkEvaluatorTest {

    @Test
    void eachPriorWeightRanksThePositiveAmongItsNegativesWithTheLogDegreeAdded() {
        // a chunk of two edges, three candidates each (positive first), whose ids start at index 3
        float[] scores = {0.5f, 0.6f, 0.1f, 0.2f, 0.3f, 0.4f};
        int[] candidateIds = {9, 9, 9, 0, 1, 2, 3, 0, 1};
        float[] logDegree = {2.0f, 0.0f, 1.0f, 0.5f};
        List<Double> betas = List.of(0.0, 0.1);
        List<RankingMetrics> metrics = List.of(new RankingMetrics(), new RankingMetrics());
        LinkEvaluator.addRanks(scores, candidateIds, 3, 3, logDegree, betas, metrics);

        // weight 0: 0.5 against 0.6, 0.1 ranks 2nd; 0.2 against 0.3, 0.4 ranks 3rd: MRR (1/2 + 1/3) / 2
        assertThat(metrics.get(0).count()).isEqualTo(2);
        assertThat(metrics.get(0).mrr()).isCloseTo((1.0 / 2 + 1.0 / 3) / 2, within(1e-12));
        assertThat(metrics.get(0).hitsAt1()).isEqualTo(0.0);
        assertThat(metrics.get(0).hitsAt10()).isEqualTo(1.0);
        // weight 0.1: 0.5 + 0.2 = 0.7 against 0.6 + 0, 0.1 + 0.1 ranks 1st;
        // 0.2 + 0.05 = 0.25 against 0.3 + 0.2, 0.4 + 0 ranks 3rd: MRR (1 + 1/3) / 2
        assertThat(metrics.get(1).count()).isEqualTo(2);
        assertThat(metrics.get(1).mrr()).isCloseTo((1 + 1.0 / 3) / 2, within(1e-12));
        assertThat(metrics.get(1).hitsAt1()).isEqualTo(0.5);
    }

    @Test
    void heldOutEdgesBeyondTheBoundAreRankedAgainstNegativesEvenlySpread() {
        int[] ids = java.util.stream.IntStream.range(0, 10).toArray();
        LinkSplit.Edges ten = new LinkSplit.Edges(ids, ids.clone());
        assertThat(LinkEvaluator.sampleOf(ten, 10)).isSameAs(ten);
        // 4 of 10: edges 0, 10/4 = 2, 20/4 = 5, 30/4 = 7
        assertThat(LinkEvaluator.sampleOf(ten, 4).src()).containsExactly(0, 2, 5, 7);
        assertThat(LinkEvaluator.sampleOf(ten, 4).dst()).containsExactly(0, 2, 5, 7);
        assertThat(LinkEvaluator.SAMPLED_RANKING_EDGES).isGreaterThan(217_242); // Gowalla's test set whole
    }
}
