package com.dipgnn.runtime;

import ai.djl.Device;
import ai.djl.engine.Engine;
import java.util.Locale;

/**
 * Starts DJL's PyTorch engine offline and picks the device: a GPU when one is present, else the
 * CPU, unless configuration forces one ({@code auto}, {@code cpu}, {@code gpu}).
 */
public final class Devices {

    /** The system property DJL reads for its offline switch. */
    public static final String OFFLINE_PROPERTY = "ai.djl.offline";

    private Devices() {}

    /** Sets DJL's offline switch (unless the user set it) and returns the PyTorch engine. */
    public static Engine engine() {
        if (System.getProperty(OFFLINE_PROPERTY) == null && System.getenv("DJL_OFFLINE") == null) {
            System.setProperty(OFFLINE_PROPERTY, "true");
        }
        return Engine.getEngine("PyTorch");
    }

    /**
     * @param preference {@code auto} (GPU when present), {@code cpu} or {@code gpu}
     * @throws IllegalArgumentException for an unknown preference, or {@code gpu} without a GPU
     */
    public static Device select(String preference) {
        Engine engine = engine();
        String p = preference == null ? "auto" : preference.trim().toLowerCase(Locale.ROOT);
        return switch (p) {
            case "auto" -> engine.getGpuCount() > 0 ? Device.gpu() : Device.cpu();
            case "cpu" -> Device.cpu();
            case "gpu" -> {
                if (engine.getGpuCount() == 0) {
                    throw new IllegalArgumentException(
                            "device 'gpu' was requested but PyTorch sees no GPU; build with -Pcu124 on a CUDA machine or use 'auto'");
                }
                yield Device.gpu();
            }
            default -> throw new IllegalArgumentException("unknown device '" + preference + "': use auto, cpu or gpu");
        };
    }
}
