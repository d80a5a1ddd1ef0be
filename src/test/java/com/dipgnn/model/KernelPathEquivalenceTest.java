package com.dipgnn.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import com.dipgnn.model.kernels.SegmentKernels;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The TorchScript kernels ({@link SegmentKernels}) give today's results on random graphs (float32,
 * the engine's type): segment sums as the COO incidence product ({@link GraphOps#scatterSum}),
 * maxima as {@link SegmentMax} (0 for a destination without in-edges), the softmax as
 * {@link GraphOps#segmentSoftmax}, and the sparse product as a constant COO matrix times the
 * dense operand. Every graph has destinations without in-edges and destinations with many.
 */
class KernelPathEquivalenceTest {

    private static final float TOLERANCE = 1e-5f;

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void kernelsEqualTodaysPath(long seed) {
        Random random = new Random(seed);
        int destinations = 40;
        int edges = 300;
        int heads = 4;
        int[] dst = new int[edges];
        for (int e = 0; e < edges; e++) {
            // skewed, and destinations 0, 7, 14, ... get no edge
            int d;
            do {
                d = (int) Math.min(destinations - 1, Math.abs(random.nextGaussian()) * destinations / 2);
            } while (d % 7 == 0);
            dst[e] = d;
        }
        SegmentKernels kernels = SegmentKernels.shared();
        try (NDManager manager = NDManager.newBaseManager()) {
            NDArray dstIndex = GraphOps.index(manager, dst);
            RelationEdges relation = new RelationEdges(null, "paper", "paper", dstIndex, dstIndex, dst);
            try (InEdges inEdges = new InEdges(manager, "paper", destinations, List.of(relation), null)) {
                NDArray values = manager.randomNormal(new Shape(edges, heads)).mul(3);

                assertClose(
                        kernels.segmentSum(values, inEdges.destinations(), destinations),
                        GraphOps.scatterSum(inEdges.incidence(), values));
                NDArray max = kernels.segmentMax(values, inEdges.destinations(), destinations);
                assertClose(max, inEdges.segmentMax(values));
                assertClose(max, inEdges.segmentMaxOnHost(values));
                assertThat(max.get(7).toFloatArray())
                        .as("a destination without in-edges")
                        .containsOnly(0f);
                assertClose(
                        kernels.segmentSoftmax(values, inEdges.destinations(), destinations),
                        GraphOps.segmentSoftmax(values, inEdges));

                long[] rows = new long[edges];
                long[] columns = new long[edges];
                float[] weights = new float[edges];
                long[] sorted = new long[edges];
                for (int e = 0; e < edges; e++) {
                    sorted[e] = ((long) dst[e] << 32) | random.nextInt(25);
                }
                Arrays.sort(sorted); // repeated (row, column) pairs stay in
                for (int e = 0; e < edges; e++) {
                    rows[e] = sorted[e] >>> 32;
                    columns[e] = sorted[e] & 0xffffffffL;
                    weights[e] = (float) random.nextGaussian();
                }
                NDArray dense = manager.randomNormal(new Shape(25, 6));
                NDArray coo = GraphOps.coo(manager, rows, columns, weights, destinations, 25);
                assertClose(
                        kernels.spmm(
                                manager.create(new long[][] {rows, columns}),
                                manager.create(weights),
                                destinations,
                                25,
                                dense),
                        coo.matMul(dense));
            }
        }
    }

    private static void assertClose(NDArray actual, NDArray expected) {
        assertThat(actual.getShape()).isEqualTo(expected.getShape());
        float[] a = actual.toFloatArray();
        float[] b = expected.toFloatArray();
        for (int i = 0; i < a.length; i++) {
            assertThat(a[i]).as("element %d", i).isCloseTo(b[i], within(TOLERANCE * (1 + Math.abs(b[i]))));
        }
    }
}
