package com.dipgnn.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.graph.HeteroGraph;
import java.io.InputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The service's own export of every node's embedding (the REST batch-embedding job and
 * {@code embed --out DIR}) writes what a deployment reads as precomputed embeddings: the same
 * values it computes, every node once, a manifest that names this model and graph; and nothing at
 * all when it stops early.
 */
class EmbeddingExportTest {

    @TempDir
    static Path dir;

    static HeteroGraph graph;
    static Path model;
    static ModelDeployment computed;

    @BeforeAll
    static void setUp() throws Exception {
        graph = ServingFixtures.queryProduct();
        model = dir.resolve("mv-link");
        ServingFixtures.train(graph, TaskKind.LINK_PREDICTION, null, model);
        computed = ModelDeployment.deploy(model, graph, DeploymentOptions.defaults(), DeploymentListener.NONE);
    }

    @AfterAll
    static void close() {
        computed.close();
    }

    private static EmbeddingExport.Source source() {
        return new EmbeddingExport.Source(model, "mv-link", "synthetic:query-product", graph, "cpu");
    }

    @Test
    void aDeploymentReadsTheExportAndServesTheSameEmbeddings() throws Exception {
        Path out = dir.resolve("exports").resolve("run-1");
        List<Long> progress = new ArrayList<>();
        EmbeddingsManifest manifest = EmbeddingExport.write(computed, source(), out, progress::add);

        // 150 queries and 200 products (ServingFixtures.queryProduct), one chunk per type
        assertThat(manifest.nodeCounts()).isEqualTo(Map.of("query", 150L, "product", 200L));
        assertThat(manifest.rows()).isEqualTo(350);
        assertThat(manifest.dim()).isEqualTo(16);
        assertThat(progress).containsExactly(150L, 350L);
        assertThat(manifest.passes())
                .as("exact inference's passes per layer: one per type here")
                .isEqualTo(2);
        try (Stream<Path> files = Files.list(out)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder(EmbeddingExport.PART_FILE, EmbeddingsManifest.FILE_NAME);
        }
        try (Stream<Path> siblings = Files.list(out.getParent())) {
            assertThat(siblings).as("no partial directory left").containsExactly(out);
        }

        // the columns Spark writes, stated independently of the exporter (EmbeddingFiles.SPARK_SCHEMA)
        try (ParquetFileReader file = ParquetFileReader.open(
                new LocalInputFile(out.resolve(EmbeddingExport.PART_FILE)),
                ParquetReadOptions.builder(new PlainParquetConfiguration())
                        .withCodecFactory(new ParquetCodecs())
                        .build())) {
            assertThat(file.getFooter().getFileMetaData().getSchema())
                    .isEqualTo(MessageTypeParser.parseMessageType(EmbeddingFiles.SPARK_SCHEMA));
            assertThat(file.getRecordCount()).isEqualTo(350);
        }

        // the manifest lists the part file as written: size, rows and SHA-256 (computed here independently)
        Path part = out.resolve(EmbeddingExport.PART_FILE);
        String sha256 = "sha256:"
                + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(part)));
        assertThat(manifest.files()).containsOnlyKeys(EmbeddingExport.PART_FILE);
        assertThat(manifest.files().get(EmbeddingExport.PART_FILE))
                .isEqualTo(new EmbeddingsManifest.DataFile(Files.size(part), 350, sha256));
        try (InputStream in = Files.newInputStream(out.resolve(EmbeddingsManifest.FILE_NAME))) {
            assertThat(EmbeddingsManifest.read(in)).as("as written to the file").isEqualTo(manifest);
        }

        PrecomputedEmbeddings read = PrecomputedEmbeddings.read(out, model, "mv-link", graph);
        assertThat(read.rows()).isEqualTo(350);
        assertThat(read.verified()).isTrue();
        try (ModelDeployment fromFiles = ModelDeployment.deploy(
                model, graph, DeploymentOptions.defaults(), DeploymentListener.NONE, null, read)) {
            for (String type : graph.nodeTypes()) {
                int[] ids = ServingFixtures.all(graph, type);
                assertThat(fromFiles.embeddings(type, ids)).as(type).isDeepEqualTo(computed.embeddings(type, ids));
            }
            assertThat(fromFiles.recommend(null, 11, 10, true)).isEqualTo(computed.recommend(null, 11, 10, true));
        }
    }

    @Test
    void anExistingOutputIsNeverOverwritten() throws Exception {
        Path out = Files.createDirectories(dir.resolve("taken"));
        assertThatThrownBy(() -> EmbeddingExport.write(computed, source(), out, n -> {}))
                .isInstanceOf(FileAlreadyExistsException.class)
                .hasMessageContaining("choose a new directory");
    }

    @Test
    void anExportStoppedHalfwayLeavesNothing() throws Exception {
        Path parent = Files.createDirectories(dir.resolve("stopped"));
        Path out = parent.resolve("run");
        assertThatThrownBy(() -> EmbeddingExport.write(computed, source(), out, n -> {
                    if (n >= 150) {
                        throw new IllegalStateException("cancelled after " + n + " nodes");
                    }
                }))
                .hasMessage("cancelled after 150 nodes");
        assertThat(out).doesNotExist();
        try (Stream<Path> left = Files.list(parent)) {
            assertThat(left).as("the partial directory is removed").isEmpty();
        }
    }
}
