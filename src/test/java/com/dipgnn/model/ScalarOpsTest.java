package com.dipgnn.model;

import static org.assertj.core.api.Assertions.assertThat;

import ai.djl.Device;
import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.training.GradientCollector;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The gradients of {@link ScalarOps} stay right when the garbage collector runs between the
 * forward and the backward pass (DJL's {@code Number} overloads then read freed memory).
 */
class ScalarOpsTest {

    @Test
    void gradientsSurviveGarbageCollectionBeforeBackward() throws InterruptedException {
        for (int trial = 0; trial < 3; trial++) {
            try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
                NDArray x = manager.create(new float[] {-1f, 2f, 3f});
                x.setRequiresGradient(true);
                try (NDManager scope = manager.newSubManager();
                        GradientCollector collector = Engine.getInstance().newGradientCollector()) {
                    NDArray xs = x.mul(scope.ones(x.getShape()));
                    NDArray y = ScalarOps.maximum(ScalarOps.div(ScalarOps.mul(xs, 3), 2), 0)
                            .sum();
                    reuseFreedDirectMemory();
                    collector.backward(y);
                }
                assertThat(x.getGradient().toFloatArray()).containsExactly(0f, 1.5f, 1.5f);
            }
        }
    }

    /** Lets the collector free unreachable direct buffers, then refills that memory with garbage. */
    private static void reuseFreedDirectMemory() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(20);
        }
        List<ByteBuffer> junk = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            junk.add(ByteBuffer.allocateDirect(4).order(ByteOrder.nativeOrder()).putFloat(0, 1e30f));
        }
        assertThat(junk).hasSize(2000);
    }
}
