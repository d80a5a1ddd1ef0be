package com.dipgnn.model.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.GradientCollector;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every kernel's analytic gradient agrees with central finite differences in float64, element by
 * element, on small random graphs with repeated segment ids and empty segments (and, for the
 * softmax, logits of +-1e4). The loss is the sum of the kernel's output times fixed random
 * weights, so every output element's gradient is checked.
 */
class SegmentKernelsGradientTest {

    private static final double STEP = 1e-6;
    private static final double TOLERANCE = 1e-7;

    private static SegmentKernels kernels;
    private NDManager manager;

    @BeforeAll
    static void load() {
        kernels = SegmentKernels.load();
    }

    @AfterAll
    static void close() {
        kernels.close();
    }

    /** 14 edges into 6 segments; segments 2 and 5 empty, the others hit several times. */
    private static long[] index() {
        return new long[] {0, 3, 1, 0, 4, 3, 3, 1, 0, 4, 1, 3, 0, 4};
    }

    private static final int SEGMENTS = 6;

    @Test
    void segmentSumGradient() {
        try (NDManager m = NDManager.newBaseManager()) {
            manager = m;
            NDArray index = m.create(index());
            checkGradient(random(m, 1, index().length, 3), v -> kernels.segmentSum(v, index, SEGMENTS));
        }
    }

    @Test
    void segmentMaxGradient() {
        try (NDManager m = NDManager.newBaseManager()) {
            manager = m;
            NDArray index = m.create(index());
            checkGradient(random(m, 2, index().length, 3), v -> kernels.segmentMax(v, index, SEGMENTS));
        }
    }

    @Test
    void segmentSoftmaxGradient() {
        try (NDManager m = NDManager.newBaseManager()) {
            manager = m;
            NDArray index = m.create(index());
            checkGradient(random(m, 3, index().length, 2), v -> kernels.segmentSoftmax(v, index, SEGMENTS));
        }
    }

    @Test
    void segmentSoftmaxGradientWithExtremeLogits() {
        try (NDManager m = NDManager.newBaseManager()) {
            manager = m;
            NDArray index = m.create(index());
            double[] logits = host(random(m, 4, index().length, 2));
            for (int i = 0; i < logits.length; i += 3) {
                logits[i] += (i % 2 == 0 ? 1e4 : -1e4);
            }
            NDArray extreme = m.create(logits, new Shape(index().length, 2));
            checkGradient(extreme, v -> kernels.segmentSoftmax(v, index, SEGMENTS));
        }
    }

    @Test
    void spmmGradientOfSparseValues() {
        try (NDManager m = NDManager.newBaseManager()) {
            manager = m;
            // (row, column) pairs with a repeated pair (1, 2) and an empty row 3
            NDArray indices = m.create(new long[][] {{0, 1, 1, 2, 1, 4, 0}, {2, 2, 0, 4, 2, 1, 3}});
            NDArray dense = random(m, 5, 5, 3);
            checkGradient(random(m, 6, 7, 1).reshape(7), w -> kernels.spmm(indices, w, 5, 5, dense));
        }
    }

    @Test
    void spmmGradientOfDenseOperand() {
        try (NDManager m = NDManager.newBaseManager()) {
            manager = m;
            NDArray indices = m.create(new long[][] {{0, 1, 1, 2, 1, 4, 0}, {2, 2, 0, 4, 2, 1, 3}});
            NDArray weights = random(m, 7, 7, 1).reshape(7);
            checkGradient(random(m, 8, 5, 3), d -> kernels.spmm(indices, weights, 5, 5, d));
        }
    }

    @Test
    void gatherRowsGradient() {
        try (NDManager m = NDManager.newBaseManager()) {
            manager = m;
            NDArray rows = m.create(new long[] {4, 0, 4, 2, 4, 1});
            checkGradient(random(m, 9, 5, 3), v -> kernels.gatherRows(v, rows));
        }
    }

    @Test
    void attendGradientOfLogits() {
        try (NDManager m = NDManager.newBaseManager()) {
            manager = m;
            NDArray index = m.create(index());
            NDArray table = random(m, 10, 5, 6).reshape(5, 2, 3);
            DestinationOrder order = DestinationOrder.of(m, toInts(index()), SEGMENTS);
            checkGradient(
                    random(m, 11, index().length, 2),
                    l -> kernels.attend(l, table, valueRows(m), index, order, 0, false));
        }
    }

    @Test
    void attendGradientOfValueTable() {
        try (NDManager m = NDManager.newBaseManager()) {
            manager = m;
            NDArray index = m.create(index());
            NDArray logits = random(m, 12, index().length, 2);
            DestinationOrder order = DestinationOrder.of(m, toInts(index()), SEGMENTS);
            checkGradient(
                    random(m, 13, 5, 6).reshape(5, 2, 3),
                    t -> kernels.attend(logits, t, valueRows(m), index, order, 0, false));
        }
    }

