package com.dipgnn.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.graph.HeteroGraph;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A deployment from precomputed embeddings (files as the Spark batch job writes them) answers as
 * one that computed its own; embeddings of another model or graph, of the wrong width, with
 * missing, repeated or broken rows are refused with what, where and how to fix. The reader runs on
 * the service's own classpath (no Hadoop codecs, no Spark).
 */
class PrecomputedEmbeddingsTest {

    private static final int CHUNK = 64;

    @TempDir
    static Path dir;

    static HeteroGraph graph;
    static Path model;
    static ModelDeployment computed;
    static List<EmbeddingFiles.Row> rows;
    static EmbeddingsManifest manifest;
    static Path good;

    @BeforeAll
    static void setUp() throws Exception {
        graph = ServingFixtures.queryProduct();
        model = dir.resolve("mv-link");
        ServingFixtures.train(graph, TaskKind.LINK_PREDICTION, null, model);
        computed = ModelDeployment.deploy(model, graph, options(), DeploymentListener.NONE);
        rows = EmbeddingFiles.rowsOf(computed);
        manifest = EmbeddingFiles.manifest(model, "mv-link", graph, 16);
        // rows dealt over 3 part files, as 3 Spark partitions would write them
        good = EmbeddingFiles.write(dir.resolve("good"), manifest, rows, 3);
    }

    @AfterAll
    static void close() {
        computed.close();
    }

    /** Sampled inference, as the batch job computes: new nodes of a deployment from its files are sampled too. */
    private static DeploymentOptions options() {
        return DeploymentOptions.defaults()
                .withInference(DeploymentOptions.Inference.SAMPLED)
                .withChunkSize(CHUNK)
                .withLimits(300, 50);
    }

    @Test
    void aDeploymentFromPrecomputedEmbeddingsAnswersAsOneThatComputedThem() throws Exception {
        PrecomputedEmbeddings precomputed = PrecomputedEmbeddings.read(good, model, "mv-link", graph);
        assertThat(precomputed.rows()).isEqualTo(350);
        try (ModelDeployment fromFiles =
                ModelDeployment.deploy(model, graph, options(), DeploymentListener.NONE, null, precomputed)) {
            for (String type : graph.nodeTypes()) {
                int[] ids = ServingFixtures.all(graph, type);
                assertThat(fromFiles.embeddings(type, ids)).as(type).isDeepEqualTo(computed.embeddings(type, ids));
            }
            int[] sources = {0, 3, 17, 149};
            int[] targets = {5, 199, 42, 7};
            assertThat(fromFiles.linkScores(null, sources, targets))
                    .containsExactly(computed.linkScores(null, sources, targets));
            for (int query : new int[] {0, 11, 76, 149}) {
                assertThat(fromFiles.recommend(null, query, 10, true))
                        .isEqualTo(computed.recommend(null, query, 10, true));
            }
            NewNode fresh = new NewNode(
                    "query", new float[] {0.5f, 0, 0, 0.25f, 0, 0, 0, 1}, Map.of("clicked", new int[] {1, 2}));
            assertThat(fromFiles.embedNewNode(fresh)).containsExactly(computed.embedNewNode(fresh));
            assertThat(fromFiles.stats().embeddedNodes()).isEqualTo(350);
        }
        // and it serves what the files hold, not a computation of its own: files with every value negated
        List<EmbeddingFiles.Row> negated = rows.stream()
                .map(r -> {
                    float[] v = r.embedding().clone();
                    for (int i = 0; i < v.length; i++) {
                        v[i] = -v[i];
                    }
                    return new EmbeddingFiles.Row(r.type(), r.id(), v);
                })
                .toList();
        Path flipped = EmbeddingFiles.write(dir.resolve("negated"), manifest, negated, 2);
        try (ModelDeployment fromFlipped = ModelDeployment.deploy(
                model,
                graph,
                options(),
                DeploymentListener.NONE,
                null,
                PrecomputedEmbeddings.read(flipped, model, "mv-link", graph))) {
            assertThat(fromFlipped.embeddings("product", new int[] {42})[0])
                    .containsExactly(negated.get(150 + 42).embedding());
        }
    }

    @Test
    void embeddingsOfAnotherModelAreRefused() throws Exception {
        Path other = dir.resolve("mv-other");
        ServingFixtures.randomNormalizedLinkModel(graph, other);
        assertThatThrownBy(() -> PrecomputedEmbeddings.read(good, other, "mv-other", graph))
                .isInstanceOf(InvalidEmbeddingsException.class)
                .hasMessageContaining("were computed with model 'mv-link' (fingerprint " + manifest.modelFingerprint())
                .hasMessageContaining("not with model 'mv-other'")
                .hasMessageContaining("run the batch job with --model set to model 'mv-other''s directory");
    }

