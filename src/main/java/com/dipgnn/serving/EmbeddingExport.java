package com.dipgnn.serving;

import ai.djl.Device;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.inference.LayerwiseEmbedder;
import com.dipgnn.store.AtomicFiles;
import com.dipgnn.store.CodeVersion;
import com.dipgnn.store.ModelStore;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongConsumer;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * Every node's embedding from a deployment (exact inference, as it serves them), written the way
 * the Spark batch job writes them: a directory with one Snappy Parquet file of rows
 * ({@code node_type}, {@code node_id}, {@code embedding}) in Spark's schema, and the manifest
 * {@value EmbeddingsManifest#FILE_NAME}, which records the part file's size, rows and SHA-256. A deployment reads such a directory as its
 * {@code embeddingsPath} ({@link PrecomputedEmbeddings}).
 *
 * <p>All or nothing ({@link AtomicFiles#writeDirectory}): on any failure, a cancellation thrown from
 * the progress callback included, the output never appears.
 */
public final class EmbeddingExport {

    /** The one Parquet file of an export. */
    public static final String PART_FILE = "part-00000.snappy.parquet";

    /** The schema Spark 4 writes for the batch job's rows (string, int not null, array&lt;float&gt; not null). */
    static final MessageType SCHEMA = MessageTypeParser.parseMessageType("""
            message spark_schema {
              required binary node_type (STRING);
              required int32 node_id;
              required group embedding (LIST) {
                repeated group list {
                  required float element;
                }
              }
            }""");

    /**
     * Where the embeddings come from, as the manifest records it.
     *
     * @param modelDir the model directory (its fingerprint is recorded)
     * @param modelId the model's id (its version id in the service)
     * @param graphSource where the graph was read from (a data set name or location)
     * @param rawGraph the graph as loaded, before text inputs or scaling (its fingerprint is recorded)
     * @param device the device the deployment ran on
     */
    public record Source(Path modelDir, String modelId, String graphSource, HeteroGraph rawGraph, String device) {}

    private EmbeddingExport() {}

    /**
     * The options of the deployment an export reads: exact inference (what a deployment serves and the
     * Spark job writes by default) and no approximate index (an export does no top-k search, so the
     * inverted file that a deployment of a million candidates would build is never needed).
     */
    public static DeploymentOptions deploymentOptions(Device device) {
        return DeploymentOptions.defaults()
                .withDevice(device)
                .withIndex(IndexOptions.defaults().withKind(IndexOptions.Kind.EXACT));
    }

    /**
     * Writes every node's embedding into the new directory {@code output}.
     *
     * @param deployment a deployment made with {@link #deploymentOptions} (its embeddings are
     *     recorded as exact inference's)
     * @param written receives the number of nodes written so far after every chunk; an exception it
     *     throws stops the export (nothing is left behind) and is rethrown
     * @return the manifest written
     * @throws FileAlreadyExistsException when {@code output} exists
     */
    public static EmbeddingsManifest write(ModelDeployment deployment, Source source, Path output, LongConsumer written)
            throws IOException {
        EmbeddingsManifest[] manifest = new EmbeddingsManifest[1];
        AtomicFiles.writeDirectory(output, "the embeddings output exists already; choose a new directory", dir -> {
            Map<String, Long> counts = writeRows(deployment, dir.resolve(PART_FILE), written);
            long rows = counts.values().stream().mapToLong(Long::longValue).sum();
            manifest[0] = manifest(deployment, source, counts, rows)
                    .withFiles(Map.of(PART_FILE, EmbeddingsManifest.dataFile(dir.resolve(PART_FILE), rows)));
            try (OutputStream out = Files.newOutputStream(dir.resolve(EmbeddingsManifest.FILE_NAME))) {
                manifest[0].write(out);
            }
        });
        return manifest[0];
    }

    /** The manifest the Spark job would write for the same model, graph and exact inference (without its files). */
    private static EmbeddingsManifest manifest(
            ModelDeployment deployment, Source source, Map<String, Long> counts, long rows) throws IOException {
        DeploymentOptions defaults = DeploymentOptions.defaults();
        int passes = new LayerwiseEmbedder(deployment.graph()).plan().size(); // per layer, as the deployment ran them
        return new EmbeddingsManifest(
                EmbeddingsManifest.FORMAT,
                Instant.now().toString(),
                CodeVersion.get(),
                source.modelId(),
                ModelStore.fingerprint(source.modelDir()),
                deployment.manifest().dataset(),
                source.graphSource(),
                source.rawGraph().fingerprint(),
                deployment.dim(),
                defaults.seed(),
                defaults.chunkSize(),
                LayerwiseEmbedder.DESCRIPTION,
                source.device(),
                passes,
                1,
                counts,
                rows,
                null);
    }

    /** Writes the rows of every node, types in graph order; returns the nodes per type. */
    private static Map<String, Long> writeRows(ModelDeployment deployment, Path file, LongConsumer written)
            throws IOException {
        HeteroGraph graph = deployment.graph();
        SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
        try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(new LocalOutputFile(file))
                .withConf(new PlainParquetConfiguration())
                .withType(SCHEMA)
                .withCodecFactory(new ParquetCodecs())
                .withCompressionCodec(CompressionCodecName.SNAPPY)
                .build()) {
            EmbeddingChunks.forEach(
                    deployment,
                    graph.nodeTypes(),
                    (type, ids, vectors) -> {
                        for (int i = 0; i < ids.length; i++) {
                            writer.write(row(groups, type, ids[i], vectors[i]));
                        }
                    },
                    written);
        }
        Map<String, Long> counts = new LinkedHashMap<>();
        graph.nodeTypes().forEach(type -> counts.put(type, (long) graph.numNodes(type)));
        return counts;
    }

    private static Group row(SimpleGroupFactory groups, String type, int id, float[] vector) {
        Group g = groups.newGroup().append(EmbeddingsManifest.NODE_TYPE, type).append(EmbeddingsManifest.NODE_ID, id);
        Group list = g.addGroup(EmbeddingsManifest.EMBEDDING);
        for (float v : vector) {
            list.addGroup("list").append("element", v);
        }
        return g;
    }
}
