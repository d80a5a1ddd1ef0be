package com.dipgnn.serving;

import com.dipgnn.store.ModelFileChecksums;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The metadata of a set of precomputed embeddings: the JSON file {@value #FILE_NAME} that the Spark
 * batch job writes into its output directory, beside the Parquet files, once they are complete. It
 * says which model computed the embeddings, on which graph, and how (seed, chunk, sampler), so a
 * deployment can check that they belong to the model it deploys.
 *
 * <p>{@code files} binds the data to the manifest: the producer (the Spark job, the service's embed
 * job, {@code embed --out}) records every Parquet file's size, rows and SHA-256 as it wrote them,
 * and a deployment serves nothing else ({@link PrecomputedEmbeddings}). The format is unchanged by
 * that list: a manifest without it is one written before checksums existed.
 *
 * <p>The Parquet files hold one row per node: {@code node_type} (string), {@code node_id} (int, the
 * node's 0-based id in the graph) and {@code embedding} (array of {@code dim} floats).
 *
 * @param format {@value #FORMAT}
 * @param createdAt ISO-8601 time the job finished
 * @param codeVersion version of the code that computed them
 * @param modelId the model's id as given to the job (by default its directory's name: a model
 *     version id when the directory came from the service's model store)
 * @param modelFingerprint {@link com.dipgnn.store.ModelStore#fingerprint} of the model directory
 * @param dataset the data set name in the model's manifest
 * @param graphSource where the job read the graph from
 * @param graphFingerprint {@link com.dipgnn.graph.HeteroGraph#fingerprint()} of that graph, as loaded
 * @param dim embedding width (the model's hidden width)
 * @param seed sampling seed ({@link DeploymentOptions#seed()})
 * @param chunkSize seed nodes per type per forward pass ({@link DeploymentOptions#chunkSize()})
 * @param sampler the sampler, as a deployment's statistics show it
 * @param device the device the job asked for ({@code auto}, {@code cpu} or {@code gpu})
 * @param passes forward passes over the graph
 * @param partitions Spark partitions the passes were spread over
 * @param nodeCounts nodes per type, types in graph order
 * @param rows rows in the Parquet files (the sum of {@code nodeCounts})
 * @param files every Parquet data file of the directory, by name, with its size, rows and SHA-256
 *     as the producer wrote it: a deployment serves exactly these files and checks them before it
 *     reads them; null in manifests written before checksums existed, whose files are read
 *     unchecked (with a warning)
 */
public record EmbeddingsManifest(
        String format,
        String createdAt,
        String codeVersion,
        String modelId,
        String modelFingerprint,
        String dataset,
        String graphSource,
        String graphFingerprint,
        int dim,
        long seed,
        int chunkSize,
        String sampler,
        String device,
        int passes,
        int partitions,
        Map<String, Long> nodeCounts,
        long rows,
        Map<String, DataFile> files) {

    /** The file's name. The leading underscore makes Spark and Hadoop skip it when they read the directory as a table. */
    public static final String FILE_NAME = "_dipgnn-embeddings.json";

    public static final String FORMAT = "dipgnn-embeddings-1";

    /** Column names of the Parquet files. */
    public static final String NODE_TYPE = "node_type";

    public static final String NODE_ID = "node_id";
    public static final String EMBEDDING = "embedding";

    /**
     * One data file as its producer wrote it.
     *
     * @param bytes its size
     * @param rows the rows it holds
     * @param sha256 its SHA-256 ({@code sha256:<hex>}, {@link ModelFileChecksums#sha256(Path)})
     */
    public record DataFile(long bytes, long rows, String sha256) {}

    /** This manifest listing {@code dataFiles} (name to size, rows and checksum). */
    public EmbeddingsManifest withFiles(Map<String, DataFile> dataFiles) {
        return new EmbeddingsManifest(
                format,
                createdAt,
                codeVersion,
                modelId,
                modelFingerprint,
                dataset,
                graphSource,
                graphFingerprint,
                dim,
                seed,
                chunkSize,
                sampler,
                device,
                passes,
                partitions,
                nodeCounts,
                rows,
                dataFiles == null ? null : Collections.unmodifiableMap(new TreeMap<>(dataFiles)));
    }

    /**
     * The entry for a local data file, written with {@code rows} rows.
     *
     * @throws IOException when it cannot be read
     */
    public static DataFile dataFile(Path file, long rows) throws IOException {
        return new DataFile(Files.size(file), rows, ModelFileChecksums.sha256(file));
    }

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public void write(OutputStream out) throws IOException {
        JSON.writeValue(out, this);
    }

    /** Reads a manifest; properties it does not know are ignored (a later job may add some). */
    public static EmbeddingsManifest read(InputStream in) throws IOException {
        return JSON.readValue(in, EmbeddingsManifest.class);
    }
}
