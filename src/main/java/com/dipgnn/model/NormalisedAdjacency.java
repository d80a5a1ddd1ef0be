package com.dipgnn.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import com.dipgnn.graph.RelationType;
import com.dipgnn.model.kernels.SegmentKernels;
import com.dipgnn.sampling.EdgeList;

/**
 * One relation's edges in a batch as the symmetric-normalised sparse matrix that the
 * {@link Backbone#PROPAGATION} backbone multiplies node states by: (targets x sources), with the
 * entry {@code 1 / sqrt(in(v) * out(u))} for an edge from {@code u} into {@code v}, where
 * {@code in(v)} is the number of the relation's edges into {@code v} in the batch and {@code out(u)}
 * is {@code u}'s degree along the relation in the graph the nodes come from ({@link
 * NodeOrigins#degrees}). When the batch holds every in-edge of its destinations (the whole graph,
 * a pass of layer-wise inference, a new node with its given neighbours) this is LightGCN's
 * {@code D^-1/2 A D^-1/2}, whichever of the graph's nodes share the batch; a degree of 0 (a new
 * node's neighbour without edges of its own along the relation) counts as 1. Built once per batch
 * on the host, O(edges); held as int64 indices (2 x edges) and float values (edges), no wider.
 */
final class NormalisedAdjacency implements AutoCloseable {

    private final NDArray indices;
    private final NDArray values;
    private final int rows;
    private final int columns;
    private final int[] rowHost;
    private final int[] columnHost;
    private final float[] valueHost;
    /** The matrix as a constant DJL COO tensor, built on first use by the {@link AggregationKernel#COO} path. */
    private NDArray coo;

    private NormalisedAdjacency(
            NDManager manager, int[] rowHost, int[] columnHost, float[] valueHost, int rows, int columns) {
        this.rowHost = rowHost;
        this.columnHost = columnHost;
        this.valueHost = valueHost;
        this.rows = rows;
        this.columns = columns;
        long[][] pairs = new long[2][rowHost.length];
        for (int e = 0; e < rowHost.length; e++) {
            pairs[0][e] = rowHost[e];
            pairs[1][e] = columnHost[e];
        }
        this.indices = manager.create(pairs);
        this.values = manager.create(valueHost);
    }

    /**
     * The normalised matrix of {@code relation}'s edges in a batch.
     *
     * @param edges the relation's edges in local ids, sorted by destination then source
     * @param sourceDegrees each source-type node's degree along the relation in the graph it comes from
     * @param neighbourScale per target, how many in-neighbours each drawn in-edge stands for where a
     *     sampler thinned the neighbourhoods ({@link com.dipgnn.sampling.Subgraph#neighbourScale}),
     *     or null: a thinned target's sum over its k drawn in-edges then estimates the sum over all
     *     d = k × scale of them, each edge weighing {@code scale / sqrt(d * out(u))}
     */
    static NormalisedAdjacency of(
            NDManager manager,
            RelationType relation,
            EdgeList edges,
            int targets,
            int sources,
            int[] sourceDegrees,
            float[] neighbourScale) {
        if (sourceDegrees.length != sources) {
            throw new IllegalArgumentException("relation " + relation.key() + ": " + sourceDegrees.length
                    + " source degrees for " + sources + " source nodes");
        }
        int[] inDegree = new int[targets];
        for (int v : edges.dst()) {
            inDegree[v]++;
        }
        float[] weights = new float[edges.size()];
        for (int e = 0; e < weights.length; e++) {
            double scale = neighbourScale == null ? 1 : neighbourScale[edges.dst()[e]];
            double in = inDegree[edges.dst()[e]] * scale;
            double out = Math.max(1, sourceDegrees[edges.src()[e]]);
            weights[e] = (float) (scale / Math.sqrt(in * out));
        }
        return new NormalisedAdjacency(manager, edges.dst(), edges.src(), weights, targets, sources);
    }

    /**
     * The matrix times {@code states}: {@code out[v] = sum over edges u -> v of w(u, v) states[u]};
     * 0 for a destination without edges. Differentiable in {@code states}; by {@link
     * SegmentKernels#spmm} on the default path, a DJL sparse COO product on the {@link
     * AggregationKernel#COO} path. Keeps no (edges x width) array.
     *
     * @param states the sources' states, shape (sources, width)
     * @return shape (targets, width), in the manager of {@code states}
     */
    NDArray times(NDArray states) {
        if (AggregationKernel.current() == AggregationKernel.TORCHSCRIPT) {
            NDArray out = SegmentKernels.shared().spmm(indices, values, rows, columns, states);
            out.attach(states.getManager());
            return out;
        }
        if (coo == null) {
            coo = GraphOps.coo(indices.getManager(), longs(rowHost), longs(columnHost), valueHost, rows, columns);
        }
        NDArray out = coo.matMul(states);
        out.attach(states.getManager());
        return out;
    }

    private static long[] longs(int[] ids) {
        long[] out = new long[ids.length];
        for (int i = 0; i < ids.length; i++) {
            out[i] = ids[i];
        }
        return out;
    }

    @Override
    public void close() {
        indices.close();
        values.close();
        if (coo != null) {
            coo.close();
        }
    }
}
