package com.dipgnn.graph.io;

/**
 * The most a graph's files may ask the loader to hold, checked as they are read and before any
 * allocation of that size: a longer line, more columns, a wider feature vector, more nodes or
 * more edges is a {@link GraphDataException} that names the file, the line, the limit and the
 * setting that raises it ({@link #settingPrefix} + the limit's name).
 *
 * @param maxLineChars characters in one line of a table (a row of dense features is one line)
 * @param maxColumns fields in one record
 * @param maxFeatureDim width of a node type's features (dense columns, sparse indices, meta.json)
 * @param maxNodes nodes of one type (rows of one node table)
 * @param maxEdges edges of one relation (rows of one edge table)
 * @param settingPrefix where these limits are configured, for messages (e.g. {@code dipgnn.datasets.limits.})
 */
public record InputLimits(int maxLineChars, int maxColumns, int maxFeatureDim, long maxNodes, long maxEdges,
                          String settingPrefix) {

    /** Defaults: 16 Mi characters per line, 100,000 columns and features, 100M nodes, 1G edges. */
    public static final InputLimits DEFAULT = new InputLimits(16 << 20, 100_000, 100_000, 100_000_000L,
            1_000_000_000L, "dipgnn.datasets.limits.");

    public InputLimits {
        if (maxLineChars < 1 || maxColumns < 1 || maxFeatureDim < 1 || maxNodes < 1 || maxEdges < 1) {
            throw new IllegalArgumentException("input limits must be at least 1; got " + this);
        }
    }

    /**
     * How much room to make before reading rows whose count a file declares: at most 2^20, and
     * more as rows arrive, so that a small file declaring a huge count allocates little.
     */
    static int initialCapacity(long declared) {
        return (int) Math.max(0, Math.min(declared, 1 << 20));
    }

    /** The setting that raises the limit {@code name} (e.g. {@code max-line-chars}), for messages. */
    String raise(String name) {
        return "raise " + settingPrefix + name + " if the input is right";
    }
}
