package com.dipgnn.recommend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ai.djl.ndarray.NDManager;
import com.dipgnn.optim.LearningRateSchedule;
import com.dipgnn.optim.OptimizerConfig;
import com.dipgnn.ranking.Interactions;
import com.dipgnn.ranking.NegativeSampling;
import com.dipgnn.ranking.RankingEvaluator;
import com.dipgnn.ranking.RankingLoss;
import com.dipgnn.ranking.TopKMetrics;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** LightGCN's propagation, the losses and the full-ranking evaluation against hand-worked values. */
class RecommenderModelsTest {

    /** u0-i0, u0-i1, u1-i1: degrees u0 2, u1 1, i0 1, i1 2. */
    private static final Interactions TRAIN = Interactions.of(2, 2, new int[] {0, 0, 1}, new int[] {0, 1, 1});

    @Test
    void lightGcnAveragesTheEgoAndTheSymmetricallyNormalisedPropagation() {
        try (NDManager manager = NDManager.newBaseManager()) {
            LightGcn model = new LightGcn(TRAIN, 1, 1);
            model.initialize(manager);
            model.restore(Map.of("users", new float[] {1, 2}, "items", new float[] {3, 4}));
            UserItemVectors v = model.vectors(manager, false);
            // u0' = 3/sqrt(2*1) + 4/sqrt(2*2) = 4.12132; u1' = 4/sqrt(1*2) = 2.82843
            // i0' = 1/sqrt(2*1) = 0.70711;              i1' = 1/sqrt(2*2) + 2/sqrt(1*2) = 1.91421
            assertThat(v.users().toFloatArray())
                    .containsExactly(new float[] {(1 + 4.12132f) / 2, (2 + 2.82843f) / 2}, within(1e-4f));
            assertThat(v.items().toFloatArray())
                    .containsExactly(new float[] {(3 + 0.70711f) / 2, (4 + 1.91421f) / 2}, within(1e-4f));
        }
    }

    @Test
    void bprAndSoftmaxLossesMatchTheirDefinitions() {
        try (NDManager manager = NDManager.newBaseManager()) {
            MatrixFactorization mf = new MatrixFactorization(2, 2, 2);
            mf.initialize(manager);
            mf.restore(Map.of("users", new float[] {1, 0, 0, 1}, "items", new float[] {1, 0, 0, 1}));
            Interactions train = Interactions.of(2, 2, new int[] {0, 1}, new int[] {0, 1});
            double expected = Math.log(1 + Math.exp(-1)); // scores 1 (positive) and 0 (negative) in each case
            TrainingPairs bpr = new TrainingPairs(new int[] {0}, new int[] {0}, new int[] {1}, false);
            assertThat(loss(mf, bpr, config(RankingLoss.BPR, NegativeSampling.UNIFORM), train, manager))
                    .isCloseTo(expected, within(1e-6));
            TrainingPairs pool = new TrainingPairs(new int[] {0}, new int[] {0}, new int[] {1}, true);
            assertThat(loss(mf, pool, config(RankingLoss.SOFTMAX, NegativeSampling.UNIFORM), train, manager))
                    .isCloseTo(expected, within(1e-6));
            TrainingPairs batch = new TrainingPairs(new int[] {0, 1}, new int[] {0, 1}, new int[0], false);
            assertThat(loss(mf, batch, config(RankingLoss.SOFTMAX, NegativeSampling.IN_BATCH), train, manager))
                    .isCloseTo(expected, within(1e-6));
            // in-batch BPR: each pair's negative is the next pair's positive
            assertThat(loss(mf, batch, config(RankingLoss.BPR, NegativeSampling.IN_BATCH), train, manager))
                    .isCloseTo(expected, within(1e-6));
        }
    }

    @Test
    void theDotProductSoftmaxKeepsTheNormsTheCosineOneDrops() {
        try (NDManager manager = NDManager.newBaseManager()) {
            MatrixFactorization mf = new MatrixFactorization(1, 2, 2);
            mf.initialize(manager);
            // user [2, 0]; items [1, 0] (the positive) and [0, 3]: dot products 2 and 0, cosines 1 and 0
            mf.restore(Map.of("users", new float[] {2, 0}, "items", new float[] {1, 0, 0, 3}));
            Interactions train = Interactions.of(1, 2, new int[] {0}, new int[] {0});
            TrainingPairs pool = new TrainingPairs(new int[] {0}, new int[] {0}, new int[] {1}, true);
            assertThat(loss(mf, pool, config(RankingLoss.DOT_SOFTMAX, NegativeSampling.UNIFORM), train, manager))
                    .isCloseTo(Math.log(1 + Math.exp(-2)), within(1e-6));
            assertThat(loss(mf, pool, config(RankingLoss.SOFTMAX, NegativeSampling.UNIFORM), train, manager))
                    .isCloseTo(Math.log(1 + Math.exp(-1)), within(1e-6));
        }
    }

