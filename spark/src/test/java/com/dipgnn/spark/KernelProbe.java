package com.dipgnn.spark;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.GradientCollector;
import com.dipgnn.model.kernels.SegmentKernels;
import java.util.Arrays;

/**
 * Run by {@link EngineKernelsOfflineTest} in a JVM of its own: says where the kernels' class and
 * TorchScript source come from, then runs two kernels on tiny arrays and prints their values and a
 * gradient, one {@code name=value} line each.
 */
public final class KernelProbe {

    private KernelProbe() {}

    public static void main(String[] args) {
        Engine engine = Engine.getEngine("PyTorch");
        System.out.println("offline=" + System.getProperty("ai.djl.offline"));
        System.out.println("engine=" + engine.getEngineName() + " " + engine.getVersion());
        System.out.println("class="
                + SegmentKernels.class.getProtectionDomain().getCodeSource().getLocation());
        System.out.println("source=" + SegmentKernels.class.getResource("segops.py"));
        SegmentKernels kernels = SegmentKernels.shared();
        try (NDManager m = engine.newBaseManager()) {
            NDArray values = m.create(new float[] {1, 2, 3, 4, 5}, new Shape(5, 1));
            NDArray index = m.create(new long[] {0, 2, 0, 2, 2});
            NDArray weights = m.create(new float[] {1, 10, 100}, new Shape(3, 1));
            values.setRequiresGradient(true);
            try (GradientCollector collector = engine.newGradientCollector()) {
                NDArray sums = kernels.segmentSum(values, index, 3);
                System.out.println("segmentSum=" + Arrays.toString(sums.toFloatArray()));
                collector.backward(sums.mul(weights).sum());
            }
            System.out.println(
                    "segmentSumGradient=" + Arrays.toString(values.getGradient().toFloatArray()));
            NDArray logits = m.create(new float[] {0f, (float) Math.log(3), 5f}, new Shape(3, 1));
            NDArray softmax = kernels.segmentSoftmax(logits, m.create(new long[] {1, 1, 0}), 2);
            System.out.println("segmentSoftmax=" + Arrays.toString(softmax.toFloatArray()));
        }
    }
}
