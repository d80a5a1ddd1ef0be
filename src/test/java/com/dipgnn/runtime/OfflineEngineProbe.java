package com.dipgnn.runtime;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import java.util.Arrays;

/**
 * Run in a child JVM by {@link OfflineEngineTest}: starts the PyTorch engine the way the product
 * does ({@link Devices#engine()}), multiplies two small matrices and prints the result, the
 * engine's version and DJL's offline switch.
 */
public final class OfflineEngineProbe {

    private OfflineEngineProbe() {}

    public static void main(String[] args) {
        Engine engine = Devices.engine();
        try (NDManager manager = engine.newBaseManager()) {
            NDArray a = manager.create(new float[] {1, 2, 3, 4}, new ai.djl.ndarray.types.Shape(2, 2));
            NDArray b = manager.create(new float[] {5, 6}, new ai.djl.ndarray.types.Shape(2, 1));
            float[] product = a.matMul(b).toFloatArray();
            System.out.println("engine=" + engine.getEngineName() + " " + engine.getVersion());
            System.out.println("offline=" + System.getProperty(Devices.OFFLINE_PROPERTY));
            System.out.println("matmul=" + Arrays.toString(product));
        }
    }
}
