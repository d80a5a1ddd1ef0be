package com.dipgnn.ranking;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ai.djl.ndarray.NDManager;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The short head, the long tail and Recall@K by segment, against hand-worked values. */
class PopularitySegmentsTest {

    @Test
    void theHeadIsTheFewestMostInteractedItemsHoldingTheShare() {
        // degrees 3, 5, 1, 1 (10 interactions): 20% = 2, item 1 alone holds 5
        PopularitySegments twenty = PopularitySegments.of(new int[] {3, 5, 1, 1});
        assertThat(twenty.headItems()).isEqualTo(1);
        assertThat(twenty.isHead(1)).isTrue();
        assertThat(twenty.isHead(0)).isFalse();
        // 60% = 6: item 1 (5) is not enough, item 0 (3) makes 8
        PopularitySegments sixty = PopularitySegments.of(new int[] {3, 5, 1, 1}, 0.6);
        assertThat(sixty.headItems()).isEqualTo(2);
        assertThat(sixty.isHead(0)).isTrue();
        assertThat(sixty.isHead(2)).isFalse();
    }

    @Test
    void tiesGoToTheLowerIdAndNoInteractionsMeansNoHead() {
        // five items of degree 1: 20% = 1, the first item by id
        PopularitySegments even = PopularitySegments.of(new int[] {1, 1, 1, 1, 1});
        assertThat(even.headItems()).isEqualTo(1);
        assertThat(even.isHead(0)).isTrue();
        assertThat(PopularitySegments.of(new int[] {0, 0}).headItems()).isZero();
    }

    @Test
    void badArgumentsAreRefused() {
        assertThatThrownBy(() -> PopularitySegments.of(new int[] {1}, 0)).hasMessageContaining("(0, 1]");
        assertThatThrownBy(() -> PopularitySegments.of(new int[] {1}, 1.5)).hasMessageContaining("(0, 1]");
        assertThatThrownBy(() -> PopularitySegments.of(new int[] {-1})).hasMessageContaining("negative");
    }

    @Test
    void segmentRecallCountsEachHeldOutPairOnce() {
        // head = item 0 (degrees 8, 1, 1, 1, 1: 20% of 12 is 2.4)
        SegmentRecall r = new SegmentRecall(2, PopularitySegments.of(new int[] {8, 1, 1, 1, 1}));
        r.add(new int[] {0, 2}, new int[] {0, 1}); // head 0 found; tail 1 missed
        r.add(new int[] {3, 0, 4}, new int[] {2, 3, 4}); // tail 3 found; 4 is third, beyond K = 2; 2 missed
        assertThat(r.headPairs()).isEqualTo(1);
        assertThat(r.head()).isEqualTo(1.0);
        assertThat(r.tailPairs()).isEqualTo(4);
        assertThat(r.tail()).isEqualTo(0.25);
        assertThat(new SegmentRecall(1, PopularitySegments.of(new int[] {1})).head())
                .isNaN();
    }

    @Test
    void evaluateReportsBothSegmentsFromTheExcludedItemsDegrees() {
        try (NDManager manager = NDManager.newBaseManager()) {
            // 3 users, 4 items; training: item 0 by users 0 and 1, item 1 by user 2 -> head {0} (2 of 3 >= 20%)
            Interactions train = Interactions.of(3, 4, new int[] {0, 1, 2}, new int[] {0, 0, 1});
            // held out: user 2 item 0 (head), user 0 items 2 and 3 (tail)
            Interactions heldOut = Interactions.of(3, 4, new int[] {0, 0, 2}, new int[] {2, 3, 0});
            // one-dimensional scores: user vector 1, item scores 0.1, 0.2, 0.9, 0.3 -> every user ranks 2, 3, 1, 0
            float[][] users = {{1}, {1}, {1}};
            float[][] items = {{0.1f}, {0.2f}, {0.9f}, {0.3f}};
            Map<String, Double> m = new RankingEvaluator(1, 2, 0)
                    .evaluate(manager.create(users), manager.create(items), heldOut, train, train.union(heldOut));
            // K = 1: user 0's top is item 2 (a tail hit, item 3 missed); user 2's top is item 2 (item 0 missed)
            assertThat(m.get(RankingEvaluator.headKey(1))).isEqualTo(0.0);
            assertThat(m.get(RankingEvaluator.tailKey(1))).isEqualTo(0.5);
            // per-user recall: user 0 1/2, user 2 0/1
            assertThat(m.get("recall@1")).isEqualTo(0.25);
        }
    }
}
