package com.dipgnn.ranking;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The ranking metrics against values worked out by hand. */
class MetricsByHandTest {

    @Test
    void recallAndNdcgOfOneUser() {
        TopKMetrics m = new TopKMetrics(3);
        // top 3 = 5, 2, 9; held out {2, 7}: one hit at position 2
        m.add(new int[] {5, 2, 9}, new int[] {2, 7});
        assertThat(m.recall()).isEqualTo(0.5);
        // DCG = 1/log2(3) = 0.63093; IDCG = 1/log2(2) + 1/log2(3) = 1.63093
        assertThat(m.ndcg()).isCloseTo(0.63093 / 1.63093, within(1e-5));
        assertThat(m.precision()).isCloseTo(1.0 / 3, within(1e-12));
    }

    @Test
    void recallDividesByAllHeldOutItemsAndIdealDcgStopsAtK() {
        TopKMetrics m = new TopKMetrics(2);
        // 3 held out, K = 2, both top items hit: recall 2/3 (not 2/2); NDCG 1 (IDCG over 2 positions)
        m.add(new int[] {1, 4}, new int[] {1, 4, 8});
        assertThat(m.recall()).isCloseTo(2.0 / 3, within(1e-12));
        assertThat(m.ndcg()).isCloseTo(1.0, within(1e-12));
    }

    @Test
    void usersAreAveraged() {
        TopKMetrics m = new TopKMetrics(1);
        m.add(new int[] {3}, new int[] {3});
        m.add(new int[] {0}, new int[] {3});
        assertThat(m.users()).isEqualTo(2);
        assertThat(m.recall()).isEqualTo(0.5);
        assertThat(m.ndcg()).isEqualTo(0.5);
        assertThatThrownBy(() -> m.add(new int[] {1}, new int[0])).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void sampledRankCountsTiesByHalf() {
        SampledMetrics m = new SampledMetrics(10);
        // one negative above, one tied: rank 1 + 1 + 1/2 = 2.5
        m.add(0.5f, new float[] {0.9f, 0.5f, 0.1f, 0.2f}, 0, 4);
        assertThat(m.mrr()).isCloseTo(0.4, within(1e-12));
        assertThat(m.hitRate()).isEqualTo(1.0);
        assertThat(m.ndcg()).isCloseTo(1 / (Math.log(3.5) / Math.log(2)), within(1e-12));
    }

    @Test
    void aScoreThatIsNotANumberRanksLast() {
        SampledMetrics m = new SampledMetrics(10);
        // a NaN positive: the two real negatives above it, the NaN one tied: rank 1 + 2 + 1/2 = 3.5
        m.add(Float.NaN, new float[] {0.1f, 0.2f, Float.NaN}, 0, 3);
        // a NaN negative never beats a real positive: one above (0.9), rank 2
        m.add(0.5f, new float[] {Float.NaN, 0.9f}, 0, 2);
        assertThat(m.mrr()).isCloseTo((1 / 3.5 + 1 / 2.0) / 2, within(1e-12));
    }

    @Test
    void sampledHitRateStopsAtK() {
        SampledMetrics m = new SampledMetrics(2);
        m.add(0f, new float[] {1f, 2f, 3f}, 0, 3); // rank 4
        m.add(5f, new float[] {1f, 2f, 3f}, 0, 3); // rank 1
        assertThat(m.hitRate()).isEqualTo(0.5);
        assertThat(m.mrr()).isCloseTo((0.25 + 1) / 2, within(1e-12));
        assertThat(m.ndcg()).isCloseTo(0.5, within(1e-12));
    }

    @Test
    void topKSkipsExcludedItemsAndBreaksTiesByLowerId() {
        float[] scores = {0.1f, 0.9f, 0.5f, 0.9f, 0.3f};
        Interactions none = Interactions.of(1, 5, new int[0], new int[0]);
        Interactions seen = Interactions.of(1, 5, new int[] {0}, new int[] {1});
        assertThat(RankingEvaluator.topK(scores, 0, 5, none, 0, 2)).containsExactly(1, 3);
        assertThat(RankingEvaluator.topK(scores, 0, 5, seen, 0, 2)).containsExactly(3, 2);
        assertThat(RankingEvaluator.topK(scores, 0, 5, seen, 0, 9)).containsExactly(3, 2, 4, 0);
    }
}
