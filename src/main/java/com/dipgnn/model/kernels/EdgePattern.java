package com.dipgnn.model.kernels;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import java.util.Arrays;

/**
 * A relation's edges as the sparsity pattern of a (destinations x sources) matrix in compressed
 * sparse row form, the layout {@link SegmentKernels#edgeScores} samples products at: row starts,
 * the source of each entry (by destination, then source), and for each edge in its original order
 * the entry that holds it. Built once per graph on the host: a counting sort by destination, then
 * a sort of each destination's sources.
 */
public final class EdgePattern implements AutoCloseable {

    private final NDArray rowStarts;
    private final NDArray columns;
    private final NDArray entryOfEdge;
    private final long destinations;
    private final long sources;
    private final long edges;

    private EdgePattern(NDArray rowStarts, NDArray columns, NDArray entryOfEdge, long destinations, long sources,
                        long edges) {
        this.rowStarts = rowStarts;
        this.columns = columns;
        this.entryOfEdge = entryOfEdge;
        this.destinations = destinations;
        this.sources = sources;
        this.edges = edges;
    }

    /**
     * The pattern of edges {@code (src[e], dst[e])}; repeated pairs are kept as separate entries.
     *
     * @param manager owns the three int64 arrays
     * @param destinations destination count; every {@code dst} in [0, destinations)
     */
    public static EdgePattern of(NDManager manager, int[] dst, int[] src, int destinations) {
        if (dst.length != src.length) {
            throw new IllegalArgumentException("an edge pattern needs one source per destination, not " + src.length
                    + " sources and " + dst.length + " destinations");
        }
        int sources = 0;
        for (int s : src) {
            if (s < 0) {
                throw new IllegalArgumentException("edge source " + s + " is negative");
            }
            sources = Math.max(sources, s + 1);
        }
        long[] starts = new long[destinations + 1];
        for (int d : dst) {
            if (d < 0 || d >= destinations) {
                throw new IllegalArgumentException("edge destination " + d + " is outside [0, " + destinations + ")");
            }
            starts[d + 1]++;
        }
        for (int d = 0; d < destinations; d++) {
            starts[d + 1] += starts[d];
        }
        long[] keys = new long[dst.length]; // (source << 32 | edge), grouped by destination
        long[] next = starts.clone();
        for (int e = 0; e < dst.length; e++) {
            keys[(int) next[dst[e]]++] = ((long) src[e] << 32) | e;
        }
        long[] columns = new long[dst.length];
        long[] entryOfEdge = new long[dst.length];
        for (int d = 0; d < destinations; d++) {
            Arrays.sort(keys, (int) starts[d], (int) starts[d + 1]);
        }
        for (int i = 0; i < keys.length; i++) {
            columns[i] = keys[i] >>> 32;
            entryOfEdge[(int) (keys[i] & 0xffffffffL)] = i;
        }
        return new EdgePattern(manager.create(starts), manager.create(columns), manager.create(entryOfEdge),
                destinations, sources, dst.length);
    }

    /** Where each destination's entries start, then the entry count: int64, (destinations + 1). */
    public NDArray rowStarts() {
        return rowStarts;
    }

    /** The source of each entry: int64, (edges). */
    public NDArray columns() {
        return columns;
    }

    /** For each edge in its original order, its entry: int64, (edges). */
    public NDArray entryOfEdge() {
        return entryOfEdge;
    }

    public long destinations() {
        return destinations;
    }

    /** One more than the largest source id: a key table needs at least this many rows. */
    public long sources() {
        return sources;
    }

    public long edges() {
        return edges;
    }

    @Override
    public void close() {
        rowStarts.close();
        columns.close();
        entryOfEdge.close();
    }
}
