package com.dipgnn.runtime;

/**
 * How many threads PyTorch's CPU kernels use: {@code ai.djl.pytorch.num_threads} (intra-op) and
 * {@code ai.djl.pytorch.num_interop_threads}, which DJL reads once, when the engine loads. A value
 * the JVM was started with ({@code -D}) wins over the product's setting.
 */
public final class EngineThreads {

    /** DJL's system property for PyTorch's intra-op threads. */
    public static final String THREADS_PROPERTY = "ai.djl.pytorch.num_threads";
    /** DJL's system property for PyTorch's inter-op threads. */
    public static final String INTEROP_PROPERTY = "ai.djl.pytorch.num_interop_threads";

    private EngineThreads() {}

    /**
     * The automatic count for a process that runs {@code concurrentJobs} jobs at once on
     * {@code cores} cores: the cores divided among them, at least one, so that jobs sharing a
     * machine do not oversubscribe it (each job's kernels would otherwise start a thread per core).
     */
    public static int automatic(int cores, int concurrentJobs) {
        return automatic(cores, concurrentJobs, 0);
    }

    /**
     * The automatic count on a machine whose other work keeps {@code loadAverage} cores busy (the
     * one-minute load average; negative when the system cannot tell, read as idle): the cores that
     * its whole busy cores leave free (the load rounded down: the tail of work just ended, 0.5, still
     * leaves every core), divided among the jobs, at least one. A busy machine
     * thus gets fewer threads: PyTorch's threads wait for each other by spinning, and on cores
     * another process holds they spin instead of computing (a 2-core machine at load 2 measured
     * 20–41 s a step with 2 threads, 40% of it in the kernel).
     */
    public static int automatic(int cores, int concurrentJobs, double loadAverage) {
        if (cores < 1 || concurrentJobs < 1) {
            throw new IllegalArgumentException(
                    "cores and concurrent jobs must be at least 1; got " + cores + " and " + concurrentJobs);
        }
        long busy = loadAverage > 0 ? (long) Math.floor(loadAverage) : 0;
        long free = Math.max(1, cores - busy);
        return (int) Math.max(1, free / concurrentJobs);
    }

    /** This machine's one-minute load average, or a negative number when the system cannot tell. */
    public static double loadAverage() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    /**
     * Sets PyTorch's intra-op threads to {@code threads} and its inter-op threads to 1 unless the
     * JVM was started with them; call before the engine loads ({@link Devices#engine()}).
     *
     * @return the intra-op thread count in effect
     */
    public static int apply(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("the engine needs at least one thread; got " + threads);
        }
        if (System.getProperty(THREADS_PROPERTY) == null) {
            System.setProperty(THREADS_PROPERTY, Integer.toString(threads));
        }
        if (System.getProperty(INTEROP_PROPERTY) == null) {
            System.setProperty(INTEROP_PROPERTY, "1");
        }
        return Integer.parseInt(System.getProperty(THREADS_PROPERTY).trim());
    }
}
