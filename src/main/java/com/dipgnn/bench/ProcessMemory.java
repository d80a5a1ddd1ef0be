package com.dipgnn.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.nio.file.Files;
import java.nio.file.Path;

/** Resident memory of this process, read from {@code /proc/self/status} (Linux). */
public final class ProcessMemory {

    private ProcessMemory() {}

    /** Peak resident set size in MiB (JVM heap and native PyTorch memory together), or -1. */
    public static long peakRssMib() {
        return field("VmHWM:");
    }

    /** Current resident set size in MiB, or -1. */
    public static long rssMib() {
        return field("VmRSS:");
    }

    /**
     * Resets the peak resident set size ({@code VmHWM}) to the current one, so a later
     * {@link #peakRssMib()} gives the peak of what ran in between; false when the kernel does not
     * allow it (then the peak is the process's since it started).
     */
    public static boolean resetPeak() {
        try {
            Files.writeString(Path.of("/proc/self/clear_refs"), "5");
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * Whether the JVM's heap is committed and touched in full from the start ({@code -Xms} equal to
     * {@code -Xmx} and {@code -XX:+AlwaysPreTouch}); only then does growth of the resident set size
     * measure memory outside the Java heap (PyTorch's tensors, allocator caches) alone.
     */
    public static boolean heapPretouched() {
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        return heap.getInit() == heap.getMax()
                && ManagementFactory.getRuntimeMXBean().getInputArguments().contains("-XX:+AlwaysPreTouch");
    }

    /**
     * Asks glibc's allocator to hand the free memory it keeps back to the system
     * ({@code malloc_trim(0)}, through JNA, which DJL brings), so the resident set size stops
     * counting tensors already freed; false where that is not available (another C library).
     */
    public static boolean releaseFreeNativeMemory() {
        try {
            return com.sun.jna.NativeLibrary.getInstance("c")
                            .getFunction("malloc_trim")
                            .invokeInt(new Object[] {0})
                    >= 0;
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
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
