package com.dipgnn.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import org.junit.jupiter.api.Test;

/**
 * The trainable cosine, worked by hand with W = [[1, 1], [0, 1]] (so W u = (u0 + u1, u1)).
 * Candidates c0 = (1, 0), c1 = (0, 1), c2 = (2, -1) map to (1, 0), (1, 1), (1, -1); targets
 * a0 = (1, 0) and a1 = (0, 3):
 * <pre>
 *        c0    c1       c2
 * a0     1     1/sqrt2  1/sqrt2
 * a1     0     1/sqrt2  -1/sqrt2
 * </pre>
 * The link task's loss scores every (target, candidate) pair with {@link CosineScorer#scoreAll}
 * (one matrix product); it must give what the broadcast {@link CosineScorer#score} gives.
 */
class CosineScorerTest {

    private static final float R = (float) (1 / Math.sqrt(2));
    private static final float[] BY_HAND = {1f, R, R, 0f, R, -R};

    @Test
    void everyPairAtOnceMatchesTheHandWorkedCosines() {
        try (NDManager manager = NDManager.newBaseManager()) {
            CosineScorer scorer = scorer(manager);
            NDArray candidates = manager.create(new float[] {1, 0, 0, 1, 2, -1}, new Shape(3, 2));
            NDArray targets = manager.create(new float[] {1, 0, 0, 3}, new Shape(2, 2));

            NDArray all = scorer.scoreAll(candidates, targets);
            NDArray broadcast = scorer.score(candidates.expandDims(0), targets.expandDims(1));

            assertThat(all.getShape()).isEqualTo(new Shape(2, 3));
            assertThat(broadcast.getShape()).isEqualTo(new Shape(2, 3));
            float[] a = all.toFloatArray();
            float[] b = broadcast.toFloatArray();
            for (int i = 0; i < BY_HAND.length; i++) {
                assertThat(a[i]).as("scoreAll entry %d", i).isCloseTo(BY_HAND[i], within(1e-6f));
                assertThat(b[i]).as("score entry %d", i).isCloseTo(BY_HAND[i], within(1e-6f));
            }
        }
    }

    private static CosineScorer scorer(NDManager manager) {
        CosineScorer scorer = new CosineScorer(2);
        scorer.initialize(manager);
        scorer.parameters().get("w.weight").getArray().set(new float[] {1, 1, 0, 1});
        return scorer;
    }
}
