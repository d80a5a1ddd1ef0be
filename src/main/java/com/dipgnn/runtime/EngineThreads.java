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
        if (cores < 1 || concurrentJobs < 1) {
            throw new IllegalArgumentException(
                    "cores and concurrent jobs must be at least 1; got " + cores + " and " + concurrentJobs);
        }
        return Math.max(1, cores / concurrentJobs);
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
