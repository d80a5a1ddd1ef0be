package com.dipgnn.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Jobs over HTTP against the real engine: pre-train then fine-tune from the pre-trained model on
 * the built-in graph, progress and its event stream, curves, idempotent retries, cancel, and
 * the problem details of bad parameters.
 */
class JobApiIT extends ServiceTestBase {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Autowired
    private DataSource dataSource;

    /** A small, fast architecture: the paper's 3 x 400 x 8 would take minutes per job on a CPU. */
    static Map<String, Object> smallPretrain(int steps) {
        return Map.of(
                "method",
                "dipgnn",
                "layers",
                1,
                "hidden",
                16,
                "heads",
                2,
                "steps",
                steps,
                "checkpointEvery",
                2,
                "logEvery",
                2,
                "samplingWidth",
                32,
                "samplingDepth",
                2);
    }

    @Test
    void pretrainThenFinetuneFromThePretrainedModel() throws Exception {
        HttpApi.Response submitted = admin.post(
                "/api/v1/jobs/pretrain",
                Map.of("datasetId", "query-product", "modelName", "qp-dipgnn", "parameters", smallPretrain(6)));
        assertThat(submitted.status()).as(submitted.toString()).isEqualTo(202);
        String jobId = submitted.json().path("id").asText();
        assertThat(submitted.header("Location")).isEqualTo("/api/v1/jobs/" + jobId);
        assertThat(submitted.json().path("parameters").path("lambda").asDouble())
                .as("paper default filled in")
                .isEqualTo(20.0);

        List<String> events = reader.events("/api/v1/jobs/" + jobId + "/events");
        JsonNode done = awaitEnd(jobId);
        assertThat(done.path("state").asText()).as(done.toString()).isEqualTo("SUCCEEDED");
        assertThat(done.path("progress").path("step").asLong()).isEqualTo(6);
        assertThat(done.path("progress").path("totalSteps").asLong()).isEqualTo(6);
        assertThat(events).anyMatch(e -> e.startsWith("event:progress")).anyMatch(e -> e.contains("SUCCEEDED"));

        String pretrained = done.path("modelId").asText();
        HttpApi.Response model = reader.get("/api/v1/models/" + pretrained);
        assertThat(model.json().path("kind").asText()).isEqualTo("PRETRAINED");
        assertThat(model.json().path("name").asText()).isEqualTo("qp-dipgnn");
        assertThat(model.json().path("version").asInt()).isEqualTo(1);
        assertThat(model.json().path("manifest").path("hidden").asInt()).isEqualTo(16);

        HttpApi.Response curves = reader.get("/api/v1/jobs/" + jobId + "/curves");
        assertThat(curves.json().path("losses").path("loss")).hasSize(3);
        HttpApi.Response svg = reader.get("/api/v1/jobs/" + jobId + "/curves.svg");
        assertThat(svg.header("Content-Type")).startsWith("image/svg+xml");
        assertThat(svg.text()).startsWith("<?xml").contains("<svg");

        HttpApi.Response finetune = admin.post(
                "/api/v1/jobs/finetune",
                Map.of(
                        "datasetId",
                        "query-product",
                        "modelName",
                        "recommendations",
                        "parameters",
                        Map.of(
                                "task",
                                "link",
                                "pretrainedModelId",
                                pretrained,
                                "steps",
                                6,
                                "evalEvery",
                                3,
                                "samplingWidth",
                                32,
                                "samplingDepth",
                                2)));
        assertThat(finetune.status()).as(finetune.toString()).isEqualTo(202);
        assertThat(finetune.json().path("parentModelId").asText()).isEqualTo(pretrained);
        assertThat(finetune.json().path("parameters").path("hidden").asInt())
                .as("architecture from the manifest")
                .isEqualTo(16);
        JsonNode tuned = awaitEnd(finetune.json().path("id").asText());
        assertThat(tuned.path("state").asText()).as(tuned.toString()).isEqualTo("SUCCEEDED");
        JsonNode tunedModel =
                reader.get("/api/v1/models/" + tuned.path("modelId").asText()).json();
        assertThat(tunedModel.path("kind").asText()).isEqualTo("FINETUNED");
        assertThat(tunedModel.path("parentModelId").asText()).isEqualTo(pretrained);
        assertThat(tunedModel
                        .path("manifest")
                        .path("metrics")
                        .path("test")
                        .path("mrr")
                        .asDouble())
                .isPositive();

        aPreTrainedEncoderEmbedsEveryNodeAtItsWidth(pretrained);
        anEmbeddingJobThatWouldFailIsRefusedBeforeQueueing(tuned.path("modelId").asText());

        assertThat(admin.delete("/api/v1/models/" + pretrained).status()).isEqualTo(204);
        assertThat(reader.get("/api/v1/models/" + pretrained).status()).isEqualTo(404);
    }

