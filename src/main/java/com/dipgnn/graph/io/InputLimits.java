package com.dipgnn.graph.io;

import java.nio.file.Path;

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
 * @param maxValuesPerType values one node type may hold in one array: rows x width of dense
 *     features, index:value pairs of sparse features, label ids of its nodes; checked as rows arrive
 *     (and against the counts gnnfmt's meta.json declares before reading), so that no table within
 *     the other limits (a line of 100,000 columns is one) multiplies into more memory than this
 * @param settingPrefix where these limits are configured, for messages (e.g. {@code dipgnn.datasets.limits.})
 */
public record InputLimits(
        int maxLineChars,
        int maxColumns,
        int maxFeatureDim,
        long maxNodes,
        long maxEdges,
        long maxValuesPerType,
        String settingPrefix) {

    /** The default of {@link #maxValuesPerType}: 2^28 values, 1 GiB of floats. */
    public static final long DEFAULT_MAX_VALUES_PER_TYPE = 1L << 28;

    /**
     * Defaults: 16 Mi characters per line, 100,000 columns and features, 100M nodes, 1G edges,
     * 2^28 values per node type.
     */
    public static final InputLimits DEFAULT = new InputLimits(
            16 << 20,
            100_000,
            100_000,
            100_000_000L,
            1_000_000_000L,
            DEFAULT_MAX_VALUES_PER_TYPE,
            "dipgnn.datasets.limits.");

    public InputLimits {
        if (maxLineChars < 1
                || maxColumns < 1
                || maxFeatureDim < 1
                || maxNodes < 1
                || maxEdges < 1
                || maxValuesPerType < 1) {
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

    /**
     * Refuses a node type's array of {@code values} values (e.g. rows so far x width) past
     * {@link #maxValuesPerType}, before it is allocated or grown.
     *
     * @param what what the values are, with their factors, for the message (e.g. "the dense features
     *     of type 'item' (3000 rows x 100000 columns)")
     * @param file the file to name
     * @param line the line to name (0: the whole file)
     */
    void requireValues(long values, String what, Path file, int line) {
        if (values > maxValuesPerType) {
            throw new GraphDataException(
                    file,
                    line,
                    what + " make " + values + " values, more than " + maxValuesPerType
                            + " (the limit max-values-per-type)",
                    raise("max-values-per-type") + " and the memory allows it (4 bytes a value)");
        }
    }

    /** The setting that raises the limit {@code name} (e.g. {@code max-line-chars}), for messages. */
    String raise(String name) {
        return "raise " + settingPrefix + name + " if the input is right";
    }
}
