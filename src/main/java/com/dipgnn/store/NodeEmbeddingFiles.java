package com.dipgnn.store;

import ai.djl.ndarray.NDManager;
import com.dipgnn.model.GraphModule;
import com.dipgnn.model.NodeEmbeddingTable;
import com.dipgnn.model.NodeIdSpace;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The file of a module's per-node embedding tables ({@code node-embeddings.bin} in a model
 * directory and in checkpoints): a header, then per table its path in the module, its id space,
 * its trained flags and its rows, written and read in chunks of rows (see
 * {@link com.dipgnn.model.ChunkedArrays}).
 */
public final class NodeEmbeddingFiles {

    /** The file name in a model directory. */
    public static final String FILE = "node-embeddings.bin";

    private static final String MAGIC = "dipgnn-node-embeddings";
    private static final int VERSION = 1;

    /**
     * How a table is saved in another id space than its own (a model fine-tuned on part of a graph,
     * saved for the whole graph).
     *
     * @param space the id space of the saved rows
     * @param sourceRows for each saved row, the table row it copies, or -1 for an untrained zero row
     */
    public record Remap(NodeIdSpace space, int[] sourceRows) {}

    private NodeEmbeddingFiles() {}

    /** Writes the tables of {@code module} as they are. */
    public static void write(Path file, GraphModule module, int chunkFloats) throws IOException {
        write(file, module.tables(), Map.of(), chunkFloats);
    }

    /**
     * Writes {@code tables} (by path), each in the id space of its remap when {@code remaps} has one
     * for its type.
     */
    public static void write(
            Path file, Map<String, NodeEmbeddingTable> tables, Map<String, Remap> remaps, int chunkFloats)
            throws IOException {
        try (DataOutputStream out =
                new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 20))) {
            out.writeUTF(MAGIC);
            out.writeInt(VERSION);
            out.writeInt(tables.size());
            for (Map.Entry<String, NodeEmbeddingTable> e : tables.entrySet()) {
                NodeEmbeddingTable table = e.getValue();
                Remap remap = remaps.get(table.type());
                out.writeUTF(e.getKey());
                table.write(
                        out,
                        remap == null ? table.idSpace() : remap.space(),
                        remap == null ? null : remap.sourceRows(),
                        chunkFloats);
            }
        }
    }

    /** Reads every table of a file, by path, its rows in {@code manager}. */
    public static Map<String, NodeEmbeddingTable> read(Path file, NDManager manager, int chunkFloats)
            throws IOException {
        Map<String, NodeEmbeddingTable> tables = new LinkedHashMap<>();
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 20))) {
            if (!MAGIC.equals(in.readUTF()) || in.readInt() != VERSION) {
                throw new IOException(file + " is not a node embeddings file of version " + VERSION);
            }
            int count = in.readInt();
            for (int i = 0; i < count; i++) {
                String path = in.readUTF();
                tables.put(path, NodeEmbeddingTable.read(in, manager, chunkFloats));
            }
        } catch (IOException | RuntimeException e) {
            tables.values().forEach(NodeEmbeddingTable::close);
            throw e;
        }
        return tables;
    }

    /**
     * Gives each table of {@code module} the rows and flags of the table stored under the same
     * path, which must have the same id space and width; the stored arrays become the module's.
     *
     * @throws IllegalArgumentException when the stored tables do not match the module's
     */
    public static void assign(GraphModule module, Map<String, NodeEmbeddingTable> stored) {
        Map<String, NodeEmbeddingTable> tables = module.tables();
        if (!tables.keySet().equals(stored.keySet())) {
            throw new IllegalArgumentException(
                    "stored node embeddings " + stored.keySet() + " do not match the model's " + tables.keySet());
        }
        for (Map.Entry<String, NodeEmbeddingTable> e : tables.entrySet()) {
            e.getValue().takeFrom(stored.get(e.getKey()));
        }
    }
}