    @Test
    void aWidthOtherThanTheModelsIsRefused() throws Exception {
        EmbeddingsManifest wide = withDim(manifest, 32);
        Path files = EmbeddingFiles.write(dir.resolve("dim-32"), wide, rows, 1);
        assertThatThrownBy(() -> PrecomputedEmbeddings.read(files, model, "mv-link", graph))
                .isInstanceOf(InvalidEmbeddingsException.class)
                .hasMessageContaining("have width 32 but model 'mv-link' has hidden width 16");
        List<EmbeddingFiles.Row> shortRows = rows.stream()
                .map(r -> new EmbeddingFiles.Row(r.type(), r.id(), Arrays.copyOf(r.embedding(), 8)))
                .toList();
        Path truncated = EmbeddingFiles.write(dir.resolve("rows-of-8"), manifest, shortRows, 1);
        assertThatThrownBy(() -> PrecomputedEmbeddings.read(truncated, model, "mv-link", graph))
                .isInstanceOf(InvalidEmbeddingsException.class)
                .hasMessageContaining("part-00000-test.snappy.parquet, row 0: the row has an embedding of 8 values for"
                        + " node 0 of type 'query' but the model's width is 16");
    }

    @Test
    void missingAndRepeatedNodesAreRefused() throws Exception {
        List<EmbeddingFiles.Row> missing = rows.stream()
                .filter(r -> !(r.type().equals("product") && Set.of(5, 77, 199).contains(r.id())))
                .toList();
        Path lacking = EmbeddingFiles.write(dir.resolve("missing"), manifest, missing, 2);
        assertThatThrownBy(() -> PrecomputedEmbeddings.read(lacking, model, "mv-link", graph))
                .isInstanceOf(InvalidEmbeddingsException.class)
                .hasMessageContaining("lack 3 of the 200 nodes of type 'product' (first: ids [5, 77, 199])");

        List<EmbeddingFiles.Row> repeated = new ArrayList<>(rows);
        repeated.add(rows.get(10));
        Path twice = EmbeddingFiles.write(dir.resolve("repeated"), manifest, repeated, 1);
        assertThatThrownBy(() -> PrecomputedEmbeddings.read(twice, model, "mv-link", graph))
                .isInstanceOf(InvalidEmbeddingsException.class)
                .hasMessageContaining(
                        "row 350: the row repeats node 10 of type 'query' (every node must appear exactly once)");

        List<EmbeddingFiles.Row> outOfRange = new ArrayList<>(rows.subList(0, 349));
        outOfRange.add(new EmbeddingFiles.Row("product", 200, rows.get(349).embedding()));
        Path beyond = EmbeddingFiles.write(dir.resolve("beyond"), manifest, outOfRange, 1);
        assertThatThrownBy(() -> PrecomputedEmbeddings.read(beyond, model, "mv-link", graph))
                .isInstanceOf(InvalidEmbeddingsException.class)
                .hasMessageContaining("has node_id 200 but the ids of type 'product' are 0..199");

        List<EmbeddingFiles.Row> nan = new ArrayList<>(rows);
        float[] bad = rows.get(3).embedding().clone();
        bad[2] = Float.NaN;
        nan.set(3, new EmbeddingFiles.Row("query", 3, bad));
        Path notFinite = EmbeddingFiles.write(dir.resolve("nan"), manifest, nan, 1);
        assertThatThrownBy(() -> PrecomputedEmbeddings.read(notFinite, model, "mv-link", graph))
                .isInstanceOf(InvalidEmbeddingsException.class)
                .hasMessageContaining("row 3: the row has a non-finite value (NaN) in the embedding of node 3");
    }

    @Test
    void anotherGraphIsRefused() throws Exception {
        HeteroGraph other = com.dipgnn.graph.synthetic.SyntheticGraphs.queryProduct(
                com.dipgnn.graph.synthetic.QueryProductConfig.defaults()
                        .withSize(150, 200, 1200)
                        .withNumCategories(4)
                        .withFeatures(8, 1.0)
                        .withSeed(6));
        assertThatThrownBy(() -> PrecomputedEmbeddings.read(good, model, "mv-link", other))
                .isInstanceOf(InvalidEmbeddingsException.class)
                .hasMessageContaining("were computed on graph")
                .hasMessageContaining("run the batch job with --graph set to the data set the model was trained on");
    }

