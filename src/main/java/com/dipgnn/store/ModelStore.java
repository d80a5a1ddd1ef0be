package com.dipgnn.store;

import ai.djl.MalformedModelException;
import ai.djl.ndarray.NDManager;
import com.dipgnn.model.ChunkedArrays;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.GraphModule;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.model.NodeEmbeddingTable;
import com.dipgnn.model.NodeIdSpace;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Saves and loads models as a directory: {@code manifest.json}, {@code encoder.params},
 * {@code head.params} and, for an encoder with per-node embeddings, {@code node-embeddings.bin}
 * ({@link NodeEmbeddingFiles}). Writes go to a temporary sibling directory that is renamed into place, so
 * a crash never leaves a half-written model under the final name.
 */
public final class ModelStore {

    public static final String MANIFEST = "manifest.json";
    public static final String ENCODER = "encoder.params";
    public static final String HEAD = "head.params";

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ModelStore() {}

    /** A model read back from disk. */
    public record LoadedModel(ModelManifest manifest, GraphEncoder encoder, GraphModule head) {}

    /**
     * Writes the model atomically to {@code dir}.
     *
     * @throws FileAlreadyExistsException when {@code dir} exists (models are never overwritten in place)
     */
    public static void save(Path dir, ModelManifest manifest, GraphEncoder encoder, GraphModule head)
            throws IOException {
        save(dir, manifest, encoder, head, null);
    }

    /** Files written into a model directory next to its parameters (e.g. the vocabulary), inside the atomic write. */
    @FunctionalInterface
    public interface Attachment {
        void writeTo(Path modelDir) throws IOException;
    }

    /**
     * Writes the model atomically to {@code dir}, with {@code attachment}'s files (none when null).
     *
     * @throws FileAlreadyExistsException when {@code dir} exists (models are never overwritten in place)
     */
    public static void save(
            Path dir, ModelManifest manifest, GraphEncoder encoder, GraphModule head, Attachment attachment)
            throws IOException {
        save(dir, manifest, encoder, head, attachment, Map.of());
    }

    /**
     * Writes the model atomically to {@code dir}, with {@code attachment}'s files (none when null),
     * each per-node embedding table in the id space of its type's remap (its own when absent).
     *
     * @throws FileAlreadyExistsException when {@code dir} exists (models are never overwritten in place)
     */
    public static void save(
            Path dir,
            ModelManifest manifest,
            GraphEncoder encoder,
            GraphModule head,
            Attachment attachment,
            Map<String, NodeEmbeddingFiles.Remap> tableRemaps)
            throws IOException {
        Set<String> named = manifest.modelConfig().nodeInputs().embeddings().resolve(manifest.featureDims());
        if (!named.equals(encoder.nodeTables().keySet())) {
            // load() would refuse the model: refuse to write it
            throw new IllegalArgumentException("the manifest names per-node embeddings for " + named
                    + " but the encoder has tables for " + encoder.nodeTables().keySet() + "; build the encoder "
                    + "with the manifest's model configuration and graph id spaces");
        }
        AtomicFiles.writeDirectory(
                dir, "a model already exists there; choose another directory or delete it first", temp -> {
                    writeParams(temp.resolve(ENCODER), encoder);
                    writeParams(temp.resolve(HEAD), head);
                    if (!encoder.tables().isEmpty()) {
                        NodeEmbeddingFiles.write(
                                temp.resolve(NodeEmbeddingFiles.FILE),
                                encoder.tables(),
                                tableRemaps,
                                ChunkedArrays.DEFAULT_CHUNK_FLOATS);
                    }
                    if (attachment != null) {
                        attachment.writeTo(temp);
                    }
                    // the manifest last: it records the checksum of every other file
                    JSON.writeValue(
                            temp.resolve(MANIFEST).toFile(),
                            manifest.withRuntime(RuntimeProvenance.current(device(encoder)))
                                    .withFiles(ModelFileChecksums.of(temp, MANIFEST)));
                });
    }

    /** The device of the encoder's parameters (the CPU for an encoder without any). */
    private static ai.djl.Device device(GraphModule encoder) {
        return encoder.parameters().values().stream()
                .filter(p -> p.isInitialized())
                .map(p -> p.getArray().getDevice())
                .findFirst()
                .orElse(ai.djl.Device.cpu());
    }