    /** An embedding job of a pre-trained model writes its encoder's embeddings of every node. */
    private void aPreTrainedEncoderEmbedsEveryNodeAtItsWidth(String pretrained) throws Exception {
        HttpApi.Response submitted = admin.post("/api/v1/jobs/embed", Map.of("modelId", pretrained));
        assertThat(submitted.status()).as(submitted.toString()).isEqualTo(202);
        JsonNode done = awaitEnd(submitted.json().path("id").asText());
        assertThat(done.path("state").asText()).as(done.toString()).isEqualTo("SUCCEEDED");
        Path written = Path.of(done.path("embeddingsPath").asText());
        JsonNode manifest = JSON.readTree(
                written.resolve(com.dipgnn.serving.EmbeddingsManifest.FILE_NAME).toFile());
        assertThat(manifest.path("dim").asInt())
                .as("the encoder's hidden width")
                .isEqualTo(16);
        assertThat(manifest.path("rows").asLong())
                .as("the built-in graph's 2,000 queries and 3,000 products")
                .isEqualTo(5_000);
    }

    /** An embedding job of a model whose files are gone is refused with 400 naming modelId, and nothing is queued. */
    private void anEmbeddingJobThatWouldFailIsRefusedBeforeQueueing(String tuned) throws Exception {
        long before = reader.get("/api/v1/jobs").json().path("total").asLong();
        Path weights = DATA_DIR.resolve("models").resolve(tuned).resolve("head.params");
        Path aside = weights.resolveSibling("head.params.aside");
        Files.move(weights, aside);
        try {
            HttpApi.Response missing = admin.post("/api/v1/jobs/embed", Map.of("modelId", tuned));
            assertThat(missing.status()).as(missing.toString()).isEqualTo(400);
            assertThat(missing.json().path("field").asText()).isEqualTo("modelId");
            assertThat(missing.json().path("detail").asText()).contains("lacks its file 'head.params'");
        } finally {
            Files.move(aside, weights);
        }
        HttpApi.Response unknown = admin.post("/api/v1/jobs/embed", Map.of("modelId", "mv-nope"));
        assertThat(unknown.status()).as(unknown.toString()).isEqualTo(400);
        assertThat(unknown.json().path("field").asText()).isEqualTo("modelId");
        assertThat(reader.get("/api/v1/jobs").json().path("total").asLong()).isEqualTo(before);
    }

    @Test
    void retriedSubmissionWithTheSameKeyReturnsTheFirstJob() {
        Map<String, Object> body = Map.of("datasetId", "query-product", "parameters", smallPretrain(2));
        HttpApi.Response first = admin.post("/api/v1/jobs/pretrain", body, "Idempotency-Key", "retry-1");
        HttpApi.Response again = admin.post("/api/v1/jobs/pretrain", body, "Idempotency-Key", "retry-1");
        assertThat(first.status()).isEqualTo(202);
        assertThat(again.status()).isEqualTo(202);
        assertThat(again.json().path("id").asText())
                .isEqualTo(first.json().path("id").asText());
        assertThat(again.header("Idempotent-Replayed")).isEqualTo("true");
        HttpApi.Response other = admin.post(
                "/api/v1/jobs/pretrain",
                Map.of("datasetId", "query-product", "parameters", smallPretrain(3)),
                "Idempotency-Key",
                "retry-1");
        assertThat(other.status()).isEqualTo(409);
        assertThat(other.json().path("detail").asText()).contains("different parameters");
        awaitEnd(first.json().path("id").asText());
    }

    @Test
    void aRetryReachesTheFirstJobAlsoWhenAnOlderServiceStoredItWithFewerDefaultsFilled() throws Exception {
        Map<String, Object> pretrain = Map.of("datasetId", "query-product", "parameters", smallPretrain(2));
        Map<String, Object> finetune = Map.of(
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
                        2,
                        "evalEvery",
                        2,
                        "samplingWidth",
                        32,
                        "samplingDepth",
                        2));
        String pretrainId = admin.post("/api/v1/jobs/pretrain", pretrain, "Idempotency-Key", "upgrade-1")
                .json()
                .path("id")
                .asText();
        String finetuneId = admin.post("/api/v1/jobs/finetune", finetune, "Idempotency-Key", "upgrade-2")
                .json()
                .path("id")
                .asText();
        awaitEnd(pretrainId);
        awaitEnd(finetuneId);
        // stored as a service from before the node inputs were stored filled: the fields absent
        List<String> nodeInputs = List.of("nodeEmbeddings", "structuralInputs", "embeddingRowDropout");
        JdbcClient db = JdbcClient.create(dataSource);
        for (String id : List.of(pretrainId, finetuneId)) {
            ObjectNode stored = (ObjectNode) JSON.readTree(db.sql("SELECT parameters FROM jobs WHERE id = ?")
                    .param(id)
                    .query(String.class)
                    .single());
            assertThat(stored.has("structuralInputs")).as("stored filled").isTrue();
            stored.remove(nodeInputs);
            db.sql("UPDATE jobs SET parameters = ? WHERE id = ?")
                    .param(stored.toString())
                    .param(id)
                    .update();
        }