    @Test
    void filesThatAreNotTheJobsOutputAreRefused() throws Exception {
        Path noManifest = EmbeddingFiles.write(dir.resolve("no-manifest"), null, rows, 1);
        assertThatThrownBy(() -> PrecomputedEmbeddings.read(noManifest, model, "mv-link", graph))
                .isInstanceOf(InvalidEmbeddingsException.class)
                .hasMessageContaining(
                        "has no _dipgnn-embeddings.json: it is not the output of the batch embedding job, "
                                + "or the job did not finish");

        Path garbage = Files.createDirectories(dir.resolve("garbage"));
        Files.writeString(
                garbage.resolve(EmbeddingsManifest.FILE_NAME),
                Files.readString(good.resolve(EmbeddingsManifest.FILE_NAME)));
        Files.write(garbage.resolve("part-00000.parquet"), new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});
        writeManifest(
                garbage, manifest.withFiles(EmbeddingFiles.dataFiles(garbage, Map.of("part-00000.parquet", 350L))));
        assertThatThrownBy(() -> PrecomputedEmbeddings.read(garbage, model, "mv-link", graph))
                .isInstanceOf(InvalidEmbeddingsException.class)
                .hasMessageContaining("part-00000.parquet is not a readable Parquet file");

        Path longIds = EmbeddingFiles.write(
                dir.resolve("long-ids"),
                manifest,
                rows,
                1,
                EmbeddingFiles.SPARK_SCHEMA.replace("int32 node_id", "int64 node_id"));
        assertThatThrownBy(() -> PrecomputedEmbeddings.read(longIds, model, "mv-link", graph))
                .isInstanceOf(InvalidEmbeddingsException.class)
                .hasMessageContaining("does not have the batch job's columns: column node_id must be an int");