    private static void writeParams(Path file, GraphModule module) throws IOException {
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file)))) {
            module.save(out);
        }
    }

    /** Reads the manifest alone. */
    public static ModelManifest readManifest(Path dir) throws IOException {
        Path file = dir.resolve(MANIFEST);
        if (!Files.isRegularFile(file)) {
            throw new IOException(dir + " is not a model directory: " + MANIFEST + " is missing");
        }
        try {
            return ManifestMigration.read(JSON, JSON.readTree(file.toFile()));
        } catch (com.fasterxml.jackson.core.JacksonException e) {
            throw new IOException(
                    file + " is not a readable model manifest (" + e.getOriginalMessage()
                            + "); the model directory is damaged: copy it again or train the model again",
                    e);
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Loads a model, rebuilding its architecture from the manifest.
     *
     * @param headFactory builds the (uninitialised) head for the manifest, or gives null to load the
     *     encoder alone (a pre-trained model embedded: its head is not read, and the loaded model has none)
     * @throws MalformedModelException when the stored parameters do not match the manifest's architecture
     */
    public static LoadedModel load(Path dir, NDManager manager, Function<ModelManifest, GraphModule> headFactory)
            throws IOException, MalformedModelException {
        ModelManifest manifest = readManifest(dir);
        requireTablesFile(dir, manifest);
        ModelFileChecksums.verify(dir, manifest.files());
        return loadVerified(dir, manifest, manager, headFactory);
    }

    /**
     * {@link #load} for a directory whose files the caller has just verified against
     * {@code manifest}, read from it ({@link ModelFileChecksums#verify}), so that neither is read
     * nor large tables hashed twice.
     */
    public static LoadedModel loadVerified(
            Path dir, ModelManifest manifest, NDManager manager, Function<ModelManifest, GraphModule> headFactory)
            throws IOException, MalformedModelException {
        Map<String, NodeEmbeddingTable> stored = readTables(dir, manifest, manager);
        try {
            Map<String, NodeIdSpace> spaces = new LinkedHashMap<>();
            stored.values().forEach(t -> spaces.put(t.type(), t.idSpace()));
            GraphEncoder encoder = new GraphEncoder(manifest.schema(), manifest.modelConfig(), spaces);
            GraphModule head = headFactory.apply(manifest);
            readParams(dir.resolve(ENCODER), encoder, manager);
            if (head != null) {
                readParams(dir.resolve(HEAD), head, manager);
            }
            try {
                NodeEmbeddingFiles.assign(encoder, stored);
            } catch (IllegalArgumentException e) {
                throw new MalformedModelException(dir.resolve(NodeEmbeddingFiles.FILE) + ": " + e.getMessage());
            }
            return new LoadedModel(manifest, encoder, head);
        } finally {
            stored.values().forEach(NodeEmbeddingTable::close);
        }
    }

    /** Refuses a model directory without the per-node embeddings file its manifest names types for. */
    private static void requireTablesFile(Path dir, ModelManifest manifest) throws MalformedModelException {
        Set<String> embedded = manifest.modelConfig().nodeInputs().embeddings().resolve(manifest.featureDims());
        if (!embedded.isEmpty() && !Files.isRegularFile(dir.resolve(NodeEmbeddingFiles.FILE))) {
            throw new MalformedModelException(dir + " lacks " + NodeEmbeddingFiles.FILE + " with the per-node "
                    + "embeddings of " + embedded + " that its manifest names");
        }
    }

    /**
     * The per-node embedding tables of a model directory (none for a model without them), checked
     * against the types its manifest gives embeddings.
     */
    private static Map<String, NodeEmbeddingTable> readTables(Path dir, ModelManifest manifest, NDManager manager)
            throws IOException, MalformedModelException {
        Path file = dir.resolve(NodeEmbeddingFiles.FILE);
        Set<String> embedded = manifest.modelConfig().nodeInputs().embeddings().resolve(manifest.featureDims());
        requireTablesFile(dir, manifest);
        if (!Files.isRegularFile(file)) {
            return Map.of();
        }
        Map<String, NodeEmbeddingTable> stored =
                NodeEmbeddingFiles.read(file, manager, ChunkedArrays.DEFAULT_CHUNK_FLOATS);
        Set<String> types = new LinkedHashSet<>();
        stored.values().forEach(t -> types.add(t.type()));
        if (!types.equals(embedded)) {
            stored.values().forEach(NodeEmbeddingTable::close);
            throw new MalformedModelException(
                    file + " holds the per-node embeddings of " + types + " but the manifest " + "names " + embedded);
        }
        return stored;
    }

    /**
     * An encoder's weights read from a model directory (a pre-trained model), to start fine-tuning from.
     *
     * @param manifest the model's manifest
     * @param weights parameter path to values, as {@link GraphModule#snapshot()} gives them
     * @param directory the model directory, where its per-node embeddings (too large to keep on the
     *     host) are read from when fine-tuning starts; null when there is none
     */
    public record EncoderWeights(ModelManifest manifest, Map<String, float[]> weights, Path directory) {

        /** Weights without a directory (and so without per-node embeddings). */
        public EncoderWeights(ModelManifest manifest, Map<String, float[]> weights) {
            this(manifest, weights, null);
        }

        /** The stored per-node embedding tables, by type, in {@code manager}; empty when there are none. */
        public Map<String, NodeEmbeddingTable> readTables(NDManager manager) throws IOException {
            Path file = directory == null ? null : directory.resolve(NodeEmbeddingFiles.FILE);
            if (file == null || !Files.isRegularFile(file)) {
                return Map.of();
            }
            Map<String, NodeEmbeddingTable> byType = new LinkedHashMap<>();
            NodeEmbeddingFiles.read(file, manager, ChunkedArrays.DEFAULT_CHUNK_FLOATS)
                    .values()
                    .forEach(t -> byType.put(t.type(), t));
            return byType;
        }
    }

    /** Reads the encoder of a model directory (the head is not read; per-node embeddings are read later). */
    public static EncoderWeights readEncoderWeights(Path dir) throws IOException, MalformedModelException {
        ModelManifest manifest = readManifest(dir);
        ModelFileChecksums.verify(dir, manifest.files());
        GraphEncoder encoder = new GraphEncoder(manifest.schema(), manifest.modelConfig());
        try (NDManager manager = NDManager.newBaseManager(ai.djl.Device.cpu())) {
            readParams(dir.resolve(ENCODER), encoder, manager);
            return new EncoderWeights(manifest, encoder.snapshot(), dir);
        }
    }

    /**
     * Checks that a pre-trained encoder can start a model of the given architecture on the given
     * graph: same backbone, depth, width and heads, and a compatible schema.
     */
    public static void requireSameArchitecture(ModelManifest manifest, ModelConfig config, GraphSchema graph) {
        ModelConfig saved = manifest.modelConfig();
        if (saved.backbone() != config.backbone()
                || saved.layers() != config.layers()
                || saved.hidden() != config.hidden()
                || saved.heads() != config.heads()) {
            throw new IllegalArgumentException("the pre-trained encoder is " + saved.backbone() + " with "
                    + saved.layers() + " layers, hidden " + saved.hidden() + " and " + saved.heads()
                    + " heads, but fine-tuning asks for " + config.backbone() + " with " + config.layers()
                    + " layers, hidden " + config.hidden() + " and " + config.heads()
                    + " heads; use the pre-training architecture");
        }
        requireCompatible(manifest, graph);
        requireSameNodeInputs(manifest, config, graph);
    }

    /** The per-node embeddings (types, width) and structural inputs of the saved encoder and of {@code config} agree. */
    private static void requireSameNodeInputs(ModelManifest manifest, ModelConfig config, GraphSchema graph) {
        ModelConfig saved = manifest.modelConfig();
        Set<String> savedTypes = saved.nodeInputs().embeddings().resolve(graph.featureDims());
        Set<String> types = config.nodeInputs().embeddings().resolve(graph.featureDims());
        boolean sameEmbeddings = savedTypes.equals(types)
                && (types.isEmpty()
                        || saved.nodeInputs().width(saved.hidden())
                                == config.nodeInputs().width(config.hidden()));
        if (!sameEmbeddings || !manifest.schema().structuralDims().equals(graph.structuralDims())) {
            throw new IllegalArgumentException("the pre-trained encoder has per-node embeddings for " + savedTypes
                    + " (width " + saved.nodeInputs().width(saved.hidden()) + ") and structural inputs "
                    + manifest.schema().structuralDims() + ", but fine-tuning asks for per-node embeddings for " + types
                    + " (width " + config.nodeInputs().width(config.hidden()) + ") and structural inputs "
                    + graph.structuralDims() + "; use the pre-training node inputs (--node-embeddings "
                    + saved.nodeInputs().embeddings() + " --embedding-width "
                    + saved.nodeInputs().embeddingWidth()
                    + " --structural-inputs " + saved.nodeInputs().structural() + ")");
        }
    }

    /**
     * Checks that a model fits a graph: same node types, feature widths and relations.
     *
     * @throws IllegalArgumentException naming the first difference
     */
    public static void requireCompatible(ModelManifest manifest, GraphSchema graph) {
        requireCompatible(manifest, graph, Set.of());
    }

    /**
     * Checks that a model fits a graph as loaded, before text inputs are applied: same node types and
     * relations, and the same feature widths, except that a type in {@code textTypes} (one with text)
     * may be wider in the model by the text-derived columns it reads after its features.
     *
     * @throws IllegalArgumentException naming the first difference
     */
    public static void requireCompatible(ModelManifest manifest, GraphSchema graph, Set<String> textTypes) {
        GraphSchema model = manifest.schema();
        Map<String, Integer> expected = model.featureDims();
        Map<String, Integer> given = graph.featureDims();
        boolean fits = expected.keySet().equals(given.keySet())
                && expected.entrySet().stream()
                        .allMatch(e -> textTypes.contains(e.getKey())
                                ? e.getValue() >= given.get(e.getKey())
                                : e.getValue().equals(given.get(e.getKey())));
        if (!fits) {
            throw new IllegalArgumentException("the model expects node types and feature widths "
                    + expected + " but the graph has " + given
                    + (textTypes.isEmpty() ? "" : " (before the text columns of " + textTypes + ")"));
        }
        if (!model.relations().equals(graph.relations())) {
            throw new IllegalArgumentException(
                    "the model expects relations " + model.relations() + " but the graph has " + graph.relations());
        }
    }

    private static void readParams(Path file, GraphModule module, NDManager manager)
            throws IOException, MalformedModelException {
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
            module.load(manager, in);
        } catch (MalformedModelException e) {
            throw new MalformedModelException(file + ": " + e.getMessage());
        } catch (EOFException e) {
            throw new MalformedModelException(file + " ends early (truncated): the model directory is damaged; copy it"
                    + " again or train the model again");
        } catch (IOException | RuntimeException e) {
            throw new MalformedModelException(file + " cannot be read as model parameters (" + e + "); the model "
                    + "directory is damaged: copy it again or train the model again");
        }
    }

    /**
     * A content fingerprint of a model directory: SHA-256 over every regular file in it (its path
     * relative to the directory, its size and its bytes), in path order, as {@code sha256:<hex>}.
     * Batch embeddings record it to say which model computed them; a model directory is never
     * changed once written, so the fingerprint of a model never changes either.
     *
     * @throws IOException when {@code dir} is not a readable model directory
     */
    public static String fingerprint(Path dir) throws IOException {
        readManifest(dir);
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        List<Path> files;
        try (Stream<Path> walk = Files.walk(dir)) {
            files = walk.filter(Files::isRegularFile)
                    .sorted(Comparator.comparing(p -> dir.relativize(p).toString()))
                    .toList();
        }
        byte[] buffer = new byte[1 << 16];
        for (Path file : files) {
            digest.update((dir.relativize(file).toString().replace('\\', '/') + "\n" + Files.size(file) + "\n")
                    .getBytes(StandardCharsets.UTF_8));
            try (InputStream in = Files.newInputStream(file)) {
                int n;
                while ((n = in.read(buffer)) > 0) {
                    digest.update(buffer, 0, n);
                }
            }
        }
        return "sha256:" + HexFormat.of().formatHex(digest.digest());
    }

    /** Deletes a file or directory tree, best effort (leftovers are never mistaken for models or checkpoints). */
    public static void deleteRecursively(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException ignored) {
            // best effort: a leftover .partial directory never shadows a model
        }
    }
}
