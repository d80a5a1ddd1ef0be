package com.dipgnn.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.datasets.SyntheticSpec;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.serving.EmbeddingFiles;
import com.dipgnn.serving.EmbeddingsManifest;
import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Over HTTP: a deployment created from precomputed embeddings (files as the Spark batch job writes
 * them, under a data set root) answers as the deployment that computed them; a directory outside
 * the allowed roots (or a link in it leading there) is a 400, embeddings that miss nodes or whose
 * files are not those the manifest lists a 422 with the fix, and neither leaves a
 * deployment behind or disturbs a serving one. The service's own embedding job writes such files
 * under the data directory, and a deployment from them answers as the computed one too.
 */
class PrecomputedDeploymentIT extends ServiceTestBase {

    private static final SyntheticSpec GRAPH = new SyntheticSpec(600, 1500, 12000, 3L);

    @Test
    void aDeploymentFromPrecomputedEmbeddingsAnswersAsAComputedOneAndBadFilesAreRefused() throws Exception {
        HttpApi.Response dataset = admin.post(
                "/api/v1/datasets",
                Map.of(
                        "id",
                        "tiny",
                        "synthetic",
                        Map.of("queries", 600, "products", 1500, "clicks", 12000, "seed", 3)));
        assertThat(dataset.status()).as(dataset.toString()).isEqualTo(201);
        HttpApi.Response job = admin.post(
                "/api/v1/jobs/finetune",
                Map.of(
                        "datasetId",
                        "tiny",
                        "modelName",
                        "tiny-links",
                        "parameters",
                        Map.of(
                                "task",
                                "link",
                                "relation",
                                "query__clicked__product",
                                "layers",
                                2,
                                "hidden",
                                16,
                                "heads",
                                2,
                                "steps",
                                4,
                                "evalEvery",
                                2,
                                "samplingWidth",
                                16,
                                "samplingDepth",
                                2)));
        assertThat(job.status()).as(job.toString()).isEqualTo(202);
        JsonNode done = awaitEnd(job.json().path("id").asText());
        assertThat(done.path("state").asText()).as(done.toString()).isEqualTo("SUCCEEDED");
        String modelId = done.path("modelId").asText();

        assertThat(put("computed", "{\"modelId\":\"" + modelId + "\"}").status())
                .isEqualTo(202);
        awaitReady("computed", modelId);

        // the batch job's output for this model, written under a data set root
        HeteroGraph graph = GRAPH.generate();
        List<EmbeddingFiles.Row> rows = new ArrayList<>();
        for (String type : graph.nodeTypes()) {
            for (int from = 0; from < graph.numNodes(type); from += 500) {
                int[] ids = IntStream.range(from, Math.min(graph.numNodes(type), from + 500))
                        .toArray();
                JsonNode items = reader.post(
                                "/api/v1/deployments/computed/embeddings", Map.of("nodeType", type, "ids", ids))
                        .json()
                        .path("embeddings");
                for (JsonNode item : items) {
                    float[] v = new float[item.path("vector").size()];
                    for (int i = 0; i < v.length; i++) {
                        v[i] = Float.parseFloat(item.path("vector").get(i).asText());
                    }
                    rows.add(new EmbeddingFiles.Row(type, item.path("id").asInt(), v));
                }
            }
        }
        assertThat(rows).hasSize(2100);
        EmbeddingsManifest manifest =
                EmbeddingFiles.manifest(DATA_DIR.resolve("models").resolve(modelId), modelId, graph, 16);
        Path good = EmbeddingFiles.write(DATASET_ROOT.resolve("embeddings-good"), manifest, rows, 3);

        HttpApi.Response deploy =
                put("precomputed", "{\"modelId\":\"" + modelId + "\",\"embeddingsPath\":\"" + good + "\"}");
        assertThat(deploy.status()).as(deploy.toString()).isEqualTo(202);
        JsonNode ready = awaitReady("precomputed", modelId);
        assertThat(ready.path("embeddingsPath").asText()).isEqualTo(good.toString());
        assertThat(reader.get("/api/v1/deployments/computed")
                                .json()
                                .path("embeddingsPath")
                                .isMissingNode()
                        || reader.get("/api/v1/deployments/computed")
                                .json()
                                .path("embeddingsPath")
                                .isNull())
                .isTrue();
        for (int query : new int[] {0, 7, 42, 599}) {
            Map<String, Object> body = Map.of("id", query, "k", 10, "excludeLinked", true);
            JsonNode a = reader.post("/api/v1/deployments/computed/recommendations", body)
                    .json()
                    .path("items");
            JsonNode b = reader.post("/api/v1/deployments/precomputed/recommendations", body)
                    .json()
                    .path("items");
            assertThat(b).hasSize(10).isEqualTo(a);
        }
        Map<String, Object> someIds = Map.of("nodeType", "product", "ids", new int[] {0, 99, 1499});
        assertThat(reader.post("/api/v1/deployments/precomputed/embeddings", someIds)
                        .json()
                        .path("embeddings"))
                .hasSize(3)
                .isEqualTo(reader.post("/api/v1/deployments/computed/embeddings", someIds)
                        .json()
                        .path("embeddings"));

        // outside the data set roots and the data directory: 400, nothing created
        Path elsewhere = tempDir("dipgnn-it-elsewhere");
        EmbeddingFiles.write(elsewhere, manifest, rows, 1);
        HttpApi.Response outside =
                put("bad", "{\"modelId\":\"" + modelId + "\",\"embeddingsPath\":\"" + elsewhere + "\"}");
        assertThat(outside.status()).as(outside.toString()).isEqualTo(400);
        assertThat(outside.json().path("type").asText()).isEqualTo("urn:dipgnn:problem:invalid-input");
        assertThat(outside.json().path("field").asText()).isEqualTo("embeddingsPath");
        assertThat(outside.json().path("detail").asText()).contains("is outside the directories the server may read");

        // missing nodes: 422 with what, where and the fix; no deployment 'bad', and 'computed' keeps serving
        Path missing =
                EmbeddingFiles.write(DATASET_ROOT.resolve("embeddings-missing"), manifest, rows.subList(0, 2090), 2);
        HttpApi.Response refused =
                put("bad", "{\"modelId\":\"" + modelId + "\",\"embeddingsPath\":\"" + missing + "\"}");
        assertThat(refused.status()).as(refused.toString()).isEqualTo(422);
        assertThat(refused.header("Content-Type")).startsWith("application/problem+json");
        assertThat(refused.json().path("type").asText()).isEqualTo("urn:dipgnn:problem:invalid-embeddings");
        assertThat(refused.json().path("field").asText()).isEqualTo("embeddingsPath");
        assertThat(refused.json().path("detail").asText())
                .contains(missing.toString())
                .contains("lack 10 of the 1500 nodes of type 'product' (first: ids [1490, 1491, 1492, 1493, 1494])")
                .contains("run the batch job again");
        assertThat(reader.get("/api/v1/deployments/bad").status()).isEqualTo(404);

        // a part file of other embeddings (negated values) in place of one the manifest lists: 422 naming it
        List<EmbeddingFiles.Row> negated = rows.stream()
                .map(r -> {
                    float[] v = r.embedding().clone();
                    for (int i = 0; i < v.length; i++) {
                        v[i] = -v[i];
                    }
                    return new EmbeddingFiles.Row(r.type(), r.id(), v);
                })
                .toList();
        Path other = EmbeddingFiles.write(DATASET_ROOT.resolve("embeddings-other"), manifest, negated, 3);
        Path swapped = EmbeddingFiles.write(DATASET_ROOT.resolve("embeddings-swapped"), manifest, rows, 3);
        Files.copy(
                other.resolve("part-00001-test.snappy.parquet"),
                swapped.resolve("part-00001-test.snappy.parquet"),
                StandardCopyOption.REPLACE_EXISTING);
        HttpApi.Response notWritten =
                put("bad", "{\"modelId\":\"" + modelId + "\",\"embeddingsPath\":\"" + swapped + "\"}");
        assertThat(notWritten.status()).as(notWritten.toString()).isEqualTo(422);
        assertThat(notWritten.json().path("detail").asText())
                .contains("the embeddings file part-00001-test.snappy.parquet in " + swapped.toRealPath()
                        + " is not the file the job wrote")
                .contains("run the embed job");
        // a link to a file outside the allowed directories (the same bytes): 400, as in a data set directory
        Path linked = EmbeddingFiles.write(DATASET_ROOT.resolve("embeddings-linked"), manifest, rows, 2);
        Path away = elsewhere.resolve("away.parquet");
        Files.move(linked.resolve("part-00000-test.snappy.parquet"), away);
        Files.createSymbolicLink(linked.resolve("part-00000-test.snappy.parquet"), away);
        HttpApi.Response leaving =
                put("bad", "{\"modelId\":\"" + modelId + "\",\"embeddingsPath\":\"" + linked + "\"}");
        assertThat(leaving.status()).as(leaving.toString()).isEqualTo(400);
        assertThat(leaving.json().path("field").asText()).isEqualTo("embeddingsPath");
        assertThat(leaving.json().path("detail").asText())
                .contains("'part-00000-test.snappy.parquet' in the embeddingsPath directory")
                .contains("is a link to a place outside the directories the server may read");
        assertThat(reader.get("/api/v1/deployments/bad").status()).isEqualTo(404);
        HttpApi.Response switchRefused =
                put("computed", "{\"modelId\":\"" + modelId + "\",\"embeddingsPath\":\"" + missing + "\"}");
        assertThat(switchRefused.status()).isEqualTo(422);
        JsonNode still = reader.get("/api/v1/deployments/computed").json();
        assertThat(still.path("state").asText()).isEqualTo("READY");
        assertThat(still.path("pending").isMissingNode()
                        || still.path("pending").isNull())
                .isTrue();
    }