        HttpApi.Response pretrainAgain = admin.post("/api/v1/jobs/pretrain", pretrain, "Idempotency-Key", "upgrade-1");
        HttpApi.Response finetuneAgain = admin.post("/api/v1/jobs/finetune", finetune, "Idempotency-Key", "upgrade-2");
        assertThat(pretrainAgain.status()).as(pretrainAgain.toString()).isEqualTo(202);
        assertThat(pretrainAgain.json().path("id").asText()).isEqualTo(pretrainId);
        assertThat(pretrainAgain.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(finetuneAgain.status()).as(finetuneAgain.toString()).isEqualTo(202);
        assertThat(finetuneAgain.json().path("id").asText()).isEqualTo(finetuneId);
        assertThat(admin.post(
                                "/api/v1/jobs/pretrain",
                                Map.of("datasetId", "query-product", "parameters", smallPretrain(3)),
                                "Idempotency-Key",
                                "upgrade-1")
                        .status())
                .as("another request still conflicts")
                .isEqualTo(409);
    }

    @Test
    void cancelStopsARunningJobWithinSeconds() throws Exception {
        HttpApi.Response submitted = admin.post(
                "/api/v1/jobs/pretrain", Map.of("datasetId", "query-product", "parameters", smallPretrain(100_000)));
        String id = submitted.json().path("id").asText();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (reader.get("/api/v1/jobs/" + id)
                        .json()
                        .path("progress")
                        .path("step")
                        .asLong()
                < 3) {
            assertThat(System.nanoTime()).as("job started").isLessThan(deadline);
            Thread.sleep(200);
        }
        long asked = System.nanoTime();
        HttpApi.Response cancel = admin.post("/api/v1/jobs/" + id + "/cancel", "");
        assertThat(cancel.status()).isEqualTo(200);
        JsonNode ended = awaitEnd(id);
        assertThat(ended.path("state").asText()).isEqualTo("CANCELLED");
        assertThat(Duration.ofNanos(System.nanoTime() - asked)).isLessThan(Duration.ofSeconds(10));
        assertThat(ended.has("modelId")).isFalse();
        assertThat(DATA_DIR.resolve("jobs/" + id + "/checkpoints/LATEST"))
                .as("last checkpoint kept")
                .exists();
        assertThat(admin.post("/api/v1/jobs/" + id + "/cancel", "").status()).isEqualTo(409);
    }

    @Test
    void badParametersAreRefusedWithTheirFieldAndNothingIsQueued() {
        long before = reader.get("/api/v1/jobs").json().path("total").asLong();
        HttpApi.Response range = admin.post(
                "/api/v1/jobs/pretrain",
                Map.of("datasetId", "query-product", "parameters", Map.of("edgeMaskRatio", 1.5)));
        assertThat(range.status()).isEqualTo(400);
        assertThat(range.json().path("errors").findValuesAsText("field")).contains("parameters.edgeMaskRatio");
        HttpApi.Response method = admin.post(
                "/api/v1/jobs/pretrain", Map.of("datasetId", "query-product", "parameters", Map.of("method", "bert")));
        assertThat(method.status()).isEqualTo(400);
        HttpApi.Response type = admin.post(
                "/api/v1/jobs/finetune",
                Map.of("datasetId", "query-product", "parameters", Map.of("task", "node", "targetType", "user")));
        assertThat(type.status()).isEqualTo(400);
        assertThat(type.json().path("field").asText()).isEqualTo("parameters.targetType");
        HttpApi.Response parent = admin.post(
                "/api/v1/jobs/finetune",
                Map.of(
                        "datasetId",
                        "query-product",
                        "parameters",
                        Map.of("task", "link", "pretrainedModelId", "mv-nope")));
        assertThat(parent.status()).isEqualTo(400);
        assertThat(parent.json().path("field").asText()).isEqualTo("parameters.pretrainedModelId");
        HttpApi.Response dataset = admin.post("/api/v1/jobs/pretrain", Map.of("datasetId", "nope"));
        assertThat(dataset.status()).isEqualTo(404);
        HttpApi.Response wrongType = admin.postRaw(
                "/api/v1/jobs/pretrain",
                "{\"datasetId\":\"query-product\",\"parameters\":{\"steps\":\"many\"}}",
                "application/json");
        assertThat(wrongType.status()).isEqualTo(400);
        assertThat(wrongType.json().path("field").asText()).isEqualTo("parameters.steps");
        assertThat(reader.post("/api/v1/jobs/pretrain", Map.of("datasetId", "query-product"))
                        .status())
                .isEqualTo(403);
        assertThat(reader.get("/api/v1/jobs").json().path("total").asLong()).isEqualTo(before);
        assertThat(reader.get("/api/v1/jobs/nope").status()).isEqualTo(404);
    }

    JsonNode awaitEnd(String id) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
        while (true) {
            JsonNode job = reader.get("/api/v1/jobs/" + id).json();
            String state = job.path("state").asText();
            if (!state.equals("QUEUED") && !state.equals("RUNNING")) {
                return job;
            }
            assertThat(System.nanoTime())
                    .as("job " + id + " ended in time: " + job)
                    .isLessThan(deadline);
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