        assertThatThrownBy(() -> PrecomputedEmbeddings.read(dir.resolve("nowhere"), model, "mv-link", graph))
                .isInstanceOf(InvalidEmbeddingsException.class)
                .hasMessageContaining("is not a directory");
    }

    @Test
    void aBitFlippedInADataPageIsRefusedByItsChecksum() throws Exception {
        Path flipped = copy(good, "flipped");
        float huge = flipExponentBit(flipped.resolve("part-00000-test.snappy.parquet"));
        assertThat(Math.abs(huge)).isGreaterThan(1e30f).isFinite();
        assertThatThrownBy(() -> PrecomputedEmbeddings.read(flipped, model, "mv-link", graph))
                .isInstanceOf(InvalidEmbeddingsException.class)
                .hasMessageContaining("the embeddings file part-00000-test.snappy.parquet in " + flipped.toRealPath()
                        + " is not the file the job wrote: its SHA-256 is sha256:")
                .hasMessageContaining("the manifest records "
                        + manifestOf(good)
                                .files()
                                .get("part-00000-test.snappy.parquet")
                                .sha256())
                .hasMessageContaining("run the embed job (or the Spark batch job) again into a new directory");
    }

    @Test
    void anOldManifestLoadsWithAWarningAndTheValueBoundStillRefusesAHugeValue() throws Exception {
        Path old = EmbeddingFiles.writeWithoutChecksums(dir.resolve("old"), manifest, rows, 2);
        List<String> warnings = new ArrayList<>();
        Logger log = Logger.getLogger(PrecomputedEmbeddings.class.getName());
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                if (record.getLevel().equals(Level.WARNING)) {
                    warnings.add(record.getMessage());
                }
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        log.addHandler(handler);
        try {
            PrecomputedEmbeddings read = PrecomputedEmbeddings.read(old, model, "mv-link", graph);
            assertThat(read.verified()).isFalse();
            assertThat(read.rows()).isEqualTo(350);
        } finally {
            log.removeHandler(handler);
        }
        assertThat(warnings)
                .singleElement()
                .asString()
                .contains("records no checksums (written before they existed)")
                .contains("its 2 Parquet files are read unverified");

        float huge = flipExponentBit(old.resolve("part-00000-test.snappy.parquet"));
        // unbounded, the flipped value decodes and would be served...
        PrecomputedEmbeddings unbounded = PrecomputedEmbeddings.read(
                old,
                model,
                "mv-link",
                graph,
                new PrecomputedEmbeddings.Checks(
                        PrecomputedEmbeddings.Checks.within(old).roots(), Double.MAX_VALUE));
        assertThat(unbounded.embeddingsFor(graph, 16).get("query")).contains(huge);
        // ...the bound refuses it
        assertThatThrownBy(() -> PrecomputedEmbeddings.read(old, model, "mv-link", graph))
                .isInstanceOf(InvalidEmbeddingsException.class)
                .hasMessageContaining("the embeddings file part-00000-test.snappy.parquet, row ")
                .hasMessageContaining("has the value " + huge)
                .hasMessageContaining("beyond the largest magnitude served, 1000000.0 (the setting "
                        + "dipgnn.serving.max-embedding-magnitude)");
    }

    @Test
    void onlyTheFilesTheManifestListsAreServed() throws Exception {
        Path otherModel = dir.resolve("mv-third");
        ServingFixtures.randomNormalizedLinkModel(graph, otherModel);
        List<EmbeddingFiles.Row> otherRows;
        try (ModelDeployment other = ModelDeployment.deploy(otherModel, graph, options(), DeploymentListener.NONE)) {
            otherRows = EmbeddingFiles.rowsOf(other);
        }
        Path otherFiles = EmbeddingFiles.write(dir.resolve("third-files"), manifest, otherRows, 3);
        // another model's part file in place of this model's
        Path swapped = copy(good, "swapped");
        Files.copy(
                otherFiles.resolve("part-00001-test.snappy.parquet"),
                swapped.resolve("part-00001-test.snappy.parquet"),
                StandardCopyOption.REPLACE_EXISTING);
        assertThatThrownBy(() -> PrecomputedEmbeddings.read(swapped, model, "mv-link", graph))
                .isInstanceOf(InvalidEmbeddingsException.class)
                .hasMessageContaining("the embeddings file part-00001-test.snappy.parquet in ")
                .hasMessageContaining("is not the file the job wrote");

        // a file the manifest does not list, even one without rows
        Path added = copy(good, "added");
        Path empty = EmbeddingFiles.write(dir.resolve("empty"), null, List.of(), 1);
        Files.copy(empty.resolve("part-00000-test.snappy.parquet"), added.resolve("part-00009-extra.snappy.parquet"));
        assertThatThrownBy(() -> PrecomputedEmbeddings.read(added, model, "mv-link", graph))
                .isInstanceOf(InvalidEmbeddingsException.class)
                .hasMessageContaining("holds [part-00009-extra.snappy.parquet], which its manifest "
                        + "_dipgnn-embeddings.json does not list");

        // a listed file missing
        Path lacking = copy(good, "lacking");
        Files.delete(lacking.resolve("part-00002-test.snappy.parquet"));
        assertThatThrownBy(() -> PrecomputedEmbeddings.read(lacking, model, "mv-link", graph))
                .isInstanceOf(InvalidEmbeddingsException.class)
                .hasMessageContaining(
                        "the embeddings file part-00002-test.snappy.parquet that the manifest lists is " + "missing");

        // rows per file bound to the manifest
        Path recounted = copy(good, "recounted");
        EmbeddingsManifest m = manifestOf(recounted);
        Map<String, EmbeddingsManifest.DataFile> files = new TreeMap<>(m.files());
        EmbeddingsManifest.DataFile first = files.get("part-00000-test.snappy.parquet");
        files.put(
                "part-00000-test.snappy.parquet",
                new EmbeddingsManifest.DataFile(first.bytes(), first.rows() + 1, first.sha256()));
        writeManifest(recounted, m.withFiles(files));
        assertThatThrownBy(() -> PrecomputedEmbeddings.read(recounted, model, "mv-link", graph))
                .isInstanceOf(InvalidEmbeddingsException.class)
                .hasMessageContaining("the embeddings file part-00000-test.snappy.parquet holds " + first.rows()
                        + " rows but the manifest records " + (first.rows() + 1));
    }

    @Test
    void unreadableParquetFilesAreDescribedInPlainWords() throws Exception {
        Path truncated = copy(good, "truncated");
        Path part = truncated.resolve("part-00000-test.snappy.parquet");
        byte[] bytes = Files.readAllBytes(part);
        Files.write(part, Arrays.copyOf(bytes, bytes.length / 2));
        relist(truncated);
        assertPlainWords(
                truncated,
                "the embeddings file part-00000-test.snappy.parquet is not a readable Parquet "
                        + "file: it does not begin and end with the Parquet marker 'PAR1', so it is truncated or not Parquet");

        Path damaged = copy(good, "damaged");
        Path page = damaged.resolve("part-00001-test.snappy.parquet");
        byte[] content = Files.readAllBytes(page);
        for (int i = content.length - 200; i < content.length - 8; i++) {
            content[i] = (byte) 0xA5; // the footer, between the markers
        }
        Files.write(page, content);
        relist(damaged);
        assertPlainWords(
                damaged,
                "the embeddings file part-00001-test.snappy.parquet is not a readable Parquet "
                        + "file: its metadata or pages do not decode (the file is damaged)");

        Path garbage = copy(good, "tiny");
        Files.write(garbage.resolve("part-00002-test.snappy.parquet"), new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10});
        relist(garbage);
        assertPlainWords(
                garbage, "part-00002-test.snappy.parquet is not a readable Parquet file: it has only 10 bytes");
    }

    private static void assertPlainWords(Path files, String expected) {
        assertThatThrownBy(() -> PrecomputedEmbeddings.read(files, model, "mv-link", graph))
                .isInstanceOf(InvalidEmbeddingsException.class)
                .hasMessageContaining(expected)
                .hasMessageContaining("write it again with the batch job")
                .hasMessageNotContaining("org.apache")
                .hasMessageNotContaining("Exception")
                .hasMessageNotContaining("java.")
                .hasMessageNotContaining(files.toString())
                .hasMessageNotContainingAny("@", "[B");
    }

    /** Flips the highest exponent bit of one value in {@code part}, a value of magnitude below 1 found once in it; returns the new value. */
    private static float flipExponentBit(Path part) throws IOException {
        byte[] bytes = Files.readAllBytes(part);
        for (EmbeddingFiles.Row row : rows) {
            for (float v : row.embedding()) {
                if (v == 0 || Math.abs(v) >= 1) {
                    continue;
                }
                byte[] pattern = ByteBuffer.allocate(4)
                        .order(ByteOrder.LITTLE_ENDIAN)
                        .putFloat(v)
                        .array();
                int at = -1;
                int found = 0;
                for (int i = 0; i + 4 <= bytes.length; i++) {
                    if (bytes[i] == pattern[0]
                            && bytes[i + 1] == pattern[1]
                            && bytes[i + 2] == pattern[2]
                            && bytes[i + 3] == pattern[3]) {
                        at = i;
                        found++;
                    }
                }
                if (found == 1) {
                    bytes[at + 3] ^= 0x40; // bit 30: the exponent's highest bit
                    Files.write(part, bytes);
                    return Float.intBitsToFloat(Float.floatToRawIntBits(v) ^ 0x40000000);
                }
            }
        }
        throw new AssertionError("no value of " + part + " is stored verbatim once");
    }

    private static Path copy(Path from, String name) throws IOException {
        Path to = Files.createDirectories(dir.resolve(name));
        try (Stream<Path> files = Files.list(from)) {
            for (Path f : files.toList()) {
                Files.copy(f, to.resolve(f.getFileName()));
            }
        }
        return to;
    }

    static EmbeddingsManifest manifestOf(Path files) throws IOException {
        try (InputStream in = Files.newInputStream(files.resolve(EmbeddingsManifest.FILE_NAME))) {
            return EmbeddingsManifest.read(in);
        }
    }

    /** Lists the files again with their present checksums and the rows recorded (as if the producer wrote them so). */
    private static void relist(Path files) throws IOException {
        EmbeddingsManifest m = manifestOf(files);
        Map<String, Long> rowsPerFile = new TreeMap<>();
        m.files().forEach((name, f) -> rowsPerFile.put(name, f.rows()));
        writeManifest(files, m.withFiles(EmbeddingFiles.dataFiles(files, rowsPerFile)));
    }

    private static void writeManifest(Path files, EmbeddingsManifest m) throws IOException {
        try (OutputStream out = Files.newOutputStream(files.resolve(EmbeddingsManifest.FILE_NAME))) {
            m.write(out);
        }
    }

    private static EmbeddingsManifest withDim(EmbeddingsManifest m, int dim) {
        return new EmbeddingsManifest(
                m.format(),
                m.createdAt(),
                m.codeVersion(),
                m.modelId(),
                m.modelFingerprint(),
                m.dataset(),
                m.graphSource(),
                m.graphFingerprint(),
                dim,
                m.seed(),
                m.chunkSize(),
                m.sampler(),
                m.device(),
                m.passes(),
                m.partitions(),
                m.nodeCounts(),
                m.rows(),
                m.files());
    }
}
