package com.dipgnn.recommend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import com.dipgnn.ranking.Interactions;
import com.dipgnn.ranking.PopularityPrior;
import com.dipgnn.ranking.PopularityPriorSetting;
import com.dipgnn.ranking.RankingEvaluator;
import org.junit.jupiter.api.Test;

/**
 * A recommender's popularity prior on hand-made scores: 2 users, 5 items; training pairs (0, 3),
 * (0, 4), (1, 4), so items 0–2 have no interaction, item 3 one and item 4 two; user 1 holds out
 * one validation item, and Recall@1 ranks its items 0–3 (item 4 is its training item).
 */
class RecommenderPriorTest {

    private static final Interactions TRAIN = Interactions.of(2, 5, new int[] {0, 0, 1}, new int[] {3, 4, 4});
    private static final RankingEvaluator RECALL_AT_1 = new RankingEvaluator(1, 3, 1);

    @Test
    void aPriorIsChosenWhenOnlyPopularityTellsTheItemsApart() {
        // every score 0: without a prior the tie goes to item 0; with any weight item 3 (log 2 > 0) leads
        Interactions val = Interactions.of(2, 5, new int[] {1}, new int[] {3});
        try (NDManager m = NDManager.newBaseManager(Device.cpu())) {
            UserItemVectors zero = new UserItemVectors(
                    m.zeros(new ai.djl.ndarray.types.Shape(2, 1)), m.zeros(new ai.djl.ndarray.types.Shape(5, 1)));
            PopularityPrior dot = new RecommenderPrior(PopularityPriorSetting.AUTO, TRAIN, false)
                    .choose(zero, val, TRAIN, RECALL_AT_1, m);
            assertThat(dot.chosenBy()).isEqualTo("validation");
            assertThat(dot.metric()).isEqualTo("recall@1");
            assertThat(dot.beta())
                    .as("the smallest weight that ranks item 3 first")
                    .isEqualTo(0.005);
            assertThat(dot.trials()).hasSize(12).first().isEqualTo(new PopularityPrior.Trial(0.0, 0.0));
            assertThat(dot.trials().get(11)).isEqualTo(new PopularityPrior.Trial(5.12, 1.0));
            PopularityPrior cosine = new RecommenderPrior(PopularityPriorSetting.AUTO, TRAIN, true)
                    .choose(zero, val, TRAIN, RECALL_AT_1, m);
            assertThat(cosine.trials()).hasSize(9);
        }
    }

    @Test
    void tooLargeAWeightOutranksTheModelsOwnChoice() {
        // user 1 scores item 0 at 1, items 1-3 at 0; item 3's prior term is w log 2: it leads once
        // w > 1 / log 2 = 1.44, so 2.56 and 5.12 lose the held-out item 0, and 0 is kept (a tie)
        Interactions val = Interactions.of(2, 5, new int[] {1}, new int[] {0});
        try (NDManager m = NDManager.newBaseManager(Device.cpu())) {
            UserItemVectors v = new UserItemVectors(
                    m.create(new float[] {1, 1}).reshape(2, 1),
                    m.create(new float[] {1, 0, 0, 0, 0}).reshape(5, 1));
            PopularityPrior chosen = new RecommenderPrior(PopularityPriorSetting.AUTO, TRAIN, false)
                    .choose(v, val, TRAIN, RECALL_AT_1, m);
            assertThat(chosen.beta()).isZero();
            assertThat(chosen.trials().get(9)).isEqualTo(new PopularityPrior.Trial(1.28, 1.0));
            assertThat(chosen.trials().get(10)).isEqualTo(new PopularityPrior.Trial(2.56, 0.0));
        }
    }

    @Test
    void theAppliedVectorsScoreTheModelPlusTheWeightedLogDegree() {
        try (NDManager m = NDManager.newBaseManager(Device.cpu())) {
            UserItemVectors v = new UserItemVectors(
                    m.create(new float[] {2, -1}).reshape(2, 1),
                    m.create(new float[] {0.5f, 0, 0, 1, 3}).reshape(5, 1));
            RecommenderPrior prior = new RecommenderPrior(PopularityPriorSetting.parse("0.5"), TRAIN, false);
            assertThat(prior.choose(v, Interactions.of(2, 5, new int[0], new int[0]), TRAIN, RECALL_AT_1, m)
                            .chosenBy())
                    .as("a fixed weight needs no validation")
                    .isEqualTo("fixed");
            UserItemVectors applied = prior.applied(v, 0.5, m);
            float[] scores = applied.users().matMul(applied.items().transpose()).toFloatArray();
            // user 0 (2): item 0 2 * 0.5 + 0; item 3 2 * 1 + 0.5 log 2; item 4 2 * 3 + 0.5 log 3
            assertThat(scores[0]).isCloseTo(1f, within(1e-6f));
            assertThat(scores[3]).isCloseTo(2f + 0.5f * (float) Math.log(2), within(1e-6f));
            assertThat(scores[4]).isCloseTo(6f + 0.5f * (float) Math.log(3), within(1e-6f));
            // user 1 (-1): item 4 -3 + 0.5 log 3
            assertThat(scores[9]).isCloseTo(-3f + 0.5f * (float) Math.log(3), within(1e-6f));
            assertThat(prior.applied(v, 0, m)).isSameAs(v);
        }
    }

    @Test
    void autoWithoutValidationPairsIsRefused() {
        try (NDManager m = NDManager.newBaseManager(Device.cpu())) {
            UserItemVectors v = new UserItemVectors(
                    m.zeros(new ai.djl.ndarray.types.Shape(2, 1)), m.zeros(new ai.djl.ndarray.types.Shape(5, 1)));
            assertThatThrownBy(() -> new RecommenderPrior(PopularityPriorSetting.AUTO, TRAIN, false)
                            .choose(v, Interactions.of(2, 5, new int[0], new int[0]), TRAIN, RECALL_AT_1, m))
                    .hasMessageContaining("validation pairs");
        }
    }
}
