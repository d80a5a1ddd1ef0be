package com.dipgnn.text;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.SparseFeatures;
import com.dipgnn.store.AtomicFiles;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A directory of computed text-derived input features, one file per (graph, text inputs) pair,
 * so the TF-IDF rows of a data set are computed once and read back on every later job,
 * fine-tuning and deployment. The key covers the graph's name, fingerprint and the texts of the
 * derived types, and the text inputs' fingerprint; files are written atomically and a file that
 * cannot be read is recomputed.
 */
public final class TextInputCache {

    private static final int MAGIC = 0x44475449; // "DGTI"
    private static final int VERSION = 1;

    private final Path directory;

    public TextInputCache(Path directory) {
        this.directory = directory;
    }

    public Path directory() {
        return directory;
    }

    /** The file that holds (or would hold) the features of {@code graph} under {@code inputs}. */
    public Path fileFor(HeteroGraph graph, TextInputs inputs) {
        return directory.resolve(key(graph, inputs) + ".bin");
    }

    /** The cached features, or null when absent or unreadable. */
    Map<String, SparseFeatures> read(HeteroGraph graph, TextInputs inputs) {
        Path file = fileFor(graph, inputs);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
            if (in.readInt() != MAGIC || in.readInt() != VERSION) {
                return null;
            }
            int types = in.readInt();
            Map<String, SparseFeatures> out = new LinkedHashMap<>();
            for (int t = 0; t < types; t++) {
                String type = in.readUTF();
                int count = in.readInt();
                int dim = in.readInt();
                int[] offsets = readInts(in, count + 1);
                int nnz = offsets[count];
                out.put(type, new SparseFeatures(count, dim, offsets, readInts(in, nnz), readFloats(in, nnz)));
            }
            boolean complete = out.keySet().equals(inputs.derivedTypes());
            return complete ? out : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Stores computed features; a failure to write only costs a recomputation later. */
    void write(HeteroGraph graph, TextInputs inputs, Map<String, SparseFeatures> features) {
        Path file = fileFor(graph, inputs);
        try {
            AtomicFiles.write(file, stream -> {
                DataOutputStream out = new DataOutputStream(stream);
                out.writeInt(MAGIC);
                out.writeInt(VERSION);
                out.writeInt(features.size());
                for (Map.Entry<String, SparseFeatures> e : features.entrySet()) {
                    SparseFeatures f = e.getValue();
                    out.writeUTF(e.getKey());
                    out.writeInt(f.count());
                    out.writeInt(f.dim());
                    writeInts(out, f.offsets());
                    writeInts(out, f.indices());
                    for (float v : f.values()) {
                        out.writeFloat(v);
                    }
                }
                out.flush();
            });
        } catch (IOException e) {
            // the cache is an optimisation: the features are in memory and correct either way
        }
    }

    private static String key(HeteroGraph graph, TextInputs inputs) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update((graph.name() + ";" + graph.fingerprint() + ";" + inputs.fingerprint() + ";")
                    .getBytes(StandardCharsets.UTF_8));
            for (String type : inputs.derivedTypes()) {
                String[] texts = graph.nodes(type).text();
                digest.update((type + ":" + texts.length + ";").getBytes(StandardCharsets.UTF_8));
                for (String text : texts) {
                    int h = text == null ? 0 : text.hashCode();
                    digest.update(new byte[] {(byte) h, (byte) (h >>> 8), (byte) (h >>> 16), (byte) (h >>> 24)});
                }
            }
            String name = graph.name().replaceAll("[^A-Za-z0-9._-]", "_");
            return name + "-" + HexFormat.of().formatHex(digest.digest()).substring(0, 20);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static int[] readInts(DataInputStream in, int n) throws IOException {
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = in.readInt();
        }
        return out;
    }

    private static float[] readFloats(DataInputStream in, int n) throws IOException {
        float[] out = new float[n];
        for (int i = 0; i < n; i++) {
            out[i] = in.readFloat();
        }
        return out;
    }

    private static void writeInts(DataOutputStream out, int[] values) throws IOException {
        for (int v : values) {
            out.writeInt(v);
        }
    }
}
