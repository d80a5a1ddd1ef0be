package com.dipgnn.serving;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.store.ModelStore;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 * Writes precomputed embeddings as the Spark batch job does, without Spark: Parquet part files
 * with Spark's schema for (string, int not null, array&lt;float&gt; not null) and Snappy pages, plus
 * the manifest, so the service's reader can be tested on its own.
 */
public final class EmbeddingFiles {

    /**
     * The schema Spark 4 writes for the batch job's rows, restated here on purpose rather than taken
     * from {@link EmbeddingExport}: the reader's tests and the exporter's are checked against it.
     */
    public static final String SPARK_SCHEMA = """
            message spark_schema {
              required binary node_type (STRING);
              required int32 node_id;
              required group embedding (LIST) {
                repeated group list {
                  required float element;
                }
              }
            }""";

    /** One row: a node and its embedding. */
    public record Row(String type, int id, float[] embedding) {}

    private EmbeddingFiles() {}

    /** Every node's row, from a deployment's embeddings, types in graph order. */
    public static List<Row> rowsOf(ModelDeployment deployment) {
        HeteroGraph graph = deployment.graph();
        List<Row> rows = new ArrayList<>();
        for (String type : graph.nodeTypes()) {
            for (int id = 0; id < graph.numNodes(type); id++) {
                rows.add(new Row(type, id, deployment.embeddings(type, new int[] {id})[0]));
            }
        }
        return rows;
    }

    /** The manifest the batch job would write for this model and graph. */
    public static EmbeddingsManifest manifest(Path modelDir, String modelId, HeteroGraph rawGraph, int dim)
            throws IOException {
        Map<String, Long> counts = new LinkedHashMap<>();
        rawGraph.nodeTypes().forEach(t -> counts.put(t, (long) rawGraph.numNodes(t)));
        long rows = counts.values().stream().mapToLong(Long::longValue).sum();
        return new EmbeddingsManifest(
                EmbeddingsManifest.FORMAT,
                Instant.now().toString(),
                "test",
                modelId,
                ModelStore.fingerprint(modelDir),
                "test",
                rawGraph.name(),
                rawGraph.fingerprint(),
                dim,
                0,
                1024,
                "HgSampler",
                "cpu",
                1,
                1,
                counts,
                rows,
                null);
    }

    /**
     * Writes {@code rows} into {@code parts} part files (rows dealt in order) and the manifest into
     * {@code dir}, listing the part files with their sizes, rows and checksums as the job does.
     */
    public static Path write(Path dir, EmbeddingsManifest manifest, List<Row> rows, int parts) throws IOException {
        return write(dir, manifest, rows, parts, SPARK_SCHEMA);
    }

    /** As {@link #write(Path, EmbeddingsManifest, List, int)} with another Parquet schema (same column names). */
    public static Path write(Path dir, EmbeddingsManifest manifest, List<Row> rows, int parts, String schema)
            throws IOException {
        Map<String, EmbeddingsManifest.DataFile> files = writeParts(dir, rows, parts, schema);
        return writeManifest(dir, manifest == null ? null : manifest.withFiles(files));
    }

    /** As {@link #write(Path, EmbeddingsManifest, List, int)} with the manifest as written before checksums (no files). */
    public static Path writeWithoutChecksums(Path dir, EmbeddingsManifest manifest, List<Row> rows, int parts)
            throws IOException {
        writeParts(dir, rows, parts, SPARK_SCHEMA);
        return writeManifest(dir, manifest.withFiles(null));
    }

    /** The list of data files a producer records: every Parquet file in {@code dir} with its rows. */
    public static Map<String, EmbeddingsManifest.DataFile> dataFiles(Path dir, Map<String, Long> rowsPerFile)
            throws IOException {
        Map<String, EmbeddingsManifest.DataFile> files = new LinkedHashMap<>();
        for (Map.Entry<String, Long> e : rowsPerFile.entrySet()) {
            files.put(e.getKey(), EmbeddingsManifest.dataFile(dir.resolve(e.getKey()), e.getValue()));
        }
        return files;
    }

    private static Path writeManifest(Path dir, EmbeddingsManifest manifest) throws IOException {
        if (manifest != null) {
            try (OutputStream out = Files.newOutputStream(dir.resolve(EmbeddingsManifest.FILE_NAME))) {
                manifest.write(out);
            }
        }
        return dir;
    }

    private static Map<String, EmbeddingsManifest.DataFile> writeParts(
            Path dir, List<Row> rows, int parts, String schema) throws IOException {
        Files.createDirectories(dir);
        Map<String, Long> rowsPerFile = new LinkedHashMap<>();
        MessageType type = MessageTypeParser.parseMessageType(schema);
        int per = (rows.size() + parts - 1) / parts;
        for (int p = 0; p < parts; p++) {
            Path file = dir.resolve(String.format("part-%05d-test.snappy.parquet", p));
            rowsPerFile.put(file.getFileName().toString(), (long)
                    Math.max(0, Math.min(rows.size(), (p + 1) * per) - Math.min(rows.size(), p * per)));
            try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(new LocalOutputFile(file))
                    .withConf(new PlainParquetConfiguration())
                    .withType(type)
                    .withCodecFactory(new ParquetCodecs())
                    .withCompressionCodec(CompressionCodecName.SNAPPY)
                    .build()) {
                SimpleGroupFactory groups = new SimpleGroupFactory(type);
                for (Row row : rows.subList(Math.min(rows.size(), p * per), Math.min(rows.size(), (p + 1) * per))) {
                    Group g = groups.newGroup().append(EmbeddingsManifest.NODE_TYPE, row.type());
                    if (type.getType(EmbeddingsManifest.NODE_ID)
                                    .asPrimitiveType()
                                    .getPrimitiveTypeName()
                            == org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT64) {
                        g.append(EmbeddingsManifest.NODE_ID, (long) row.id());
                    } else {
                        g.append(EmbeddingsManifest.NODE_ID, row.id());
                    }
                    Group list = g.addGroup(EmbeddingsManifest.EMBEDDING);
                    for (float v : row.embedding()) {
                        list.addGroup("list").append("element", v);
                    }
                    writer.write(g);
                }
            }
        }
        return dataFiles(dir, rowsPerFile);
    }
}
