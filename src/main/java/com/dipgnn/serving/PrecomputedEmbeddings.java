package com.dipgnn.serving;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.store.AllowedRoots;
import com.dipgnn.store.ModelManifest;
import com.dipgnn.store.ModelStore;
import com.dipgnn.store.PathRefusedException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.parquet.io.LocalInputFile;

/**
 * The embeddings of every node of a graph, computed by the Spark batch job (module {@code spark},
 * {@code docs/batch-embeddings.md}) and read back for a deployment, which then serves them instead
 * of computing its own.
 *
 * <p>{@link #read} accepts them only when they belong to the model and graph being deployed: the
 * manifest's model fingerprint is the model directory's, its graph fingerprint the graph's, the
 * width is the model's hidden width, and the Parquet files hold every node of every type exactly
 * once, with finite values no larger in magnitude than {@link Checks#maxMagnitude()}. Anything else
 * is an {@link InvalidEmbeddingsException} that names the file and the fix; nothing is half-read.
 *
 * <p>Every byte served is the producer's: the directory is checked with {@link AllowedRoots} (under
 * the allowed roots, no link leading out) right before reading, and the Parquet files must be
 * exactly those the manifest lists ({@link EmbeddingsManifest#files()}), each of the size, SHA-256
 * and rows recorded when it was written; a file not listed, a listed file missing or one that
 * differs is refused by name. A manifest written before checksums existed is read with a warning.
 *
 * <p>The Parquet files are read without Hadoop (parquet's java.nio {@link LocalInputFile}):
 * uncompressed, Snappy (Spark's default) or GZIP column chunks.
 */
public final class PrecomputedEmbeddings {

    private static final System.Logger LOG = System.getLogger(PrecomputedEmbeddings.class.getName());

    /**
     * Default largest magnitude of a served value: the embeddings of these models are of order 1 to
     * 100 (normalised inputs, layer norm), so 10^6 leaves four orders of margin and still refuses
     * the huge finite values (such as 3e38) that one flipped exponent bit makes.
     */
    public static final double DEFAULT_MAX_MAGNITUDE = 1e6;

    /**
     * How the files are checked beyond the manifest.
     *
     * @param roots where the embeddings directory may lie and what links in it may reach
     * @param maxMagnitude the largest absolute value an embedding may hold
     *     ({@code dipgnn.serving.max-embedding-magnitude} in the service)
     */
    public record Checks(AllowedRoots roots, double maxMagnitude) {
        public Checks {
            if (!(maxMagnitude > 0)) {
                throw new IllegalArgumentException(
                        "the largest embedding magnitude must be positive; got " + maxMagnitude);
            }
        }

        /** Links may not leave {@code directory} itself; the default bound. */
        public static Checks within(Path directory) {
            return new Checks(AllowedRoots.within(directory, "the embeddings directory itself"), DEFAULT_MAX_MAGNITUDE);
        }
    }

    private final Path directory;
    private final EmbeddingsManifest manifest;
    private final Map<String, float[]> embeddings;

    private PrecomputedEmbeddings(Path directory, EmbeddingsManifest manifest, Map<String, float[]> embeddings) {
        this.directory = directory;
        this.manifest = manifest;
        this.embeddings = embeddings;
    }

    /**
     * Reads and checks the batch job's output in {@code directory} against a model and its graph.
     *
     * @param modelDir the model directory being deployed
     * @param modelId the model's name in messages (its version id in the service), or null
     * @param rawGraph the graph the model is deployed on, as loaded (before text inputs or normalisation)
     * @throws InvalidEmbeddingsException when the embeddings do not belong to this model and graph, or are damaged
     * @throws IOException when the model directory cannot be read
     */
    public static PrecomputedEmbeddings read(Path directory, Path modelDir, String modelId, HeteroGraph rawGraph)
            throws IOException {
        return read(directory, modelDir, modelId, rawGraph, Checks.within(directory));
    }

