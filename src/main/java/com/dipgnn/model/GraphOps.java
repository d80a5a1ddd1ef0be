package com.dipgnn.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.ndarray.types.SparseFormat;
import ai.djl.pytorch.engine.PtNDArray;
import ai.djl.pytorch.jni.JniUtils;
import com.dipgnn.model.kernels.SegmentKernels;

/**
 * The graph primitives DJL lacks, built from what it has: row gathers (an embedding lookup, whose
 * backward is PyTorch's sorted scatter-add) and per-destination sums as a sparse COO matrix
 * (destinations x edges) times the edge values, which autograd differentiates through the dense
 * operand. See docs/engine.md for the measurements behind these choices.
 */
public final class GraphOps {

    private GraphOps() {}

    /** {@code ids} as an int64 array of {@code shape} (the index type of {@link #gatherRows} and gathers). */
    public static NDArray index(NDManager manager, int[] ids, Shape shape) {
        long[] values = new long[ids.length];
        for (int i = 0; i < ids.length; i++) {
            values[i] = ids[i];
        }
        return manager.create(values, shape);
    }

    /** {@code ids} as an int64 vector (the index type of {@link #gatherRows}). */
    public static NDArray index(NDManager manager, int[] ids) {
        return index(manager, ids, new Shape(ids.length));
    }

    /**
     * Rows {@code index[i]} of {@code x} (any rank; gathered along axis 0), by DJL's
     * {@code embedding}.
     *
     * @param x values, shape (n, ...)
     * @param index int64 row ids, shape (e)
     * @return shape (e, ...)
     */
    public static NDArray gatherRows(NDArray x, NDArray index) {
        Shape shape = x.getShape();
        NDArray table = shape.dimension() == 2 ? x : x.reshape(shape.get(0), -1);
        NDArray rows = index.getNDArrayInternal()
                .embedding(index, table, SparseFormat.DENSE)
                .singletonOrThrow();
        if (shape.dimension() == 2) {
            return rows;
        }
        long[] out = shape.getShape().clone();
        out[0] = index.getShape().get(0);
        return rows.reshape(new Shape(out));
    }

    /**
     * Node-level rows gathered to a layer's edges, {@code x[index[e]]}: with the
     * {@link AggregationKernel#TORCHSCRIPT} kernel by {@link SegmentKernels#gatherRows}
     * ({@code index_select}, whose backward adds rows back instead of sorting the index), else as
     * {@link #gatherRows}. Only message passing gathers this way; elsewhere (losses, embedding
     * tables) {@link #gatherRows} keeps DJL's lookup, which held 0.9 GB less at the peak of a
     * Gowalla GAT link step (docs/engine.md).
     *
     * @param x node-level values, shape (n, ...)
     * @param index int64 node of each edge, shape (e)
     * @return shape (e, ...)
     */
    public static NDArray gatherToEdges(NDArray x, NDArray index) {
        if (AggregationKernel.current() == AggregationKernel.TORCHSCRIPT) {
            return SegmentKernels.shared().gatherRows(x, index);
        }
        return gatherRows(x, index);
    }

    /**
     * A constant sparse (rows x columns) matrix of ones at the given (row, column) pairs, which
     * must be sorted by row, then column. Works around DJL's {@code createCoo}, whose index buffer
     * can be garbage-collected while the sparse tensor still points at it.
     */
    public static NDArray onesCoo(NDManager manager, long[] rows, long[] columns, long numRows, long numColumns) {
        return coo(manager, rows, columns, null, numRows, numColumns);
    }

    /**
     * A constant sparse (rows x columns) matrix with {@code values} (null: ones) at the given (row,
     * column) pairs, sorted by row, then column. Its index and value tensors are copies the engine
     * computes: a {@code duplicate()} of host-created arrays left the sparse matrix reading corrupt
     * memory at times (gradients of 1e10 to NaN after a few LightGCN steps on Gowalla, varying from
     * run to run; measured).
     */
    public static NDArray coo(
            NDManager manager, long[] rows, long[] columns, float[] values, long numRows, long numColumns) {
        try (NDManager scratch = manager.newSubManager()) {
            NDArray indices = scratch.zeros(new Shape(2, rows.length), DataType.INT64)
                    .add(scratch.create(new long[][] {rows, columns}));
            NDArray ones = scratch.ones(new Shape(rows.length), DataType.FLOAT32);
            NDArray weights = values == null ? ones : ones.mul(scratch.create(values));
            NDArray coo =
                    JniUtils.createSparseCoo((PtNDArray) indices, (PtNDArray) weights, new Shape(numRows, numColumns));
            coo.attach(manager);
            return coo;
        }
    }

    /**
     * Sums edge values per destination: {@code out[d] = sum of values[e] over edges e into d}.
     *
     * @param incidence the (destinations x edges) COO matrix of ones of an {@link InEdges}
     * @param values shape (edges, ...)
     * @return shape (destinations, ...)
     */
    public static NDArray scatterSum(NDArray incidence, NDArray values) {
        Shape shape = values.getShape();
        NDArray flat = shape.dimension() == 2 ? values : values.reshape(shape.get(0), -1);
        NDArray sums = incidence.matMul(flat);
        if (shape.dimension() == 2) {
            return sums;
        }
        long[] out = shape.getShape().clone();
        out[0] = incidence.getShape().get(0);
        return sums.reshape(new Shape(out));
    }

    /**
     * Softmax of attention logits over each destination's in-edges, per head. Numerically stable:
     * each destination's own maximum (a constant for autograd) is subtracted before {@code exp}. On
     * a GPU the maxima are computed on the device ({@link InEdges#segmentMax}), so nothing is copied
     * to the host inside the pass; on a CPU from a host copy, a plain memory copy there, as before
     * (docs/engine.md, "Host transfers in a step"). Both give the same values. This is the
     * {@link AggregationKernel#COO} path's softmax; the default path normalises inside
     * {@link SegmentKernels#attend}.
     *
     * @param logits shape (edges, heads)
     * @param inEdges the destination index of the edges
     * @return attention weights, shape (edges, heads); they sum to 1 over each destination's in-edges
     */
    public static NDArray segmentSoftmax(NDArray logits, InEdges inEdges) {
        NDArray max = logits.getDevice().isGpu() ? inEdges.segmentMax(logits) : inEdges.segmentMaxOnHost(logits);
        NDArray maxPerEdge = gatherRows(max, inEdges.destinations());
        NDArray exp = logits.sub(maxPerEdge).exp();
        NDArray denominator = inEdges.sumPerDestination(exp);
        return exp.div(gatherRows(denominator, inEdges.destinations()));
    }
}
