package com.dipgnn.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

/** Data sets over HTTP: register, upload, describe, list, delete, and every bad input's problem detail. */
@TestPropertySource(
        properties = {"dipgnn.datasets.upload-max-bytes=64KB", "dipgnn.datasets.limits.max-values-per-type=100000"})
class DatasetApiIT extends ServiceTestBase {

    @Test
    void builtInQueryProductGraphIsRegisteredAndDescribed() {
        HttpApi.Response r = reader.get("/api/v1/datasets/query-product");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.json().path("source").asText()).isEqualTo("BUILTIN");
        assertThat(r.json().path("summary").path("totalNodes").asLong()).isEqualTo(5000);
        assertThat(r.json().path("summary").path("nodeTypes").findValuesAsText("type"))
                .containsExactly("query", "product");
        assertThat(r.json().path("summary").path("relations").findValuesAsText("key"))
                .contains("query__clicked__product");
        assertThat(r.json().path("summary").path("split").path("pretrainNodes").asInt())
                .isPositive();
    }

    @Test
    void registersDescribesListsAndDeletesADirectory() throws IOException {
        Path dir = writeTinyGraph(DATASET_ROOT.resolve("tiny"));
        HttpApi.Response created = admin.post("/api/v1/datasets", Map.of("id", "tiny", "path", dir.toString()));
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        assertThat(created.header("Location")).isEqualTo("/api/v1/datasets/tiny");
        assertThat(created.json().path("summary").path("totalEdges").asLong()).isEqualTo(8);

        HttpApi.Response list = reader.get("/api/v1/datasets?page=0&size=10");
        assertThat(list.json().path("items").findValuesAsText("id")).contains("tiny", "query-product");

        HttpApi.Response again = admin.post("/api/v1/datasets", Map.of("id", "tiny", "path", dir.toString()));
        assertThat(again.status()).isEqualTo(409);

        assertThat(admin.delete("/api/v1/datasets/tiny").status()).isEqualTo(204);
        assertThat(reader.get("/api/v1/datasets/tiny").status()).isEqualTo(404);
        assertThat(Files.exists(dir))
                .as("a registered directory is the user's: never deleted")
                .isTrue();
    }

    @Test
    void directoryOutsideTheRootsIsRefusedAndNothingIsRecorded() throws IOException {
        Path outside = writeTinyGraph(tempDir("dipgnn-outside").resolve("g"));
        HttpApi.Response r = admin.post("/api/v1/datasets", Map.of("id", "escape", "path", outside.toString()));
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.json().path("field").asText()).isEqualTo("path");
        assertThat(r.json().path("detail").asText()).contains("outside the data set roots");
        HttpApi.Response traversal = admin.post(
                "/api/v1/datasets",
                Map.of(
                        "id",
                        "escape",
                        "path",
                        DATASET_ROOT + "/../" + outside.getParent().getFileName()));
        assertThat(traversal.status()).isEqualTo(400);
        assertThat(reader.get("/api/v1/datasets/escape").status()).isEqualTo(404);
    }

    @Test
    void uploadsAZipArchive() throws IOException {
        Path zip = zipOf(writeTinyGraph(tempDir("dipgnn-zip-src").resolve("tiny-up")), null);
        HttpApi.Response r = admin.upload("/api/v1/datasets", Map.of("id", "uploaded"), zip, "tiny-up.zip");
        assertThat(r.status()).as(r.toString()).isEqualTo(201);
        assertThat(r.json().path("source").asText()).isEqualTo("UPLOAD");
        assertThat(r.json().path("summary").path("nodeTypes").findValuesAsText("type"))
                .containsExactly("item");
        assertThat(admin.delete("/api/v1/datasets/uploaded").status()).isEqualTo(204);
        assertThat(Files.exists(DATA_DIR.resolve("datasets/uploaded"))).isFalse();
    }

    @Test
    void archiveEntryEscapingItsFolderIsRefusedAndLeavesNothing() throws IOException {
        Path zip = zipOf(writeTinyGraph(tempDir("dipgnn-zip-evil").resolve("evil")), "../../escaped.txt");
        HttpApi.Response r = admin.upload("/api/v1/datasets", Map.of("id", "evil"), zip, "evil.zip");
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.json().path("detail").asText()).contains("points outside the archive's folder");
        assertThat(reader.get("/api/v1/datasets/evil").status()).isEqualTo(404);
        try (Stream<Path> left = Files.list(DATA_DIR.resolve("datasets"))) {
            assertThat(left.map(p -> p.getFileName().toString()))
                    .noneMatch(n -> n.contains("evil") || n.startsWith(".upload"));
        }
    }

    @Test
    void oversizedUploadIsRefusedWithItsLimitAndLeavesNothing() throws IOException {
        Path big = Files.createTempFile("dipgnn-big", ".zip");
        Files.write(big, new byte[100 * 1024]);
        HttpApi.Response r = admin.upload("/api/v1/datasets", Map.of("id", "big"), big, "big.zip");
        assertThat(r.status()).isEqualTo(413);
        assertThat(r.json().path("type").asText()).isEqualTo("urn:dipgnn:problem:upload-too-large");
        assertThat(r.json().path("detail").asText()).contains("upload-max-bytes");
        assertThat(reader.get("/api/v1/datasets/big").status()).isEqualTo(404);
    }

    @Test
    void invalidGraphInAnArchiveGivesTheLoadersMessage() throws IOException {
        Path src = writeTinyGraph(tempDir("dipgnn-zip-bad").resolve("bad"));
        Files.writeString(src.resolve("edges/item__link__item.csv"), "src,dst\na,zzz\n");
        HttpApi.Response r = admin.upload("/api/v1/datasets", Map.of("id", "bad"), zipOf(src, null), "bad.zip");
        assertThat(r.status()).isEqualTo(422);
        assertThat(r.json().path("detail").asText())
                .contains("item__link__item.csv:2")
                .contains("zzz");
        assertThat(reader.get("/api/v1/datasets/bad").status()).isEqualTo(404);
    }

    /**
     * A small archive of a wide dense table (200 rows x 1,000 columns, within every line, field and
     * width limit) whose rows x width pass max-values-per-type (100,000 here, set above): 422 naming
     * the file, the line and the setting, and nothing is kept.
     */
    @Test
    void anUploadOfMoreFeatureValuesThanTheBoundIsRefusedNamingTheFile() throws IOException {
        Path src = writeTinyGraph(tempDir("dipgnn-zip-wide").resolve("wide"));
        StringBuilder nodes = new StringBuilder("id");
        for (int j = 0; j < 1_000; j++) {
            nodes.append(",f").append(j);
        }
        nodes.append('\n');
        for (int r = 0; r < 200; r++) {
            nodes.append(r == 0 ? "a" : r == 1 ? "b" : r == 2 ? "c" : r == 3 ? "d" : "n" + r)
                    .append(",0.5".repeat(1_000))
                    .append('\n');
        }
        Files.writeString(src.resolve("nodes/item.csv"), nodes, StandardCharsets.UTF_8);
        Path zip = zipOf(src, null);
        assertThat(Files.size(zip)).as("within upload-max-bytes").isLessThan(64 * 1024);
        HttpApi.Response r = admin.upload("/api/v1/datasets", Map.of("id", "wide"), zip, "wide.zip");
        assertThat(r.status()).as(r.toString()).isEqualTo(422);
        assertThat(r.json().path("detail").asText())
                .contains("nodes/item.csv:102")
                .contains("101 rows x 1000 columns")
                .contains("101000 values, more than 100000")
                .contains("dipgnn.datasets.limits.max-values-per-type");
        assertThat(reader.get("/api/v1/datasets/wide").status()).isEqualTo(404);
        assertThat(DATA_DIR.resolve("datasets/wide")).doesNotExist();
    }

    @Test
    void badNamesAndUnsupportedFilesAreRefused() throws IOException {
        HttpApi.Response name = admin.post("/api/v1/datasets", Map.of("id", "Bad Name!", "path", "/x"));
        assertThat(name.status()).isEqualTo(400);
        assertThat(name.json().path("errors").findValuesAsText("field")).contains("id");
        Path text = Files.writeString(tempDir("dipgnn-txt").resolve("graph.txt"), "hello");
        HttpApi.Response file = admin.upload("/api/v1/datasets", Map.of("id", "txt"), text, "graph.txt");
        assertThat(file.status()).isEqualTo(400);
        assertThat(file.json().path("detail").asText()).contains(".zip");
        HttpApi.Response malformed = admin.postRaw("/api/v1/datasets", "{\"id\": \"x\",", "application/json");
        assertThat(malformed.status()).isEqualTo(400);
        assertThat(malformed.json().path("type").asText()).isEqualTo("urn:dipgnn:problem:malformed-request");
    }

    @Test
    void tokensAreRequired() {
        assertThat(anonymous.get("/api/v1/datasets").status()).isEqualTo(401);
        assertThat(anonymous.get("/api/v1/datasets").header("WWW-Authenticate")).isEqualTo("Bearer");
        assertThat(anonymous
                        .as("not-a-token-at-all-xxxx")
                        .get("/api/v1/datasets")
                        .status())
                .isEqualTo(401);
        HttpApi.Response forbidden = reader.delete("/api/v1/datasets/query-product");
        assertThat(forbidden.status()).isEqualTo(403);
        assertThat(forbidden.json().path("detail").asText()).contains("admin role");
        assertThat(reader.get("/api/v1/datasets/query-product").status()).isEqualTo(200);
        assertThat(anonymous.get("/actuator/health").status()).isEqualTo(200);
    }

    /** A 4-node homogeneous CSV graph with labels and 2 features. */
    static Path writeTinyGraph(Path dir) throws IOException {
        Files.createDirectories(dir.resolve("nodes"));
        Files.createDirectories(dir.resolve("edges"));
        Files.writeString(
                dir.resolve("nodes/item.csv"),
                "id,label,f0,f1\na,0,1.0,0.0\nb,1,0.0,1.0\nc,0,1.0,1.0\nd,1,0.5,0.5\n",
                StandardCharsets.UTF_8);
        Files.writeString(
                dir.resolve("edges/item__link__item.csv"), "src,dst\na,b\nb,c\nc,d\nd,a\n", StandardCharsets.UTF_8);
        return dir;
    }

    private static Path zipOf(Path dir, String extraEntry) throws IOException {
        Path zip = Files.createTempFile("dipgnn-upload", ".zip");
        try (OutputStream os = Files.newOutputStream(zip);
                ZipOutputStream out = new ZipOutputStream(os);
                Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                out.putNextEntry(new ZipEntry(dir.getFileName() + "/" + dir.relativize(f)));
                out.write(Files.readAllBytes(f));
                out.closeEntry();
            }
            if (extraEntry != null) {
                out.putNextEntry(new ZipEntry(extraEntry));
                out.write("x".getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
        }
        return zip;
    }
}
