package com.dipgnn.serving;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Map;

/**
 * The metadata of a set of precomputed embeddings: the JSON file {@value #FILE_NAME} that the Spark
 * batch job writes into its output directory, beside the Parquet files, once they are complete. It
 * says which model computed the embeddings, on which graph, and how (seed, chunk, sampler), so a
 * deployment can check that they belong to the model it deploys.
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
        long rows) {

    /** The file's name. The leading underscore makes Spark and Hadoop skip it when they read the directory as a table. */
    public static final String FILE_NAME = "_dipgnn-embeddings.json";
    public static final String FORMAT = "dipgnn-embeddings-1";

    /** Column names of the Parquet files. */
    public static final String NODE_TYPE = "node_type";
    public static final String NODE_ID = "node_id";
    public static final String EMBEDDING = "embedding";

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public void write(OutputStream out) throws IOException {
        JSON.writeValue(out, this);
    }

    /** Reads a manifest; properties it does not know are ignored (a later job may add some). */
    public static EmbeddingsManifest read(InputStream in) throws IOException {
        return JSON.readValue(in, EmbeddingsManifest.class);
    }
}
