package com.dipgnn.bench;

/**
 * The arithmetic of {@code bench --config scaling}: what figures measured on a graph at one scale
 * mean for the same shape at another (the paper's size). Everything here is a calculation from its
 * arguments; nothing is measured, so it is unit-tested exactly.
 */
public final class ScalingEstimate {

    /** Seeds per type per forward pass when a deployment embeds every node (DeploymentOptions' default). */
    public static final int EMBEDDING_CHUNK = 1024;

    /**
     * Most elements of one Java array (the JVM refuses a few below {@code Integer.MAX_VALUE});
     * dense features and a deployment's embeddings of one node type are each one float array.
     */
    public static final long MAX_ARRAY_ELEMENTS = Integer.MAX_VALUE - 8L;

    private ScalingEstimate() {}

    /** Bytes that grow linearly with the graph, measured at {@code measuredScale}, at {@code targetScale}. */
    public static double scaleBytes(double measuredBytes, double measuredScale, double targetScale) {
        if (measuredScale <= 0 || targetScale <= 0) {
            throw new IllegalArgumentException("scales must be positive; got " + measuredScale + ", " + targetScale);
        }
        return measuredBytes * targetScale / measuredScale;
    }

    /**
     * Forward passes to embed every node: each pass takes up to {@code chunk} seeds of every type, so
     * the largest type sets the count.
     */
    public static long embeddingPasses(long largestTypeNodes, int chunk) {
        if (chunk < 1 || largestTypeNodes < 0) {
            throw new IllegalArgumentException("chunk must be positive and the node count non-negative");
        }
        return (largestTypeNodes + chunk - 1) / chunk;
    }

    /**
     * Seconds to embed every node: the passes that still have seeds of the second-largest type are
     * timed as passes with all types ({@code msAllTypes}), the rest as passes of the largest type
     * alone ({@code msLargestOnly}).
     */
    public static double embeddingSeconds(
            long largestTypeNodes, long secondLargestTypeNodes, int chunk, double msAllTypes, double msLargestOnly) {
        long all = embeddingPasses(largestTypeNodes, chunk);
        long mixed = Math.min(all, embeddingPasses(secondLargestTypeNodes, chunk));
        return (mixed * msAllTypes + (all - mixed) * msLargestOnly) / 1e3;
    }

    /** Hours for {@code steps} steps of {@code msPerStep}. */
    public static double hours(long steps, double msPerStep) {
        return steps * msPerStep / 3.6e6;
    }

    /**
     * Estimated milliseconds of a step's math on an accelerator: its analytic GFLOP at
     * {@code efficiency} times the device's peak {@code peakTflops}. An estimate, not a measurement.
     */
    public static double acceleratorMillis(double gflopPerStep, double peakTflops, double efficiency) {
        if (peakTflops <= 0 || efficiency <= 0 || efficiency > 1) {
            throw new IllegalArgumentException(
                    "peak must be positive and efficiency in (0, 1]; got " + peakTflops + ", " + efficiency);
        }
        return gflopPerStep / (peakTflops * 1e3 * efficiency) * 1e3;
    }

    /**
     * A step with its host preparation (sampling, masking, candidates) prefetched by
     * {@code hostThreads} worker threads cannot be shorter than the preparation spread over them,
     * nor than the math: the longer of the two.
     */
    public static double pipelinedMillis(double mathMillis, double hostMillis, int hostThreads) {
        if (hostThreads < 1) {
            throw new IllegalArgumentException("host threads must be at least 1");
        }
        return Math.max(mathMillis, hostMillis / hostThreads);
    }

    /** Nodes of one type whose {@code width}-wide float rows still fit in one Java array. */
    public static long maxNodesPerType(int width) {
        if (width < 1) {
            throw new IllegalArgumentException("width must be positive");
        }
        return MAX_ARRAY_ELEMENTS / width;
    }

    /** Parameters, gradients and AdamW's two moments, in float32: 16 bytes per parameter. */
    public static long trainingStateBytes(long parameters) {
        return 16L * parameters;
    }

    /**
     * Validations a fine-tuning run does: one every {@code evalEvery} steps and one at the last step
     * (when it does not fall on the interval), without early stopping.
     */
    public static long validations(long steps, int evalEvery) {
        return steps / evalEvery + (steps % evalEvery == 0 ? 0 : 1);
    }
}
