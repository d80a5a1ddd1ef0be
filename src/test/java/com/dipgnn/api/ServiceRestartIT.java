package com.dipgnn.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.ServiceApplication;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A first start with no token configured generates an admin token (owner-only file), later
 * starts reuse it; a deployment survives a restart and the service is ready only once it has
 * loaded again; one whose precomputed embeddings changed while the service was down (a flipped
 * bit, a part file replaced by a link leaving the allowed directories) is FAILED, saying why; an
 * interaction data set registered over HTTP stays registered and trains (on fan-out neighbourhoods)
 * after the restart.
 */
class ServiceRestartIT {

    @Test
    void generatedTokenAndDeploymentsSurviveARestart() throws Exception {
        Path data = ServiceTestBase.tempDir("dipgnn-service-restart");
        String token;
        String modelId;
        String shopLocation;
        try (ConfigurableApplicationContext first = start(data)) {
            Path tokenFile = data.resolve("admin-token");
            assertThat(tokenFile).exists();
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(tokenFile)))
                    .isEqualTo("rw-------");
            token = Files.readString(tokenFile).trim();
            HttpApi api = new HttpApi(port(first), token);
            assertThat(api.as(null).get("/api/v1/jobs").status()).isEqualTo(401);
            String job = api.post(
                            "/api/v1/jobs/finetune",
                            Map.of(
                                    "datasetId",
                                    "query-product",
                                    "parameters",
                                    Map.of(
                                            "task",
                                            "link",
                                            "layers",
                                            1,
                                            "hidden",
                                            16,
                                            "heads",
                                            2,
                                            "steps",
                                            4,
                                            "evalEvery",
                                            2,
                                            "samplingWidth",
                                            32,
                                            "samplingDepth",
                                            2)))
                    .json()
                    .path("id")
                    .asText();
            JsonNode done = await(api, "/api/v1/jobs/" + job, "state", "SUCCEEDED");
            modelId = done.path("modelId").asText();

            // an interaction data set registered over HTTP, a recommender trained on fan-out neighbourhoods
            HttpApi.Response shop = api.post(
                    "/api/v1/datasets",
                    Map.of(
                            "id",
                            "shop",
                            "synthetic",
                            Map.of(
                                    "kind",
                                    "interactions",
                                    "users",
                                    400,
                                    "items",
                                    1000,
                                    "interactions",
                                    4000,
                                    "seed",
                                    5)));
            assertThat(shop.status()).as(shop.toString()).isEqualTo(201);
            shopLocation = shop.json().path("location").asText();
            await(api, "/api/v1/jobs/" + fanoutJob(api), "state", "SUCCEEDED");
            api.send(api.request("/api/v1/deployments/recs")
                    .header("Content-Type", "application/json")
                    .PUT(HttpRequest.BodyPublishers.ofString("{\"modelId\":\"" + modelId + "\"}")));
            await(api, "/api/v1/deployments/recs", "state", "READY");

