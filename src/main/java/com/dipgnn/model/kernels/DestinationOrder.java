package com.dipgnn.model.kernels;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;

/**
 * Edges grouped by destination, the layout {@link SegmentKernels#attend} sums in: a permutation
 * that lists every destination's edges together (destinations ascending, edges in their original
 * order within one), and where each destination's run starts. Built once per graph on the host by
 * a counting sort, O(edges + destinations).
 */
public final class DestinationOrder implements AutoCloseable {

    private final NDArray order;
    private final NDArray offsets;
    private final long destinations;
    private final long edges;

    private DestinationOrder(NDArray order, NDArray offsets, long destinations, long edges) {
        this.order = order;
        this.offsets = offsets;
        this.destinations = destinations;
        this.edges = edges;
    }

    /**
     * The grouping of edges with destinations {@code dst}.
     *
     * @param manager owns the two int64 arrays
     * @param dst each edge's destination, in [0, destinations)
     * @param destinations destination count
     */
    public static DestinationOrder of(NDManager manager, int[] dst, int destinations) {
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
        long[] next = starts.clone();
        long[] order = new long[dst.length];
        for (int e = 0; e < dst.length; e++) {
            order[(int) next[dst[e]]++] = e;
        }
        return new DestinationOrder(manager.create(order), manager.create(starts), destinations, dst.length);
    }

    /** Edge ids in destination order, int64, shape (edges). */
    public NDArray order() {
        return order;
    }

    /** Where each destination's run of {@link #order()} starts, then the edge count: int64, (destinations + 1). */
    public NDArray offsets() {
        return offsets;
    }

    public long destinations() {
        return destinations;
    }

    public long edges() {
        return edges;
    }

    @Override
    public void close() {
        order.close();
        offsets.close();
    }
}
