package com.dipgnn.model.kernels;

import ai.djl.Device;
import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.pytorch.engine.PtNDManager;
import ai.djl.pytorch.engine.PtSymbolBlock;
import ai.djl.pytorch.jni.IValueUtils;
import ai.djl.pytorch.jni.JniUtils;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Segment operations and a trainable sparse product, run as TorchScript methods inside DJL's
 * autograd graph: PyTorch's own scatter kernels ({@code index_add}, {@code scatter_reduce}) and
 * sparse-times-dense product, where DJL's API has none. A segment is the set of rows {@code e}
 * with {@code index[e] == s}; segments may be empty. Results belong to the manager of the first
 * array argument and are differentiated by autograd like any other array (inside a gradient
 * collector; outside one nothing is recorded). Loaded once per process ({@link #shared()}).
 *
 * <p>Works on any device the arguments share; on a GPU PyTorch's {@code index_add} sums in a
 * nondeterministic order.
 */
public final class SegmentKernels implements AutoCloseable {

    /** The TorchScript source, a classpath resource next to this class. */
    static final String SOURCE = "segops.py";

    static final String MODULE_CLASS = "SegOps";
    private static final String METHOD_MARKER = "module_method:";

    private static SegmentKernels shared;

    private final NDManager manager;
    private final PtSymbolBlock module;

    private SegmentKernels(NDManager manager, PtSymbolBlock module) {
        this.manager = manager;
        this.module = module;
    }

    /** The process's kernels, compiled by libtorch on first use. */
    public static synchronized SegmentKernels shared() {
        if (shared == null) {
            shared = load();
        }
        return shared;
    }

    /** A freshly compiled instance (the caller closes it); {@link #shared()} serves every other use. */
    static SegmentKernels load() {
        byte[] archive = ScriptArchive.of(MODULE_CLASS, source());
        NDManager manager = Engine.getEngine("PyTorch").newBaseManager(Device.cpu());
        try (InputStream in = new ByteArrayInputStream(archive)) {
            PtSymbolBlock module = JniUtils.loadModule((PtNDManager) manager, in, true, false);
            return new SegmentKernels(manager, module);
        } catch (IOException | RuntimeException e) {
            manager.close();
            throw new IllegalStateException(
                    "libtorch could not load the TorchScript kernels compiled from "
                            + SOURCE + ": " + e.getMessage()
                            + "; message passing can run without them on the earlier path:"
                            + " dipgnn.kernels=coo (or --kernels coo, -Ddipgnn.kernels=coo)",
                    e);
        }
    }

    /** The TorchScript source of the kernels. */
    static String source() {
        try (InputStream in = SegmentKernels.class.getResourceAsStream(SOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the kernel source " + SOURCE + " is missing from the classpath"
                        + " next to " + SegmentKernels.class.getName() + "; rebuild the engine jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the kernel source " + SOURCE, e);
        }
    }

    /**
     * Sums rows per segment: {@code out[s] = sum of values[e] over e with index[e] == s}; 0 for an
     * empty segment.
     *
     * @param values shape (E, ...)
     * @param index int64 segment ids in [0, n), shape (E)
     * @param n segment count
     * @return shape (n, ...)
     */
    public NDArray segmentSum(NDArray values, NDArray index, long n) {
        requireIndex(values, index, n);
        return call("segment_sum", values, index, n);
    }

    /**
     * Rows {@code index[i]} of {@code values}, gathered along axis 0 from a contiguous copy when
     * {@code values} is a strided view (a transposed one gathers several times slower). Autograd
     * sums the gradient back into the rows with {@code index_add} (DJL's gather, {@code embedding},
     * sorts the index in backward instead).
     *
     * @param values shape (n, ...)
     * @param index int64 row ids in [0, n), shape (E)
     * @return shape (E, ...)
     */
    public NDArray gatherRows(NDArray values, NDArray index) {
        if (index.getDataType() != DataType.INT64
                || index.getShape().dimension() != 1
                || values.getShape().dimension() == 0) {
            throw new IllegalArgumentException("gatherRows needs an int64 vector index and values of rank >= 1, not "
                    + index.getDataType() + " " + index.getShape() + " and " + values.getShape());
        }
        return call("gather_rows", values, index);
    }

    /**
     * The maximum of the rows per segment, elementwise; 0 for an empty segment. Autograd sends the
     * gradient to the maximal rows (shared evenly between ties).
     *
     * @param values shape (E, ...)
     * @param index int64 segment ids in [0, n), shape (E)
     * @param n segment count
     * @return shape (n, ...)
     */
    public NDArray segmentMax(NDArray values, NDArray index, long n) {
        requireIndex(values, index, n);
        return call("segment_max", values, index, n);
    }

    /**
     * Softmax of logits over each segment's rows, per column. Numerically stable for any finite
     * logits: each segment's maximum, a constant for autograd, is subtracted before {@code exp}.
     *
     * @param logits shape (E, heads)
     * @param index int64 segment ids in [0, n), shape (E)
     * @param n segment count
     * @return shape (E, heads), summing to 1 over each non-empty segment's rows
     */
    public NDArray segmentSoftmax(NDArray logits, NDArray index, long n) {
        requireIndex(logits, index, n);
        return call("segment_softmax", logits, index, n);
    }

    /**
     * The product of a sparse (n x m) matrix with a dense one, differentiable in both the sparse
     * matrix's values and the dense operand. Entries at repeated (row, column) pairs add up.
     *
     * @param indices int64 (row, column) pairs, shape (2, E), rows in [0, n), columns in [0, m)
     * @param values the matrix's entries, shape (E)
     * @param n row count
     * @param m column count
     * @param dense shape (m, d)
     * @return shape (n, d), in the manager of {@code indices}
     */
    public NDArray spmm(NDArray indices, NDArray values, long n, long m, NDArray dense) {
        Shape shape = indices.getShape();
        if (shape.dimension() != 2 || shape.get(0) != 2 || indices.getDataType() != DataType.INT64) {
            throw new IllegalArgumentException(
                    "spmm indices must be int64 of shape (2, E), not " + indices.getDataType() + " " + shape);
        }
        if (values.getShape().dimension() != 1 || values.getShape().get(0) != shape.get(1)) {
            throw new IllegalArgumentException("spmm values must have shape (" + shape.get(1) + "), one per index"
                    + " pair, not " + values.getShape());
        }
        if (dense.getShape().dimension() != 2 || dense.getShape().get(0) != m) {
            throw new IllegalArgumentException(
                    "spmm dense operand must have shape (" + m + ", d), not " + dense.getShape());
        }
        return call("spmm", indices, values, n, m, dense);
    }

    /**
     * Attention in one kernel: the softmax of {@code logits} over each destination's edges (per
     * head), dropout on those weights when training, and per destination and head the weighted
     * sum of the value rows the edges point at. Values are read from {@code table} by row, never
     * gathered into an (edges x heads x headDim) array, and backward keeps none either: the sum is
     * PyTorch's {@code embedding_bag} with per-edge weights, which differentiates the weights and
     * the table directly.
     *
     * @param logits attention logits, shape (E, heads)
     * @param table value rows, shape (rows, heads, headDim)
     * @param rows int64 row of {@code table} each edge carries, shape (E)
     * @param index int64 destination of each edge in [0, n), shape (E)
     * @param grouping the edges in destination order ({@link DestinationOrder#of})
     * @param dropout dropout rate on the attention weights, applied only when {@code training}
     * @param training whether dropout applies
     * @return shape (n, heads * headDim); 0 for a destination without edges
     */
    public NDArray attend(
            NDArray logits,
            NDArray table,
            NDArray rows,
            NDArray index,
            DestinationOrder grouping,
            double dropout,
            boolean training) {
        long n = grouping.destinations();
        requireIndex(logits, index, n);
        requireIndex(
                logits,
                rows,
                table.getShape().dimension() == 3 ? table.getShape().get(0) : 0);
        Shape shape = table.getShape();
        if (shape.dimension() != 3
                || logits.getShape().dimension() != 2
                || shape.get(1) != logits.getShape().get(1)) {
            throw new IllegalArgumentException("attend needs logits (E, heads) and a table (rows, heads, headDim) with"
                    + " the same heads, not " + logits.getShape() + " and " + shape);
        }
        if (grouping.edges() != logits.getShape().get(0)) {
            throw new IllegalArgumentException("the destination order covers " + grouping.edges() + " edges, the"
                    + " logits " + logits.getShape().get(0));
        }
        if (!(dropout >= 0 && dropout < 1)) {
            throw new IllegalArgumentException("attention dropout must be in [0, 1), not " + dropout);
        }
        return call(
                "attend",
                logits,
                table,
                rows,
                index,
                grouping.order(),
                grouping.offsets(),
                n,
                dropout,
                training && dropout > 0);
    }

    private static void requireIndex(NDArray values, NDArray index, long n) {
        long rows = values.getShape().dimension() == 0 ? -1 : values.getShape().get(0);
        if (index.getDataType() != DataType.INT64
                || index.getShape().dimension() != 1
                || index.getShape().get(0) != rows) {
            throw new IllegalArgumentException("a segment index must be an int64 vector with one entry per row of"
                    + " the values (" + rows + "), not " + index.getDataType() + " " + index.getShape());
        }
        if (n < 0) {
            throw new IllegalArgumentException("segment count must be >= 0, not " + n);
        }
    }

    /**
     * Calls the module's {@code method} with the arguments in order: arrays as they are, sizes
     * ({@code Long}), rates ({@code Double}) and flags ({@code Boolean}) as 0-d arrays. The result belongs to the first argument's manager.
     */
    private NDArray call(String method, Object... arguments) {
        NDArray first = (NDArray) arguments[0];
        try (NDManager scratch = first.getManager().newSubManager(Device.cpu())) {
            NDList inputs = new NDList(arguments.length + 1);
            for (Object argument : arguments) {
                inputs.add(argument instanceof NDArray array ? array : scalar(scratch, argument));
            }
            NDArray marker = scratch.create(0L);
            marker.setName(METHOD_MARKER + method);
            inputs.add(marker);
            // libtorch's graph executor rewrites a method's graph after its first (profiling) calls, and
            // the rewritten graph need not round like the first: a job resumed in a fresh process would
            // then drift from one that ran through. The setting is per thread, so it is set on every call.
            JniUtils.setGraphExecutorOptimize(false);
            return IValueUtils.forward(module, inputs, true).singletonOrThrow();
        }
    }

    private static NDArray scalar(NDManager manager, Object value) {
        if (value instanceof Long size) {
            return manager.create((long) size);
        }
        if (value instanceof Double rate) {
            return manager.create((double) rate);
        }
        return manager.create((boolean) (Boolean) value);
    }

    /** Frees the compiled module; later calls on this instance fail. */
    @Override
    public void close() {
        synchronized (SegmentKernels.class) {
            if (shared == this) {
                shared = null;
            }
        }
        module.close();
        manager.close();
    }
}
