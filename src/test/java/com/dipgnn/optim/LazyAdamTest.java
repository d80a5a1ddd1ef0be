package com.dipgnn.optim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import org.junit.jupiter.api.Test;

/**
 * Lazy Adam against a two-step example worked by hand (lr 0.1, betas 0.9 / 0.999, eps 1e-8):
 *
 * <pre>
 * step 1, row 0, g = (2, -0.5):  m = (0.2, -0.05), v = (0.004, 0.00025)
 *   m / (1 - 0.9) = (2, -0.5), v / (1 - 0.999) = (4, 0.25), so w0 = (1, 1) - 0.1 (1, -1) = (0.9, 1.1)
 * step 2, row 0, g = (-1, 0):    m = 0.9 m + 0.1 g = (0.08, -0.045), v = 0.999 v + 0.001 g^2 = (0.004996, 0.00024975)
 *   m / 0.19 = (0.4210526, -0.2368421), v / 0.001999 = (2.4992496, 0.1249375), sqrt = (1.5808952, 0.3534650)
 *   w0 = (0.9, 1.1) - 0.1 (0.2663377, -0.6700582) = (0.8733662, 1.1670058)
 * step 2, row 2 (first touch), g = (4, 1): m = (0.4, 0.1), v = (0.016, 0.001), corrected with t = 2:
 *   m / 0.19 = (2.1052632, 0.5263158), v / 0.001999 = (8.0040020, 0.5002501), sqrt = (2.8291345, 0.7072836)
 *   w2 = (3, 3) - 0.1 (0.7441368, 0.7441368) = (2.9255863, 2.9255863)
 * row 1 is never touched.
 * </pre>
 */
class LazyAdamTest {

    private static final LazyAdam ADAM = new LazyAdam(0.1f, 0.9f, 0.999f, 1e-8f, 0f);

    @Test
    void twoStepsMatchTheHandWorkedExample() {
        try (NDManager manager = NDManager.newBaseManager()) {
            NDArray weights = manager.create(new float[] {1, 1, 2, 2, 3, 3}, new Shape(3, 2));
            NDArray means = weights.zerosLike();
            NDArray variances = weights.zerosLike();
            ADAM.update(
                    weights,
                    means,
                    variances,
                    new long[] {0},
                    manager.create(new float[] {2, -0.5f}, new Shape(1, 2)),
                    1,
                    manager);
            assertRows(weights, 0.9f, 1.1f, 2, 2, 3, 3);
            assertRows(means, 0.2f, -0.05f, 0, 0, 0, 0);
            assertRows(variances, 0.004f, 0.00025f, 0, 0, 0, 0);

            ADAM.update(
                    weights,
                    means,
                    variances,
                    new long[] {2, 0},
                    manager.create(new float[] {4, 1, -1, 0}, new Shape(2, 2)),
                    2,
                    manager);
            assertRows(weights, 0.8733662f, 1.1670058f, 2, 2, 2.9255863f, 2.9255863f);
            assertRows(means, 0.08f, -0.045f, 0, 0, 0.4f, 0.1f);
            assertRows(variances, 0.004996f, 0.00024975f, 0, 0, 0.016f, 0.001f);
        }
    }

    @Test
    void decoupledWeightDecayShrinksTouchedRowsOnly() {
        // step 1 as above plus lr * wd * w = 0.1 * 0.5 * 1 = 0.05: w0 = (1 - 0.1 - 0.05, 1 + 0.1 - 0.05)
        LazyAdam decaying = new LazyAdam(0.1f, 0.9f, 0.999f, 1e-8f, 0.5f);
        try (NDManager manager = NDManager.newBaseManager()) {
            NDArray weights = manager.create(new float[] {1, 1, 2, 2}, new Shape(2, 2));
            decaying.update(
                    weights,
                    weights.zerosLike(),
                    weights.zerosLike(),
                    new long[] {0},
                    manager.create(new float[] {2, -0.5f}, new Shape(1, 2)),
                    1,
                    manager);
            assertRows(weights, 0.85f, 1.05f, 2, 2);
        }
    }

    private static void assertRows(NDArray actual, float... expected) {
        float[] values = actual.toFloatArray();
        assertThat(values).hasSize(expected.length);
        for (int i = 0; i < expected.length; i++) {
            assertThat(values[i]).as("entry %d", i).isCloseTo(expected[i], within(2e-6f));
        }
    }
}