    @Test
    void anEmbeddingJobWritesWhatADeploymentServesAndRefusesAnUnknownModel() throws Exception {
        HttpApi.Response dataset = admin.post(
                "/api/v1/datasets",
                Map.of(
                        "id",
                        "small",
                        "synthetic",
                        Map.of("queries", 300, "products", 1000, "clicks", 6000, "seed", 5)));
        assertThat(dataset.status()).as(dataset.toString()).isEqualTo(201);
        HttpApi.Response train = admin.post(
                "/api/v1/jobs/finetune",
                Map.of(
                        "datasetId",
                        "small",
                        "modelName",
                        "small-links",
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
                                16,
                                "samplingDepth",
                                2)));
        assertThat(train.status()).as(train.toString()).isEqualTo(202);
        String modelId =
                awaitEnd(train.json().path("id").asText()).path("modelId").asText();

        HttpApi.Response embed = admin.post("/api/v1/jobs/embed", Map.of("modelId", modelId));
        assertThat(embed.status()).as(embed.toString()).isEqualTo(202);
        assertThat(embed.json().path("kind").asText()).isEqualTo("EMBED");
        assertThat(embed.json().path("datasetId").asText())
                .as("the model's own data set")
                .isEqualTo("small");
        assertThat(embed.json().path("parentModelId").asText()).isEqualTo(modelId);
        JsonNode done = awaitEnd(embed.json().path("id").asText());
        assertThat(done.path("state").asText()).as(done.toString()).isEqualTo("SUCCEEDED");
        assertThat(done.path("modelId").isMissingNode() || done.path("modelId").isNull())
                .as("an embedding job makes no model")
                .isTrue();
        assertThat(done.path("progress").path("step").asLong()).isEqualTo(1300); // 300 queries and 1,000 products
        String path = done.path("embeddingsPath").asText();
        assertThat(Path.of(path)).startsWith(DATA_DIR).isDirectoryContaining("glob:**/" + EmbeddingsManifest.FILE_NAME);
        assertThat(reader.get("/api/v1/jobs?kind=EMBED").json().path("total").asInt())
                .isEqualTo(1);
        HttpApi.Response curves = reader.get("/api/v1/jobs/" + done.path("id").asText() + "/curves");
        assertThat(curves.status()).isEqualTo(404);
        assertThat(curves.json().path("detail").asText()).contains("an embedding job trains nothing");

