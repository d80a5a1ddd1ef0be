package com.dipgnn.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.index.NDIndex;
import ai.djl.ndarray.types.Shape;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.BitSet;

/**
 * Writes and reads (rows x width) float matrices and row flags in chunks of rows, so a matrix
 * larger than a Java array (2^31 elements; a 10M x 64 table is 640M floats, 2.56 GB) passes
 * through the host one chunk at a time. Values are big-endian floats, row after row, after an
 * {@code int rows, int width} header; the chunk size does not change the bytes written.
 */
public final class ChunkedArrays {

    /** Floats per chunk when the caller does not choose: 16M (64 MB on the host). */
    public static final int DEFAULT_CHUNK_FLOATS = 1 << 24;

    private ChunkedArrays() {}

    /** Rows per chunk of at most {@code chunkFloats} floats (at least one row). */
    static int chunkRows(int width, int chunkFloats) {
        return Math.max(1, chunkFloats / Math.max(1, width));
    }

    /** Writes {@code matrix} (rows x width), at most {@code chunkFloats} floats (or one row) at a time. */
    public static void write(DataOutputStream out, NDArray matrix, int chunkFloats) throws IOException {
        write(out, matrix, null, chunkFloats);
    }

    /**
     * Writes the matrix whose row {@code r} is {@code matrix}'s row {@code sourceRows[r]}, or zeros
     * where that is -1 ({@code sourceRows} null: {@code matrix} itself).
     */
    public static void write(DataOutputStream out, NDArray matrix, int[] sourceRows, int chunkFloats)
            throws IOException {
        int width = (int) matrix.getShape().get(1);
        int chunkRows = chunkRows(width, chunkFloats);
        int rows = sourceRows == null ? (int) matrix.getShape().get(0) : sourceRows.length;
        out.writeInt(rows);
        out.writeInt(width);
        for (int from = 0; from < rows; from += chunkRows) {
            int to = Math.min(rows, from + chunkRows);
            float[] values = sourceRows == null ? slice(matrix, from, to) : gathered(matrix, sourceRows, from, to);
            ByteBuffer bytes = ByteBuffer.allocate(values.length * Float.BYTES);
            bytes.asFloatBuffer().put(values);
            out.write(bytes.array());
        }
    }

    private static float[] slice(NDArray matrix, int from, int to) {
        try (NDArray part = matrix.get(new NDIndex(from + ":" + to))) {
            return part.toFloatArray();
        }
    }

    private static float[] gathered(NDArray matrix, int[] sourceRows, int from, int to) {
        int width = (int) matrix.getShape().get(1);
        int[] ids = new int[to - from];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = Math.max(0, sourceRows[from + i]);
        }
        float[] values;
        try (NDManager scratch = matrix.getManager().newSubManager()) {
            values = GraphOps.gatherRows(matrix, GraphOps.index(scratch, ids)).toFloatArray();
        }
        for (int i = 0; i < ids.length; i++) {
            if (sourceRows[from + i] < 0) {
                Arrays.fill(values, i * width, (i + 1) * width, 0f);
            }
        }
        return values;
    }

    /** Reads a matrix written by {@link #write} into a new array of {@code manager}, chunk by chunk. */
    public static NDArray read(DataInputStream in, NDManager manager, int chunkFloats) throws IOException {
        int rows = in.readInt();
        int width = in.readInt();
        if (rows < 0 || width < 1) {
            throw new IOException("a stored matrix has " + rows + " rows of width " + width);
        }
        int chunkRows = chunkRows(width, chunkFloats);
        NDArray matrix = manager.zeros(new Shape(rows, width));
        for (int from = 0; from < rows; from += chunkRows) {
            int to = Math.min(rows, from + chunkRows);
            byte[] bytes = new byte[(to - from) * width * Float.BYTES];
            in.readFully(bytes);
            float[] values = new float[(to - from) * width];
            ByteBuffer.wrap(bytes).asFloatBuffer().get(values);
            try (NDArray part = manager.create(values, new Shape(to - from, width))) {
                matrix.set(new NDIndex(from + ":" + to), part);
            }
        }
        return matrix;
    }

    /** Writes {@code size} flags. */
    public static void writeFlags(DataOutputStream out, BitSet flags, int size) throws IOException {
        long[] words = flags.get(0, size).toLongArray();
        out.writeInt(size);
        out.writeInt(words.length);
        for (long w : words) {
            out.writeLong(w);
        }
    }

    /** Reads flags written by {@link #writeFlags}; {@code size} must match. */
    public static BitSet readFlags(DataInputStream in, int size) throws IOException {
        int stored = in.readInt();
        if (stored != size) {
            throw new IOException("stored flags are for " + stored + " rows, expected " + size);
        }
        long[] words = new long[in.readInt()];
        for (int i = 0; i < words.length; i++) {
            words[i] = in.readLong();
        }
        return BitSet.valueOf(words);
    }
}