    @Test
    void l2PenaltyIsHalfTheSquaredEgoNormsPerPair() {
        try (NDManager manager = NDManager.newBaseManager()) {
            MatrixFactorization mf = new MatrixFactorization(1, 2, 1);
            mf.initialize(manager);
            mf.restore(Map.of("users", new float[] {2}, "items", new float[] {1, 3}));
            Interactions train = Interactions.of(1, 2, new int[] {0}, new int[] {0});
            RecommenderConfig c = config(RankingLoss.BPR, NegativeSampling.UNIFORM);
            RecommenderConfig withL2 = RecommenderConfigs.withL2(c, 0.1);
            TrainingPairs pairs = new TrainingPairs(new int[] {0}, new int[] {0}, new int[] {1}, false);
            // BPR: softplus(6 - 2) = log(1 + e^4); penalty 0.1 * 0.5 * (4 + 1 + 9) / 1 = 0.7
            assertThat(loss(mf, pairs, withL2, train, manager))
                    .isCloseTo(Math.log(1 + Math.exp(4)) + 0.7, within(1e-5));
        }
    }

    @Test
    void fullRankingRanksEveryItemButTheExcludedOnes() {
        try (NDManager manager = NDManager.newBaseManager()) {
            // one user [1, 0]; items' scores 0.9, 0.8, 0.7, 0.1; item 0 seen in training, item 2 held out
            RankingEvaluator evaluator = new RankingEvaluator(2, 3, 1);
            Interactions heldOut = Interactions.of(1, 4, new int[] {0}, new int[] {2});
            Interactions seen = Interactions.of(1, 4, new int[] {0}, new int[] {0});
            TopKMetrics m = evaluator.fullRanking(
                    manager.create(new float[][] {{1, 0}}),
                    manager.create(new float[][] {{0.9f, 0}, {0.8f, 0}, {0.7f, 0}, {0.1f, 0}}),
                    heldOut,
                    seen);
            // ranking without item 0: 1, 2, 3 -> hit at position 2: recall 1, NDCG 1/log2(3)
            assertThat(m.recall()).isEqualTo(1.0);
            assertThat(m.ndcg()).isCloseTo(1 / (Math.log(3) / Math.log(2)), within(1e-9));
        }
    }

    @Test
    void popularityScoresItemsByTheirTrainingInteractions() {
        try (NDManager manager = NDManager.newBaseManager()) {
            UserItemVectors v = new Popularity(TRAIN).vectors(manager, false);
            assertThat(v.users().toFloatArray()).containsExactly(1f, 1f);
            assertThat(v.items().toFloatArray()).containsExactly(1f, 2f);
        }
    }

    static RecommenderConfig config(RankingLoss loss, NegativeSampling negatives) {
        return new RecommenderConfig(
                RecommenderKind.MF,
                2,
                0,
                loss,
                negatives,
                1,
                1.0,
                0,
                1,
                2,
                new OptimizerConfig(1e-2, 0, 0, 1e-8, 0),
                LearningRateSchedule.CONSTANT,
                1,
                0,
                20,
                5,
                RowUpdates.AUTO);
    }

    private static double loss(
            Recommender model, TrainingPairs pairs, RecommenderConfig config, Interactions train, NDManager manager) {
        try (NDManager scope = manager.newSubManager()) {
            return RecommenderLosses.loss(model.stepVectors(pairs, scope), config, scope)
                    .getFloat();
        }
    }

    @Test
    void interactionsAreADeduplicatedSet() {
        Interactions x = Interactions.of(3, 4, new int[] {2, 0, 2, 2}, new int[] {1, 3, 1, 0});
        assertThat(x.size()).isEqualTo(3);
        assertThat(x.items(2)).containsExactly(0, 1);
        assertThat(x.count(1)).isZero();
        assertThat(x.activeUsers()).containsExactly(0, 2);
        assertThat(x.itemDegrees()).containsExactly(1, 1, 0, 1);
        assertThat(x.contains(0, 3)).isTrue();
        assertThat(x.contains(0, 2)).isFalse();
        assertThat(x.union(Interactions.of(3, 4, new int[] {1}, new int[] {2})).size())
                .isEqualTo(4);
    }
}