            // a second deployment serves embeddings precomputed for the model (files under the data directory)
            HttpApi.Response pre = api.send(api.request("/api/v1/deployments/recs-pre")
                    .header("Content-Type", "application/json")
                    .PUT(HttpRequest.BodyPublishers.ofString("{\"modelId\":\"" + modelId + "\",\"embeddingsPath\":\""
                            + precomputed(data, modelId) + "\"}")));
            assertThat(pre.status()).as(pre.toString()).isEqualTo(202);
            await(api, "/api/v1/deployments/recs-pre", "state", "READY");
            // two more from copies of those files, changed below while the service is down
            for (String name : List.of("flipped", "linked")) {
                HttpApi.Response copy = api.send(api.request("/api/v1/deployments/recs-" + name)
                        .header("Content-Type", "application/json")
                        .PUT(HttpRequest.BodyPublishers.ofString(
                                "{\"modelId\":\"" + modelId + "\",\"embeddingsPath\":\""
                                        + precomputed(data, modelId, "embeddings-" + name) + "\"}")));
                assertThat(copy.status()).as(copy.toString()).isEqualTo(202);
                await(api, "/api/v1/deployments/recs-" + name, "state", "READY");
            }
        }
        // while it is down: one bit of a value in a data page flipped (a finite, huge value now), and a
        // part file moved outside the allowed directories with a link to it in its place (same bytes)
        Path flippedPart = data.resolve("embeddings-flipped").resolve("part-00000-test.snappy.parquet");
        flipExponentBitOfAValue(flippedPart);
        Path outside = ServiceTestBase.tempDir("dipgnn-restart-outside").resolve("part-00001-test.snappy.parquet");
        Path linkedPart = data.resolve("embeddings-linked").resolve("part-00001-test.snappy.parquet");
        Files.move(linkedPart, outside);
        Files.createSymbolicLink(linkedPart, outside);
        try (ConfigurableApplicationContext second = start(data)) {
            assertThat(Files.readString(data.resolve("admin-token")).trim())
                    .as("token reused")
                    .isEqualTo(token);
            HttpApi api = new HttpApi(port(second), token);
            await(api, "/actuator/health/readiness", "status", "UP");

            // the interaction data set is still registered, and trains again after the restart
            JsonNode shop = api.get("/api/v1/datasets/shop").json();
            assertThat(shop.path("location").asText()).as(shop.toString()).isEqualTo(shopLocation);
            await(api, "/api/v1/jobs/" + fanoutJob(api), "state", "SUCCEEDED");
            JsonNode deployment = api.get("/api/v1/deployments/recs").json();
            assertThat(deployment.path("state").asText()).isEqualTo("READY");
            assertThat(deployment.path("modelId").asText()).isEqualTo(modelId);
            HttpApi.Response top = api.post("/api/v1/deployments/recs/recommendations", Map.of("id", 3, "k", 5));
            assertThat(top.status()).isEqualTo(200);
            assertThat(top.json().path("items")).hasSize(5);
            assertThat(api.post("/api/v1/deployments/recs/embeddings", Map.of("nodeType", "query", "ids", List.of(1)))
                            .status())
                    .isEqualTo(200);

            // reloaded from its files, not computed: it serves the values the files hold
            JsonNode pre = api.get("/api/v1/deployments/recs-pre").json();
            assertThat(pre.path("state").asText()).as(pre.toString()).isEqualTo("READY");
            assertThat(pre.path("embeddingsPath").asText())
                    .isEqualTo(data.resolve("embeddings").toString());
            JsonNode vector = api.post(
                            "/api/v1/deployments/recs-pre/embeddings", Map.of("nodeType", "product", "ids", List.of(7)))
                    .json()
                    .path("embeddings")
                    .get(0)
                    .path("vector");
            for (int i = 0; i < 16; i++) {
                assertThat(Float.parseFloat(vector.get(i).asText())).isEqualTo(value(7, i));
            }

            // files that no longer match, or a link leaving the allowed directories: FAILED, saying what and the fix
            JsonNode flipped = await(api, "/api/v1/deployments/recs-flipped", "state", "FAILED");
            assertThat(flipped.path("error").asText())
                    .contains("the embeddings file part-00000-test.snappy.parquet in "
                            + data.resolve("embeddings-flipped").toRealPath()
                            + " is not the file the job wrote: its SHA-256 is")
                    .contains("run the embed job (or the Spark batch job) again into a new directory");
            JsonNode linked = await(api, "/api/v1/deployments/recs-linked", "state", "FAILED");
            assertThat(linked.path("error").asText())
                    .contains("'part-00001-test.snappy.parquet' in the embeddings " + "directory")
                    .contains("is a link to a place outside the directories the server may read");
        }
    }

    /** Submits a short link fine-tuning job on the "shop" interactions, fan-out 4,4; returns its id. */
    private static String fanoutJob(HttpApi api) throws Exception {
        HttpApi.Response job = api.post(
                "/api/v1/jobs/finetune",
                Map.of(
                        "datasetId",
                        "shop",
                        "parameters",
                        Map.of(
                                "task",
                                "link",
                                "split",
                                "dataset",
                                "hidden",
                                16,
                                "heads",
                                2,
                                "steps",
                                4,
                                "evalEvery",
                                2,
                                "linkSampling",
                                Map.of("mode", "fanout", "fanouts", List.of(4, 4)))));
        assertThat(job.status()).as(job.toString()).isEqualTo(202);
        assertThat(job.json()
                        .path("parameters")
                        .path("linkSampling")
                        .path("fanouts")
                        .toString())
                .as(job.toString())
                .isEqualTo("[4,4]");
        return job.json().path("id").asText();
    }

    /** Flips the highest exponent bit of a value below 1 in magnitude stored verbatim in {@code part} (its first copy). */
    private static void flipExponentBitOfAValue(Path part) throws IOException {
        byte[] bytes = Files.readAllBytes(part);
        for (int id = 0; id < 100; id++) {
            for (int i = 0; i < 16; i++) {
                byte[] pattern = ByteBuffer.allocate(4)
                        .order(ByteOrder.LITTLE_ENDIAN)
                        .putFloat(value(id, i))
                        .array();
                List<Integer> at = new ArrayList<>();
                for (int b = 0; b + 4 <= bytes.length; b++) {
                    if (Arrays.equals(bytes, b, b + 4, pattern, 0, 4)) {
                        at.add(b);
                    }
                }
                if (!at.isEmpty() && Math.abs(value(id, i)) < 1 && value(id, i) != 0) {
                    bytes[at.get(0) + 3] ^= 0x40;
                    Files.write(part, bytes);
                    return;
                }
            }
        }
        throw new AssertionError("no value stored verbatim in " + part);
    }

    /** Files as the batch job writes them for the model on the built-in graph, with made-up (but valid) values. */
    private static Path precomputed(Path data, String modelId) throws IOException {
        return precomputed(data, modelId, "embeddings");
    }

    private static Path precomputed(Path data, String modelId, String directory) throws IOException {
        com.dipgnn.graph.HeteroGraph graph =
                com.dipgnn.datasets.SyntheticSpec.defaults().generate();
        List<com.dipgnn.serving.EmbeddingFiles.Row> rows = new ArrayList<>();
        for (String type : graph.nodeTypes()) {
            for (int id = 0; id < graph.numNodes(type); id++) {
                float[] v = new float[16];
                for (int i = 0; i < 16; i++) {
                    v[i] = value(id, i);
                }
                rows.add(new com.dipgnn.serving.EmbeddingFiles.Row(type, id, v));
            }
        }
        return com.dipgnn.serving.EmbeddingFiles.write(
                data.resolve(directory),
                com.dipgnn.serving.EmbeddingFiles.manifest(
                        data.resolve("models").resolve(modelId), modelId, graph, 16),
                rows,
                2);
    }

    private static float value(int id, int i) {
        return (float) Math.sin(id * 16 + i);
    }

    private static JsonNode await(HttpApi api, String path, String field, String value) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
        while (true) {
            JsonNode node = api.get(path).json();
            if (node != null && node.path(field).asText().equals(value)) {
                return node;
            }
            assertThat(node == null ? "" : node.path(field).asText())
                    .as(path + ": " + node)
                    .isNotIn("FAILED", "CANCELLED");
            assertThat(System.nanoTime()).as(path + " reached " + value).isLessThan(deadline);
            Thread.sleep(100);
        }
    }

    private static ConfigurableApplicationContext start(Path data) {
        return new SpringApplicationBuilder(ServiceApplication.class)
                .run("--server.port=0", "--dipgnn.data-dir=" + data);
    }

    private static int port(ConfigurableApplicationContext context) {
        return ((WebServerApplicationContext) context).getWebServer().getPort();
    }
}
