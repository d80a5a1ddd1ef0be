package com.dipgnn.spark;

import com.dipgnn.inference.LayerwiseEmbedder;
import com.dipgnn.inference.NodeEmbedder;
import com.dipgnn.serving.EmbeddingsManifest;
import com.dipgnn.serving.PreparedModel;
import com.dipgnn.store.CodeVersion;
import com.dipgnn.store.ModelFileChecksums;
import com.dipgnn.store.ModelStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.TreeMap;
import java.util.stream.IntStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Spark job: the embeddings of every node of a graph with a fine-tuned model, equal to those a
 * deployment of the model computes: with exact inference by default, as the service deploys
 * ({@link ExactLayers}: one Spark stage per layer), or with sampled inference
 * ({@code --inference sampled}), written as Parquet with {@link EmbeddingsManifest} beside them.
 *
 * <p>With sampled inference the unit of work is the deployment's forward pass ({@link NodeEmbedder#embedPass}): pass
 * {@code p} takes the {@code p}-th chunk of every type's node ids as seeds and samples their
 * neighbourhood with the randomness of {@code (seed, p)}, so a pass gives the same embeddings
 * wherever it runs. The driver counts the passes and spreads their indices over the partitions;
 * each executor loads the model and the graph once ({@link ExecutorModels}) and runs its passes,
 * each in its own NDArray scope.
 */
public final class BatchEmbeddings {

    private static final Logger LOG = LoggerFactory.getLogger(BatchEmbeddings.class);

    /** The Parquet schema: one row per node. */
    public static final StructType SCHEMA = new StructType()
            .add(EmbeddingsManifest.NODE_TYPE, DataTypes.StringType, false)
            .add(EmbeddingsManifest.NODE_ID, DataTypes.IntegerType, false)
            .add(EmbeddingsManifest.EMBEDDING, DataTypes.createArrayType(DataTypes.FloatType, false), false);

    private BatchEmbeddings() {}

    public static void main(String[] args) {
        BatchOptions options;
        try {
            options = BatchOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            System.exit(2);
            return;
        }
        SparkSession spark =
                SparkSession.builder().appName("dipgnn-batch-embeddings").getOrCreate();
        int status = 0;
        try {
            EmbeddingsManifest manifest = run(spark, options);
            System.out.println(
                    "wrote " + manifest.rows() + " embeddings of width " + manifest.dim() + " (" + manifest.passes()
                            + " passes in " + manifest.partitions() + " partitions) to " + options.output());
        } catch (IllegalArgumentException | UncheckedIOException e) {
            System.err.println("error: " + e.getMessage());
            status = 1;
        } finally {
            spark.stop();
        }
        if (status != 0) {
            System.exit(status);
        }
    }

