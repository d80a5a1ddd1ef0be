package com.dipgnn.store;

import ai.djl.Device;
import ai.djl.engine.Engine;

/**
 * Where a model was trained: the libraries, the Java runtime, the device and the platform, as
 * {@link ModelStore#save} finds them when it writes the model.
 *
 * @param djlVersion DJL's version
 * @param engine the DJL engine's name (PyTorch)
 * @param engineVersion that engine's version (PyTorch's)
 * @param javaVersion {@code java.version}
 * @param device the device the parameters were on ({@code cpu()}, {@code gpu(0)})
 * @param os {@code os.name}
 * @param arch {@code os.arch}
 */
public record RuntimeProvenance(
        String djlVersion,
        String engine,
        String engineVersion,
        String javaVersion,
        String device,
        String os,
        String arch) {

    /** This process's runtime, for parameters on {@code device}. */
    public static RuntimeProvenance current(Device device) {
        Engine engine = Engine.getInstance();
        return new RuntimeProvenance(
                Engine.getDjlVersion(),
                engine.getEngineName(),
                engine.getVersion(),
                System.getProperty("java.version"),
                device.toString(),
                System.getProperty("os.name"),
                System.getProperty("os.arch"));
    }
}
