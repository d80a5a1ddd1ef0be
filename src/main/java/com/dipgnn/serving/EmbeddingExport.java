package com.dipgnn.serving;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.store.CodeVersion;
import com.dipgnn.store.ModelStore;
import com.dipgnn.training.LayerwiseEmbedder;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
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
 * {@value EmbeddingsManifest#FILE_NAME}. A deployment reads such a directory as its
 * {@code embeddingsPath} ({@link PrecomputedEmbeddings}).
 *
 * <p>All or nothing: the files are written into a hidden sibling directory, which is renamed to the
 * output only when complete; on any failure, a cancellation thrown from the progress callback
 * included, the sibling is removed and the output never appears.
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

    /** Nodes embedded per call. */
    private static final int CHUNK = 4096;

    /**
     * Where the embeddings come from, as the manifest records it.
     *
     * @param modelDir the model directory (its fingerprint is recorded)
     * @param modelId the model's id (its version id in the service)
     * @param graphSource where the graph was read from (a data set name or location)
     * @param rawGraph the graph as loaded, before text inputs or scaling (its fingerprint is recorded)
     * @param device the device the deployment ran on
     */
    public record Source(Path modelDir, String modelId, String graphSource, HeteroGraph rawGraph, String device) {
    }

    private EmbeddingExport() {
    }

    /**
     * Writes every node's embedding into the new directory {@code output}.
     *
     * @param written receives the number of nodes written so far after every chunk; an exception it
     *     throws stops the export (nothing is left behind) and is rethrown
     * @return the manifest written
     * @throws FileAlreadyExistsException when {@code output} exists
     */
    public static EmbeddingsManifest write(ModelDeployment deployment, Source source, Path output, LongConsumer written)
            throws IOException {
        if (Files.exists(output)) {
            throw new FileAlreadyExistsException(output.toString(), null,
                    "the embeddings output exists already; choose a new directory");
        }
        Path parent = output.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Path partial = parent.resolve("." + output.getFileName() + ".partial-" + UUID.randomUUID());
        try {
            Files.createDirectory(partial);
            Rows done = writeRows(deployment, partial.resolve(PART_FILE), written);
            Map<String, Long> counts = done.counts();
            long rows = counts.values().stream().mapToLong(Long::longValue).sum();
            DeploymentOptions defaults = DeploymentOptions.defaults();
            EmbeddingsManifest manifest = new EmbeddingsManifest(EmbeddingsManifest.FORMAT, Instant.now().toString(),
                    CodeVersion.get(), source.modelId(), ModelStore.fingerprint(source.modelDir()),
                    deployment.manifest().dataset(), source.graphSource(), source.rawGraph().fingerprint(),
                    deployment.dim(), defaults.seed(), defaults.chunkSize(), LayerwiseEmbedder.DESCRIPTION,
                    source.device(), done.passes(), 1, counts, rows);
            try (OutputStream out = Files.newOutputStream(partial.resolve(EmbeddingsManifest.FILE_NAME))) {
                manifest.write(out);
            }
            moveIntoPlace(partial, output);
            return manifest;
        } finally {
            ModelStore.deleteRecursively(partial);
        }
    }

    /** What was written: nodes per type (graph order) and the embedding calls made (chunks). */
    private record Rows(Map<String, Long> counts, int passes) {
    }

    private static Rows writeRows(ModelDeployment deployment, Path file, LongConsumer written) throws IOException {
        HeteroGraph graph = deployment.graph();
        Map<String, Long> counts = new LinkedHashMap<>();
        int passes = 0;
        SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
        long done = 0;
        try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(new LocalOutputFile(file))
                .withConf(new PlainParquetConfiguration()).withType(SCHEMA)
                .withCodecFactory(new ParquetCodecs()).withCompressionCodec(CompressionCodecName.SNAPPY).build()) {
            for (String type : graph.nodeTypes()) {
                int n = graph.numNodes(type);
                for (int first = 0; first < n; first += CHUNK) {
                    int[] ids = new int[Math.min(CHUNK, n - first)];
                    for (int i = 0; i < ids.length; i++) {
                        ids[i] = first + i;
                    }
                    float[][] vectors = deployment.embeddings(type, ids);
                    for (int i = 0; i < ids.length; i++) {
                        writer.write(row(groups, type, ids[i], vectors[i]));
                    }
                    done += ids.length;
                    passes++;
                    written.accept(done);
                }
                counts.put(type, (long) n);
            }
        }
        return new Rows(counts, passes);
    }

    private static Group row(SimpleGroupFactory groups, String type, int id, float[] vector) {
        Group g = groups.newGroup().append(EmbeddingsManifest.NODE_TYPE, type).append(EmbeddingsManifest.NODE_ID, id);
        Group list = g.addGroup(EmbeddingsManifest.EMBEDDING);
        for (float v : vector) {
            list.addGroup("list").append("element", v);
        }
        return g;
    }

    private static void moveIntoPlace(Path partial, Path output) throws IOException {
        try {
            Files.move(partial, output, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(partial, output);
        }
    }
}
