package com.dipgnn.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.BitSet;
import java.util.List;

/**
 * A learned embedding per node of one type: a (nodes x width) device array that is not a dense
 * parameter. A training step gathers the rows of the nodes it touches into a leaf that records
 * its gradient ({@link SparseGradient}); the optimizer then updates those rows alone and marks
 * them trained. Rows never trained are never read outside training: those nodes read the type's
 * unknown vector.
 */
public final class NodeEmbeddingTable {

    private static final float INIT_STD = 0.1f;

    private final String type;
    private final NodeIdSpace idSpace;
    private final int width;
    private final RecordedGradients recorded = new RecordedGradients();
    private NDArray weights;
    private BitSet trained = new BitSet();

    /**
     * @param type the node type
     * @param idSpace the ids the rows stand for (one row per node)
     * @param width embedding width
     */
    public NodeEmbeddingTable(String type, NodeIdSpace idSpace, int width) {
        this.type = type;
        this.idSpace = idSpace;
        this.width = width;
    }

    /** Creates the rows, normal(0, 0.1), none of them trained. */
    public void initialize(NDManager manager) {
        close();
        weights = manager.randomNormal(0f, INIT_STD, new Shape(rows(), width), DataType.FLOAT32);
        trained = new BitSet(rows());
    }

    public String type() {
        return type;
    }

    public NodeIdSpace idSpace() {
        return idSpace;
    }

    public int rows() {
        return idSpace.count();
    }

    public int width() {
        return width;
    }

    /** The rows on the device (rows x width); the optimizer updates them in place. */
    public NDArray weights() {
        return requireInitialized();
    }

    /** Whether row {@code row} was ever updated by the optimizer. */
    public boolean isTrained(int row) {
        return row >= 0 && row < rows() && trained.get(row);
    }

    /** Rows updated so far. */
    public int trainedCount() {
        return trained.cardinality();
    }

    /** Marks rows as trained (the optimizer calls this for the rows it updated). */
    public void markTrained(long[] rows) {
        for (long r : rows) {
            trained.set((int) r);
        }
    }

    /** Forgets every row: all nodes read the unknown vector until trained again. */
    public void forgetRows() {
        trained.clear();
    }

    /**
     * The rows of {@code rows} (clamped into the table; the caller masks rows outside it), gathered
     * into {@code scope}; in training they form a leaf recording its gradient, kept for the optimizer.
     */
    NDArray gather(NDManager scope, int[] rows, boolean training) {
        int[] clamped = new int[rows.length];
        for (int i = 0; i < rows.length; i++) {
            clamped[i] = rows[i] >= 0 && rows[i] < rows() ? rows[i] : 0;
        }
        NDArray values = GraphOps.gatherRows(requireInitialized(), GraphOps.index(scope, clamped));
        if (training) {
            values.setRequiresGradient(true);
            recorded.record(rows, values);
        }
        return values;
    }

    /** The gradients recorded since the last drain, without draining them. */
    public List<SparseGradient> recordedGradients() {
        return recorded.recorded();
    }

    /** The gradients recorded since the last call (arrays of closed steps are dropped). */
    public List<SparseGradient> drainGradients() {
        return recorded.drain();
    }

    /** A detached copy: the rows duplicated on the device, the flags copied (for keeping the best weights). */
    public NodeEmbeddingTable copy() {
        NodeEmbeddingTable copy = new NodeEmbeddingTable(type, idSpace, width);
        copy.set(requireInitialized().duplicate(), (BitSet) trained.clone());
        return copy;
    }

    private void set(NDArray values, BitSet flags) {
        Shape expected = new Shape(rows(), width);
        if (!values.getShape().equals(expected)) {
            throw new IllegalArgumentException("node embeddings of type '" + type + "' have shape " + values.getShape()
                    + ", expected " + expected);
        }
        if (values != weights) {
            close();
        }
        weights = values;
        trained = flags;
    }

    /**
     * Writes the table (id space, flags, rows in chunks), as the rows of {@code space}: row {@code r}
     * is this table's row {@code sourceRows[r]}, or an untrained zero row where that is -1
     * ({@code sourceRows} null: the table as it is, in its own id space).
     */
    public void write(DataOutputStream out, NodeIdSpace space, int[] sourceRows, int chunkFloats) throws IOException {
        int rows = sourceRows == null ? rows() : sourceRows.length;
        if (rows != space.count()) {
            throw new IllegalArgumentException(
                    "the id space of " + space.count() + " nodes does not match " + rows + " rows");
        }
        BitSet flags = trained;
        if (sourceRows != null) {
            flags = new BitSet(rows);
            for (int r = 0; r < rows; r++) {
                flags.set(r, sourceRows[r] >= 0 && trained.get(sourceRows[r]));
            }
        }
        out.writeUTF(type);
        out.writeInt(space.count());
        out.writeUTF(space.keyHash());
        ChunkedArrays.writeFlags(out, flags, rows);
        ChunkedArrays.write(out, requireInitialized(), sourceRows, chunkFloats);
    }

    /** A table as {@link #write} stored it, its rows in {@code manager}. */
    public static NodeEmbeddingTable read(DataInputStream in, NDManager manager, int chunkFloats) throws IOException {
        String type = in.readUTF();
        NodeIdSpace space = new NodeIdSpace(in.readInt(), in.readUTF());
        BitSet flags = ChunkedArrays.readFlags(in, space.count());
        NDArray values = ChunkedArrays.read(in, manager, chunkFloats);
        NodeEmbeddingTable table =
                new NodeEmbeddingTable(type, space, (int) values.getShape().get(1));
        table.set(values, flags);
        return table;
    }

    /**
     * Takes the rows and flags of {@code other} (same id space and width), which is left without
     * rows.
     *
     * @throws IllegalArgumentException when the id spaces or widths differ
     */
    public void takeFrom(NodeEmbeddingTable other) {
        if (!other.idSpace.equals(idSpace) || other.width != width) {
            throw new IllegalArgumentException("node embeddings of type '" + other.type + "' (" + other.idSpace
                    + ", width " + other.width + ") do not fit the table of type '" + type + "' (" + idSpace
                    + ", width " + width + ")");
        }
        set(other.requireInitialized(), other.trained);
        other.weights = null;
        other.trained = new BitSet();
    }

    /** Frees the rows. */
    public void close() {
        if (weights != null && !weights.isReleased()) {
            weights.close();
        }
        weights = null;
    }

    private NDArray requireInitialized() {
        if (weights == null) {
            throw new IllegalStateException("the node embeddings of type '" + type + "' are not initialised");
        }
        return weights;
    }
}
