package com.dipgnn.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Resident memory of this process, read from {@code /proc/self/status} (Linux). */
public final class ProcessMemory {

    private ProcessMemory() {
    }

    /** Peak resident set size in MiB (JVM heap and native PyTorch memory together), or -1. */
    public static long peakRssMib() {
        return field("VmHWM:");
    }

    /** Current resident set size in MiB, or -1. */
    public static long rssMib() {
        return field("VmRSS:");
    }

    private static long field(String name) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith(name)) {
                    return Long.parseLong(line.substring(name.length()).trim().split("\\s+")[0]) / 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }
}
