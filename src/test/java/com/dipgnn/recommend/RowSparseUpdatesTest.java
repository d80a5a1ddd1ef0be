package com.dipgnn.recommend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDManager;
import com.dipgnn.optim.ModelInitialization;
import com.dipgnn.optim.ParameterUpdater;
import com.dipgnn.optim.TrainingStep;
import com.dipgnn.ranking.NegativeSampling;
import com.dipgnn.ranking.RankingLoss;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Matrix factorisation trained row-sparsely: a step reads and updates only its users' and items'
 * rows with lazy Adam, and scores the same loss as the dense model; the expected moves are Adam's,
 * worked by hand (lr 0.01, β1 0.9, β2 0.999).
 */
class RowSparseUpdatesTest {

    private static final float LR = 0.01f;

    /** 3 users, 4 items, width 2; BPR pairs (u0, i1 vs i3) and (u1, i2 vs i3): user 2 and item 0 are not read. */
    private static final TrainingPairs STEP_ONE =
            new TrainingPairs(new int[] {0, 1}, new int[] {1, 2}, new int[] {3, 3}, false);

    /** A later step that reads only user 2 and items 0 and 3. */
    private static final TrainingPairs STEP_TWO = new TrainingPairs(new int[] {2}, new int[] {0}, new int[] {3}, false);

    @Test
    void aStepMovesOnlyItsRowsEachByTheLearningRateAsAdamsFirstStepDoes() {
        try (NDManager manager = NDManager.newBaseManager()) {
            MatrixFactorization lazy = model(true, manager);
            Map<String, float[]> before = lazy.snapshot();
            ParameterUpdater updater = updater(lazy);
            step(lazy, STEP_ONE, updater, manager);
            Map<String, float[]> after = lazy.snapshot();
            // Adam's first step is lr * g / (|g| + eps): every coordinate with a gradient moves by lr
            assertMoved(before.get("users"), after.get("users"), new int[] {0, 1}, LR);
            assertUnmoved(before.get("users"), after.get("users"), new int[] {2});
            assertMoved(before.get("items"), after.get("items"), new int[] {1, 2, 3}, LR);
            assertUnmoved(before.get("items"), after.get("items"), new int[] {0});
        }
    }

    @Test
    void lazyAndDenseAgreeOnTheFirstStepAndOnlyDenseMomentumMovesUnreadRowsLater() {
        try (NDManager manager = NDManager.newBaseManager()) {
            MatrixFactorization lazy = model(true, manager);
            MatrixFactorization dense = model(false, manager);
            assertThat(dense.snapshot().get("users"))
                    .containsExactly(lazy.snapshot().get("users"));
            ParameterUpdater lazyUpdater = updater(lazy);
            ParameterUpdater denseUpdater = updater(dense);
            step(lazy, STEP_ONE, lazyUpdater, manager);
            step(dense, STEP_ONE, denseUpdater, manager);
            // a row without gradient has zero moments after Adam's first step, so dense leaves it too
            // (within 1e-5, a thousandth of lr: the fused dense kernel adds eps before the bias correction,
            // about 32 times lazy Adam's eps at step 1, which tells where a gradient entry is tiny)
            assertThat(lazy.snapshot().get("users"))
                    .containsExactly(dense.snapshot().get("users"), within(1e-5f));
            assertThat(lazy.snapshot().get("items"))
                    .containsExactly(dense.snapshot().get("items"), within(1e-5f));
            Map<String, float[]> afterOne = lazy.snapshot();
            step(lazy, STEP_TWO, lazyUpdater, manager);
            step(dense, STEP_TWO, denseUpdater, manager);
            // user 0 was read at step 1 only. Dense Adam's step 2 moves it with g = 0:
            // m = 0.9 * 0.1 g1 = 0.09 g1, m^ = 0.09 / (1 - 0.81) = 0.47368 g1;
            // v = 0.999 * 0.001 g1^2, v^ = 0.000999 / (1 - 0.998001) = 0.49975 g1^2, sqrt 0.70693 |g1|;
            // a move of 0.47368 / 0.70693 = 0.67006 lr. Lazy Adam leaves it where step 1 put it.
            assertUnmoved(afterOne.get("users"), lazy.snapshot().get("users"), new int[] {0, 1});
            assertMoved(afterOne.get("users"), dense.snapshot().get("users"), new int[] {0, 1}, 0.67006f * LR);
            // user 2, read for the first time at step 2, is corrected by the global step (as TensorFlow's
            // LazyAdam does): m^ = 0.1 g / (1 - 0.81) = 0.52632 g, v^ = 0.001 g^2 / 0.001999 = 0.50025 g^2,
            // sqrt 0.70729 |g|: a move of 0.74413 lr
            assertMoved(afterOne.get("users"), lazy.snapshot().get("users"), new int[] {2}, 0.74413f * LR);
        }
    }