        assertThat(put("small-computed", "{\"modelId\":\"" + modelId + "\"}").status())
                .isEqualTo(202);
        assertThat(put("small-files", "{\"modelId\":\"" + modelId + "\",\"embeddingsPath\":\"" + path + "\"}")
                        .status())
                .isEqualTo(202);
        awaitReady("small-computed", modelId);
        JsonNode fromFiles = awaitReady("small-files", modelId);
        assertThat(fromFiles.path("embeddingsPath").asText()).isEqualTo(path);
        for (int query : new int[] {0, 13, 299}) {
            Map<String, Object> body = Map.of("id", query, "k", 10, "excludeLinked", true);
            assertThat(reader.post("/api/v1/deployments/small-files/recommendations", body)
                            .json()
                            .path("items"))
                    .hasSize(10)
                    .isEqualTo(reader.post("/api/v1/deployments/small-computed/recommendations", body)
                            .json()
                            .path("items"));
        }

        HttpApi.Response unknown = admin.post("/api/v1/jobs/embed", Map.of("modelId", "mv-nope"));
        assertThat(unknown.status()).as(unknown.toString()).isEqualTo(400);
        assertThat(unknown.json().path("field").asText()).isEqualTo("modelId");
        assertThat(unknown.json().path("detail").asText()).contains("'mv-nope' does not exist");
        HttpApi.Response asReader = reader.post("/api/v1/jobs/embed", Map.of("modelId", modelId));
        assertThat(asReader.status()).as("submitting jobs needs an admin token").isEqualTo(403);
    }

    private HttpApi.Response put(String name, String body) {
        return admin.send(admin.request("/api/v1/deployments/" + name)
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(body)));
    }

    private JsonNode awaitReady(String name, String modelId) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (true) {
            JsonNode d = reader.get("/api/v1/deployments/" + name).json();
            if (d.path("state").asText().equals("READY")
                    && d.path("modelId").asText().equals(modelId)
                    && (d.path("pending").isMissingNode() || d.path("pending").isNull())) {
                return d;
            }
            assertThat(d.path("state").asText()).as(d.toString()).isNotEqualTo("FAILED");
            assertThat(System.nanoTime()).as("deployment ready: " + d).isLessThan(deadline);
            Thread.sleep(100);
        }
    }

    private JsonNode awaitEnd(String id) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
        while (true) {
            JsonNode job = reader.get("/api/v1/jobs/" + id).json();
            String state = job.path("state").asText();
            if (state.equals("SUCCEEDED") || state.equals("FAILED") || state.equals("CANCELLED")) {
                return job;
            }
            assertThat(System.nanoTime()).as("job ended: " + job).isLessThan(deadline);
            Thread.sleep(200);
        }
    }
}