    /**
     * Runs the job on {@code spark}: embeds every node, writes the Parquet files to
     * {@code options.output()}, checks they hold one row per node, then writes the manifest (the
     * last file written: a directory without it is incomplete), which lists every data file with
     * its size, rows and SHA-256 as read back from the file system.
     *
     * @return the manifest written
     * @throws IllegalArgumentException when the model, the graph or the output directory is unusable
     */
    public static EmbeddingsManifest run(SparkSession spark, BatchOptions options) {
        org.apache.hadoop.fs.Path output = new org.apache.hadoop.fs.Path(options.output());
        FileSystem fs = fileSystem(spark, output);
        try {
            if (fs.exists(output)) {
                throw new IllegalArgumentException("--output " + options.output() + " already exists; choose a new "
                        + "directory (the job never overwrites earlier embeddings)");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot check --output " + options.output() + ": " + e.getMessage(), e);
        }
        Path modelDir = Path.of(options.model());
        String fingerprint;
        try {
            fingerprint = ModelStore.fingerprint(modelDir);
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    "--model " + options.model() + " is not a readable model directory: " + e.getMessage(), e);
        }
        // The driver loads the model and graph once too: every input error shows here, before any task,
        // and it counts the passes. (In local mode the tasks reuse this very copy.)
        ExecutorModels.Loaded loaded = ExecutorModels.get(options);
        PreparedModel model = loaded.model();
        int passes = options.sampled()
                ? loaded.embedder().passCount(loaded.allNodes())
                : loaded.plan().size();
        int partitions = Math.max(
                1,
                Math.min(
                        passes,
                        options.partitions() > 0
                                ? options.partitions()
                                : spark.sparkContext().defaultParallelism()));
        Map<String, Long> counts = new LinkedHashMap<>();
        loaded.allNodes().forEach((type, ids) -> counts.put(type, (long) ids.length));
        long total = counts.values().stream().mapToLong(Long::longValue).sum();
        LOG.info(
                "Embedding {} nodes of {} with model {} ({} inference): {} passes{} in {} partitions",
                total,
                options.graph(),
                options.model(),
                options.sampled() ? "sampled" : "exact",
                passes,
                options.sampled() ? " of up to " + options.chunkSize() + " seeds per type" : " per layer",
                partitions);

        List<Integer> passIndices = IntStream.range(0, passes).boxed().toList();
        JavaSparkContext context = JavaSparkContext.fromSparkContext(spark.sparkContext());
        JavaRDD<Row> rows = options.sampled()
                ? context.parallelize(passIndices, partitions).mapPartitions(indices -> embedPasses(options, indices))
                : ExactLayers.rows(context, options, loaded, passIndices, partitions);
        spark.createDataFrame(rows, SCHEMA)
                .write()
                .mode(SaveMode.ErrorIfExists)
                .option("compression", "snappy")
                .parquet(options.output());

        Map<String, EmbeddingsManifest.DataFile> files = dataFiles(spark, fs, output);
        long written = files.values().stream()
                .mapToLong(EmbeddingsManifest.DataFile::rows)
                .sum();
        if (written != total) {
            throw new IllegalStateException("the job wrote " + written + " rows to " + options.output()
                    + " but the graph has " + total + " nodes; the output is incomplete and has no manifest");
        }
        String modelId = options.modelId() != null
                ? options.modelId()
                : modelDir.toAbsolutePath().normalize().getFileName().toString();
        EmbeddingsManifest manifest = new EmbeddingsManifest(
                        EmbeddingsManifest.FORMAT,
                        Instant.now().toString(),
                        CodeVersion.get(),
                        modelId,
                        fingerprint,
                        model.manifest().dataset(),
                        options.graph(),
                        loaded.graphFingerprint(),
                        model.dim(),
                        options.seed(),
                        options.chunkSize(),
                        options.sampled() ? model.samplerDescription() : LayerwiseEmbedder.DESCRIPTION,
                        options.device(),
                        passes,
                        partitions,
                        counts,
                        total,
                        null)
                .withFiles(files);
        try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path(output, EmbeddingsManifest.FILE_NAME), false)) {
            manifest.write(out);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot write " + EmbeddingsManifest.FILE_NAME + " into " + options.output() + ": "
                            + e.getMessage(),
                    e);
        }
        LOG.info("Wrote {} embeddings to {}", total, options.output());
        return manifest;
    }

    /**
     * Every Parquet data file the job wrote into {@code output} (what a deployment reads: names ending
     * {@code .parquet}, not hidden), with its size, the rows Spark reads from it and its SHA-256, for
     * the manifest: a deployment serves exactly these files, unchanged.
     */
    static Map<String, EmbeddingsManifest.DataFile> dataFiles(
            SparkSession spark, FileSystem fs, org.apache.hadoop.fs.Path output) {
        Map<String, Long> rowsPerFile = new HashMap<>();
        for (Row row : spark.read()
                .parquet(output.toString())
                .groupBy(functions.input_file_name())
                .count()
                .collectAsList()) {
            String uri = row.getString(0);
            rowsPerFile.merge(uri.substring(uri.lastIndexOf('/') + 1), row.getLong(1), Long::sum);
        }
        Map<String, EmbeddingsManifest.DataFile> files = new TreeMap<>();
        try {
            for (FileStatus status : fs.listStatus(output)) {
                String name = status.getPath().getName();
                if (!status.isFile() || !name.endsWith(".parquet") || name.startsWith("_") || name.startsWith(".")) {
                    continue;
                }
                try (InputStream in = fs.open(status.getPath())) {
                    files.put(
                            name,
                            new EmbeddingsManifest.DataFile(
                                    status.getLen(),
                                    rowsPerFile.getOrDefault(name, 0L),
                                    ModelFileChecksums.sha256(in)));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot read back the files written to " + output + " for their checksums: " + e.getMessage(), e);
        }
        return files;
    }

    /** Runs the given passes on this executor, one row per seed node, pass after pass (lazily). */
    static Iterator<Row> embedPasses(BatchOptions options, Iterator<Integer> passIndices) {
        ExecutorModels.Loaded loaded = ExecutorModels.get(options);
        NodeEmbedder embedder = loaded.embedder();
        PreparedModel model = loaded.model();
        int dim = model.dim();
        return new Iterator<>() {
            private final List<Row> buffered = new ArrayList<>();
            private int next;
            private int passes;
            private long rows;
            private long encodeNanos;

            @Override
            public boolean hasNext() {
                while (next == buffered.size() && passIndices.hasNext()) {
                    buffered.clear();
                    next = 0;
                    int pass = passIndices.next();
                    long start = System.nanoTime();
                    Map<String, int[]> seeds = embedder.seedsOf(loaded.allNodes(), pass);
                    Map<String, float[]> out =
                            embedder.embedPass(model.model().encoder(), seeds, pass, model.manager(), options.seed());
                    encodeNanos += System.nanoTime() - start;
                    seeds.forEach((type, ids) -> {
                        float[] values = out.get(type);
                        for (int i = 0; i < ids.length; i++) {
                            float[] row = new float[dim];
                            System.arraycopy(values, i * dim, row, 0, dim);
                            buffered.add(RowFactory.create(type, ids[i], row));
                        }
                    });
                    passes++;
                    rows += buffered.size();
                    if (!passIndices.hasNext()) {
                        LOG.info(
                                "Partition done: {} passes, {} rows, {} s sampling and encoding",
                                passes,
                                rows,
                                String.format("%.1f", encodeNanos / 1e9));
                    }
                }
                return next < buffered.size();
            }

            @Override
            public Row next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return buffered.get(next++);
            }
        };
    }

    private static FileSystem fileSystem(SparkSession spark, org.apache.hadoop.fs.Path path) {
        try {
            return path.getFileSystem(spark.sparkContext().hadoopConfiguration());
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    "--output " + path + " is on no file system this cluster can write: " + e.getMessage(), e);
        }
    }
}