    @Test
    void aRowSparseStepScoresTheSameLossAsTheDenseModel() {
        try (NDManager manager = NDManager.newBaseManager()) {
            MatrixFactorization lazy = model(true, manager);
            MatrixFactorization dense = model(false, manager);
            for (RecommenderConfig c : new RecommenderConfig[] {
                config(RankingLoss.BPR, NegativeSampling.UNIFORM, 0.1),
                config(RankingLoss.SOFTMAX, NegativeSampling.IN_BATCH, 0.1),
                config(RankingLoss.DOT_SOFTMAX, NegativeSampling.IN_BATCH, 0)
            }) {
                try (NDManager scope = manager.newSubManager()) {
                    float fromRows = RecommenderLosses.loss(lazy.stepVectors(STEP_ONE, scope), c, scope)
                            .getFloat();
                    float fromAll = RecommenderLosses.loss(dense.stepVectors(STEP_ONE, scope), c, scope)
                            .getFloat();
                    assertThat(fromRows).as(c.loss() + " " + c.negatives()).isCloseTo(fromAll, within(1e-6f));
                }
            }
        }
    }

    @Test
    void thePairsAreReindexedIntoTheRowsTheyRead() {
        TrainingPairs.Rows rows = STEP_ONE.rows();
        assertThat(rows.users()).containsExactly(0, 1);
        assertThat(rows.items()).containsExactly(1, 2, 3);
        assertThat(rows.local().users()).containsExactly(0, 1);
        assertThat(rows.local().positives()).containsExactly(0, 1);
        assertThat(rows.local().negatives()).containsExactly(2, 2);
    }

    @Test
    void autoIsLazyFromAMillionRowsAndLightGcnRefusesLazy() {
        assertThat(RowUpdates.AUTO.lazy(29_858, 40_981)).isFalse();
        assertThat(RowUpdates.AUTO.lazy(900_000, 100_000)).isTrue();
        assertThat(RowUpdates.DENSE.lazy(2_000_000, 500_000)).isFalse();
        assertThat(RowUpdates.LAZY.lazy(2, 2)).isTrue();
        assertThat(RowUpdates.parse("Lazy")).isEqualTo(RowUpdates.LAZY);
        RecommenderConfig mf = config(RankingLoss.BPR, NegativeSampling.UNIFORM, 0);
        assertThatThrownBy(() -> RecommenderConfigs.with(mf, RecommenderKind.LIGHTGCN, mf.l2(), RowUpdates.LAZY))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("LightGCN");
        // a checkpoint written before the setting existed binds it to null: auto
        assertThat(mf.withTraining(1, 2, mf.schedule(), 1, 0).rowUpdates()).isEqualTo(RowUpdates.AUTO);
    }

    private static MatrixFactorization model(boolean rowSparse, NDManager manager) {
        MatrixFactorization mf = new MatrixFactorization(3, 4, 2, rowSparse);
        ModelInitialization.initialize(5, manager, mf);
        return mf;
    }

    private static ParameterUpdater updater(MatrixFactorization model) {
        return new ParameterUpdater(
                RecommenderModelsTest.config(RankingLoss.BPR, NegativeSampling.UNIFORM)
                        .optimizer(),
                model);
    }

    private static void step(MatrixFactorization model, TrainingPairs pairs, ParameterUpdater updater, NDManager m) {
        RecommenderConfig c = config(RankingLoss.BPR, NegativeSampling.UNIFORM, 0);
        TrainingStep.run(
                m,
                Engine.getInstance(),
                updater,
                scope -> new TrainingStep.Forward<Void>(
                        RecommenderLosses.loss(model.stepVectors(pairs, scope), c, scope), null),
                "loss",
                TrainingStep.Timing.NONE);
    }

    private static RecommenderConfig config(RankingLoss loss, NegativeSampling negatives, double l2) {
        return RecommenderConfigs.withL2(RecommenderModelsTest.config(loss, negatives), l2);
    }

    private static void assertMoved(float[] before, float[] after, int[] rows, float by) {
        for (int r : rows) {
            for (int k = 0; k < 2; k++) {
                assertThat(Math.abs(after[r * 2 + k] - before[r * 2 + k]))
                        .as("row %d coordinate %d", r, k)
                        .isCloseTo(by, within(by * 1e-3f));
            }
        }
    }

    private static void assertUnmoved(float[] before, float[] after, int[] rows) {
        for (int r : rows) {
            for (int k = 0; k < 2; k++) {
                assertThat(after[r * 2 + k]).as("row %d coordinate %d", r, k).isEqualTo(before[r * 2 + k]);
            }
        }
    }
}