    /**
     * {@link #read(Path, Path, String, HeteroGraph)} with the given checks.
     *
     * @throws InvalidEmbeddingsException as there, and when the directory is outside {@code checks}'
     *     roots or holds a link leaving them
     */
    public static PrecomputedEmbeddings read(
            Path given, Path modelDir, String modelId, HeteroGraph rawGraph, Checks checks) throws IOException {
        String model = modelId != null ? "model '" + modelId + "'" : "model " + modelDir;
        if (!Files.isDirectory(given)) {
            throw new InvalidEmbeddingsException("'" + given + "' is not a directory; give the output directory "
                    + "of the batch embedding job (com.dipgnn.spark.BatchEmbeddings --output)");
        }
        Path directory;
        try {
            directory = checks.roots().directory(given, "the embeddings directory");
        } catch (PathRefusedException e) {
            throw new InvalidEmbeddingsException(e.getMessage(), e);
        }
        EmbeddingsManifest manifest = readManifest(directory);
        ModelManifest modelManifest = ModelStore.readManifest(modelDir);
        String fingerprint = ModelStore.fingerprint(modelDir);
        if (!fingerprint.equals(manifest.modelFingerprint())) {
            throw new InvalidEmbeddingsException("the embeddings in " + directory + " were computed with model '"
                    + manifest.modelId() + "' (fingerprint " + manifest.modelFingerprint() + "), not with " + model
                    + " (fingerprint " + fingerprint + "); run the batch job with --model set to " + model
                    + "'s directory, or deploy model '" + manifest.modelId() + "' with them");
        }
        if (manifest.dim() != modelManifest.hidden()) {
            throw new InvalidEmbeddingsException("the embeddings in " + directory + " have width " + manifest.dim()
                    + " but " + model + " has hidden width " + modelManifest.hidden()
                    + "; the files are not from this model's batch job: run it again");
        }
        if (!rawGraph.fingerprint().equals(manifest.graphFingerprint())) {
            throw new InvalidEmbeddingsException("the embeddings in " + directory + " were computed on graph '"
                    + manifest.graphSource() + "' (fingerprint " + manifest.graphFingerprint() + ") but " + model
                    + " is deployed on graph '" + rawGraph.name() + "' (fingerprint " + rawGraph.fingerprint()
                    + "); run the batch job with --graph set to the data set the model was trained on");
        }
        Map<String, Long> expected = new LinkedHashMap<>();
        rawGraph.nodeTypes().forEach(t -> expected.put(t, (long) rawGraph.numNodes(t)));
        if (!expected.equals(manifest.nodeCounts())) {
            throw new InvalidEmbeddingsException("the manifest " + directory.resolve(EmbeddingsManifest.FILE_NAME)
                    + " lists nodes per type " + manifest.nodeCounts() + " but the graph has " + expected
                    + "; run the batch job again on this graph");
        }
        Map<Path, Long> files = DataFiles.verified(directory, manifest);
        if (manifest.files() == null) {
            LOG.log(
                    System.Logger.Level.WARNING,
                    "The embeddings manifest " + directory.resolve(EmbeddingsManifest.FILE_NAME)
                            + " records no checksums (written before they existed): its " + files.size()
                            + " Parquet files are "
                            + "read unverified; run the embed job again to have them verified");
        }
        return new PrecomputedEmbeddings(
                directory,
                manifest,
                new EmbeddingsParquetReader(directory, rawGraph, manifest.dim(), checks.maxMagnitude()).readAll(files));
    }

    /** Whether the files were verified against checksums in the manifest (false for a manifest from before them). */
    public boolean verified() {
        return manifest.files() != null;
    }

    public Path directory() {
        return directory;
    }

    public EmbeddingsManifest manifest() {
        return manifest;
    }

    /** Nodes embedded (all nodes of the graph). */
    public long rows() {
        return manifest.rows();
    }

    /**
     * The embeddings per type ({@code numNodes x dim}, row-major, row = node id) for a deployment of
     * {@code graph}; checks again that they cover it with width {@code dim}.
     */
    Map<String, float[]> embeddingsFor(HeteroGraph graph, int dim) {
        if (dim != manifest.dim()) {
            throw new InvalidEmbeddingsException("the embeddings in " + directory + " have width " + manifest.dim()
                    + " but the model's hidden width is " + dim);
        }
        for (String type : graph.nodeTypes()) {
            float[] values = embeddings.get(type);
            if (values == null || values.length != (long) graph.numNodes(type) * dim) {
                throw new InvalidEmbeddingsException("the embeddings in " + directory + " do not cover the "
                        + graph.numNodes(type) + " nodes of type '" + type + "'");
            }
        }
        return embeddings;
    }

    private static EmbeddingsManifest readManifest(Path directory) {
        Path file = directory.resolve(EmbeddingsManifest.FILE_NAME);
        if (!Files.isRegularFile(file)) {
            throw new InvalidEmbeddingsException(directory + " has no " + EmbeddingsManifest.FILE_NAME + ": it is not "
                    + "the output of the batch embedding job, or the job did not finish (the manifest is written "
                    + "last); run the job again into a new directory");
        }
        EmbeddingsManifest manifest;
        try (InputStream in = Files.newInputStream(file)) {
            manifest = EmbeddingsManifest.read(in);
        } catch (IOException e) {
            throw new InvalidEmbeddingsException(
                    file + " is not a valid embeddings manifest (" + manifestProblem(e)
                            + "); run the batch job again into a new directory",
                    e);
        }
        if (!EmbeddingsManifest.FORMAT.equals(manifest.format())) {
            throw new InvalidEmbeddingsException(file + " has format '" + manifest.format() + "'; this service reads "
                    + EmbeddingsManifest.FORMAT + ": run the batch job of this release");
        }
        if (manifest.modelFingerprint() == null
                || manifest.graphFingerprint() == null
                || manifest.nodeCounts() == null
                || manifest.dim() < 1) {
            throw new InvalidEmbeddingsException(file + " lacks the model fingerprint, graph fingerprint, node counts "
                    + "or width; run the batch job again into a new directory");
        }
        return manifest;
    }

    /** Where a manifest does not parse, in plain words (JSON location and property; no class names). */
    private static String manifestProblem(IOException e) {
        if (e instanceof com.fasterxml.jackson.databind.JsonMappingException m
                && !m.getPath().isEmpty()) {
            String property = m.getPath().stream()
                    .map(r -> r.getFieldName() != null ? r.getFieldName() : String.valueOf(r.getIndex()))
                    .collect(Collectors.joining("."));
            return "property '" + property + "' has a value of the wrong kind";
        }
        if (e instanceof com.fasterxml.jackson.core.JsonProcessingException j && j.getLocation() != null) {
            return "not valid JSON at line " + j.getLocation().getLineNr() + ", column "
                    + j.getLocation().getColumnNr();
        }
        return DataFiles.plain(e);
    }
}
