package com.dipgnn.sampling;

/**
 * How large a subgraph the samplers draw around the seeds.
 *
 * @param depth number of sampling iterations (layers) after the seeds; 0 keeps the seeds alone
 * @param width nodes drawn per layer (LADIES) or per node type and layer (HGSampling); also the
 *     most neighbours of one node that HGSampling looks at
 */
public record SamplingConfig(int depth, int width) {

    /** The paper's default depth. */
    public static final int DEFAULT_DEPTH = 6;
    /** The paper's default width. */
    public static final int DEFAULT_WIDTH = 128;
    /** Upper bound on the depth, to catch typos such as 600 for 6. */
    public static final int MAX_DEPTH = 64;

    public SamplingConfig {
        if (depth < 0 || depth > MAX_DEPTH) {
            throw new IllegalArgumentException("sampling depth must be between 0 and " + MAX_DEPTH + " (got " + depth
                    + "); the paper uses " + DEFAULT_DEPTH);
        }
        if (width < 1) {
            throw new IllegalArgumentException(
                    "sampling width must be at least 1 (got " + width + "); the paper uses " + DEFAULT_WIDTH);
        }
    }

    /** Depth 6, width 128, as in the paper. */
    public static SamplingConfig defaults() {
        return new SamplingConfig(DEFAULT_DEPTH, DEFAULT_WIDTH);
    }

    public SamplingConfig withDepth(int newDepth) {
        return new SamplingConfig(newDepth, width);
    }

    public SamplingConfig withWidth(int newWidth) {
        return new SamplingConfig(depth, newWidth);
    }
}