    /**
     * Every call computes the same bits: libtorch's graph executor would otherwise rewrite the
     * method after its first calls (symbolic gradients among others), and a job resumed in a fresh
     * process, whose first calls are the profiling ones, would drift from one that ran through.
     */
    @Test
    void repeatedCallsGiveBitIdenticalValuesAndGradients() {
        try (NDManager m = NDManager.newBaseManager()) {
            NDArray index = m.create(index());
            NDArray table = random(m, 16, 5, 6).reshape(5, 2, 3).toType(DataType.FLOAT32, false);
            NDArray logits = random(m, 17, index().length, 2).toType(DataType.FLOAT32, false);
            DestinationOrder order = DestinationOrder.of(m, toInts(index()), SEGMENTS);
            float[] first = null;
            for (int call = 0; call < 8; call++) {
                try (NDManager step = m.newSubManager()) {
                    NDArray l = logits.duplicate();
                    NDArray t = table.duplicate();
                    l.attach(step);
                    t.attach(step);
                    l.setRequiresGradient(true);
                    t.setRequiresGradient(true);
                    float[] bits;
                    try (GradientCollector collector = Engine.getInstance().newGradientCollector()) {
                        NDArray out = kernels.attend(l, t, valueRows(step), index, order, 0, false);
                        collector.backward(out.mul(out).sum());
                        bits = concat(
                                out.toFloatArray(),
                                l.getGradient().toFloatArray(),
                                t.getGradient().toFloatArray());
                    }
                    if (first == null) {
                        first = bits;
                    }
                    assertThat(bits).as("call %d", call).containsExactly(first);
                }
            }
        }
    }

    private static float[] concat(float[]... parts) {
        int n = 0;
        for (float[] p : parts) {
            n += p.length;
        }
        float[] all = new float[n];
        int at = 0;
        for (float[] p : parts) {
            System.arraycopy(p, 0, all, at, p.length);
            at += p.length;
        }
        return all;
    }

    /** The value row each of the 14 edges carries: rows 0-4 of a 5-row table, row 3 never, row 1 often. */
    private static NDArray valueRows(NDManager m) {
        return m.create(new long[] {1, 0, 1, 2, 4, 1, 0, 2, 1, 4, 4, 1, 2, 0});
    }

    private static int[] toInts(long[] values) {
        int[] ints = new int[values.length];
        for (int i = 0; i < values.length; i++) {
            ints[i] = (int) values[i];
        }
        return ints;
    }

    /**
     * Compares d(loss)/d(x) from autograd with central differences, where loss = sum(f(x) * r)
     * for fixed random r; checked twice, so a JIT executor's optimised second run is covered.
     */
    private void checkGradient(NDArray x, Function<NDArray, NDArray> f) {
        NDArray outputWeights = null;
        for (int run = 0; run < 2; run++) {
            double[] analytic;
            try (NDManager step = manager.newSubManager()) {
                NDArray input = x.duplicate();
                input.attach(step);
                input.setRequiresGradient(true);
                try (GradientCollector collector = Engine.getInstance().newGradientCollector()) {
                    NDArray out = f.apply(input);
                    if (outputWeights == null) {
                        outputWeights =
                                random(manager, 99, out.getShape().size(), 1).reshape(out.getShape());
                    }
                    collector.backward(out.mul(outputWeights).sum());
                }
                analytic = host(input.getGradient());
            }
            double[] point = host(x);
            for (int i = 0; i < point.length; i++) {
                double up = loss(f, x.getShape(), point, i, STEP, outputWeights);
                double down = loss(f, x.getShape(), point, i, -STEP, outputWeights);
                // the step actually taken: near 1e4, x + STEP rounds to a neighbour of it
                double numeric = (up - down) / ((point[i] + STEP) - (point[i] - STEP));
                assertThat(analytic[i])
                        .as("run %d, element %d", run, i)
                        .isCloseTo(numeric, within(TOLERANCE * (1 + Math.abs(numeric))));
            }
        }
    }

    private double loss(
            Function<NDArray, NDArray> f, Shape shape, double[] point, int i, double delta, NDArray outputWeights) {
        double[] moved = point.clone();
        moved[i] += delta;
        try (NDManager scratch = manager.newSubManager()) {
            NDArray out = f.apply(scratch.create(moved, shape));
            NDArray value = out.mul(outputWeights).sum();
            double result = value.getDouble();
            out.close();
            value.close();
            return result;
        }
    }

    private static NDArray random(NDManager m, long seed, long rows, long columns) {
        Random random = new Random(seed);
        double[] values = new double[(int) (rows * columns)];
        for (int i = 0; i < values.length; i++) {
            values[i] = random.nextGaussian();
        }
        return m.create(values, new Shape(rows, columns));
    }

    private static double[] host(NDArray a) {
        assertThat(a.getDataType()).isEqualTo(DataType.FLOAT64);
        return a.toDoubleArray();
    }
}
