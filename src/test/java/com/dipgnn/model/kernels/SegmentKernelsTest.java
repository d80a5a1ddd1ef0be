package com.dipgnn.model.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import org.junit.jupiter.api.Test;

/**
 * What the kernels promise besides their gradients: the value of empty segments, a softmax that
 * stays finite and normalised at extreme logits, results owned by the first argument's manager,
 * clear refusals of malformed arguments, one compiled module per process, and a clean close.
 */
class SegmentKernelsTest {

    private final SegmentKernels kernels = SegmentKernels.shared();

    @Test
    void emptySegmentsSumAndMaxToZero() {
        try (NDManager m = NDManager.newBaseManager()) {
            NDArray index = m.create(new long[] {0, 2, 0});
            NDArray values = m.create(new float[] {-5f, -1f, -3f}, new Shape(3, 1));
            assertThat(kernels.segmentSum(values, index, 4).toFloatArray()).containsExactly(-8f, 0f, -1f, 0f);
            assertThat(kernels.segmentMax(values, index, 4).toFloatArray()).containsExactly(-3f, 0f, -1f, 0f);
        }
    }

    @Test
    void softmaxIsFiniteAndNormalisedAtExtremeLogits() {
        try (NDManager m = NDManager.newBaseManager()) {
            NDArray index = m.create(new long[] {1, 1, 1, 3});
            NDArray logits = m.create(new float[] {1e4f, -1e4f, 1e4f - 1, -1e4f}, new Shape(4, 1));
            float[] weights = kernels.segmentSoftmax(logits, index, 5).toFloatArray();
            double e = Math.exp(-1);
            assertThat(weights[0]).isCloseTo((float) (1 / (1 + e)), within(1e-6f));
            assertThat(weights[1]).isEqualTo(0f);
            assertThat(weights[2]).isCloseTo((float) (e / (1 + e)), within(1e-6f));
            assertThat(weights[3]).isEqualTo(1f);
        }
    }

    @Test
    void attendWeighsEachDestinationsValuesByItsSoftmax() {
        try (NDManager m = NDManager.newBaseManager()) {
            // destination 0: edges 0 and 2 with logits 0 and ln 3, so weights 1/4 and 3/4, carrying
            // rows 1 (value 2) and 0 (value 6): 0.5 + 4.5 = 5; destination 1 has no edge: 0;
            // destination 2: one edge, weight 1, row 1: 2
            NDArray logits = m.create(new float[] {0f, 7f, (float) Math.log(3)}, new Shape(3, 1));
            NDArray table = m.create(new float[] {6f, 2f}, new Shape(2, 1, 1));
            NDArray rows = m.create(new long[] {1, 1, 0});
            NDArray index = m.create(new long[] {0, 2, 0});
            DestinationOrder order = DestinationOrder.of(m, new int[] {0, 2, 0}, 3);
            float[] out =
                    kernels.attend(logits, table, rows, index, order, 0, false).toFloatArray();
            assertThat(out).containsExactly(new float[] {5f, 0f, 2f}, within(1e-5f));
        }
    }

    @Test
    void attendRefusesAnOrderOfOtherEdgesAndARateOutsideItsRange() {
        try (NDManager m = NDManager.newBaseManager()) {
            NDArray logits = m.zeros(new Shape(3, 1));
            NDArray table = m.zeros(new Shape(2, 1, 1));
            NDArray rows = m.create(new long[] {1, 1, 0});
            NDArray index = m.create(new long[] {0, 2, 0});
            DestinationOrder fewer = DestinationOrder.of(m, new int[] {0, 2}, 3);
            assertThatThrownBy(() -> kernels.attend(logits, table, rows, index, fewer, 0, false))
                    .hasMessageContaining("covers 2 edges");
            DestinationOrder order = DestinationOrder.of(m, new int[] {0, 2, 0}, 3);
            assertThatThrownBy(() -> kernels.attend(logits, table, rows, index, order, 1, true))
                    .hasMessageContaining("[0, 1)");
            assertThatThrownBy(() -> DestinationOrder.of(m, new int[] {0, 3}, 3))
                    .hasMessageContaining("outside [0, 3)");
        }
    }

    @Test
    void resultsBelongToTheFirstArgumentsManager() {
        try (NDManager first = NDManager.newBaseManager();
                NDManager other = NDManager.newBaseManager()) {
            NDArray values = first.ones(new Shape(2, 3));
            NDArray sum = kernels.segmentSum(values, other.create(new long[] {0, 0}), 1);
            assertThat(sum.getManager()).isSameAs(first);
            assertThat(sum.toFloatArray()).containsOnly(2f);
        }
    }

    @Test
    void malformedArgumentsAreRefusedWithTheExpectedShape() {
        try (NDManager m = NDManager.newBaseManager()) {
            NDArray values = m.ones(new Shape(3, 2));
            assertThatThrownBy(() -> kernels.segmentSum(values, m.create(new int[] {0, 1, 1}), 2))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("int64");
            assertThatThrownBy(() -> kernels.segmentMax(values, m.create(new long[] {0, 1}), 2))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("(3)");
            NDArray indices = m.create(new long[][] {{0, 1}, {1, 0}});
            assertThatThrownBy(() -> kernels.spmm(indices, m.ones(new Shape(3)), 2, 2, m.ones(new Shape(2, 4))))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("(2)");
            assertThatThrownBy(() -> kernels.spmm(indices, m.ones(new Shape(2)), 2, 2, m.ones(new Shape(3, 4))))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("(2, d)");
        }
    }

    @Test
    void oneModulePerProcessUntilClosed() {
        SegmentKernels own = SegmentKernels.load();
        try (NDManager m = NDManager.newBaseManager()) {
            NDArray sum = own.segmentSum(
                    m.ones(new Shape(2), DataType.FLOAT64).reshape(2, 1), m.create(new long[] {1, 1}), 2);
            assertThat(sum.toDoubleArray()).containsExactly(0.0, 2.0);
        } finally {
            own.close();
        }
        assertThat(SegmentKernels.shared()).isSameAs(kernels);
    }
}
