package com.dipgnn.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.ServiceApplication;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The first start on the embedded defaults pre-trains, fine-tunes and deploys a model of the
 * built-in graph as ordinary jobs, with no step of the user's, and does it once (few steps here);
 * until its model answers, the deployment's routes say which job prepares it; the same seed and
 * threads (1, as every test JVM runs) give the same recommendations.
 */
class QuickstartIT {

    private static final String RECOMMEND = "/api/v1/deployments/recommendations/recommendations";

    @Test
    void theFirstStartEndsWithADeploymentThatRecommendsAndALaterStartAddsNothing() throws Exception {
        Path data = ServiceTestBase.tempDir("dipgnn-quickstart");
        try (ConfigurableApplicationContext first = start(data)) {
            HttpApi api = new HttpApi(
                    port(first), Files.readString(data.resolve("admin-token")).trim());
            HttpApi.Response before = api.post(RECOMMEND, Map.of("id", 7, "k", 5));
            assertThat(before.status())
                    .as("asked before the model exists: " + before)
                    .isEqualTo(503);
            assertThat(before.header("Retry-After")).isNotNull();
            String preparingJob = before.json().path("jobId").asText();
            assertThat(before.json().path("detail").asText())
                    .contains("being prepared by the quick start", "job " + preparingJob, "/events");
            assertThat(api.get("/api/v1/jobs/" + preparingJob)
                            .json()
                            .path("modelName")
                            .asText())
                    .isIn("quickstart-dipgnn", "recommendations");
            JsonNode deployment = await(api, "/api/v1/deployments/recommendations", "state", "READY");

            List<String> jobs = jobNames(api);
            assertThat(jobs).containsExactlyInAnyOrder("quickstart-dipgnn SUCCEEDED", "recommendations SUCCEEDED");
            HttpApi.Response top = api.post(RECOMMEND, Map.of("id", 7, "k", 5, "excludeLinked", true));
            assertThat(top.status()).as(top.toString()).isEqualTo(200);
            assertThat(top.json().path("items")).hasSize(5);
            assertThat(top.json().path("modelId").asText())
                    .isEqualTo(deployment.path("modelId").asText());
            assertThat(data.resolve("quickstart-done")).exists();
        }
        try (ConfigurableApplicationContext second = start(data)) {
            HttpApi api = new HttpApi(
                    port(second), Files.readString(data.resolve("admin-token")).trim());
            await(api, "/api/v1/deployments/recommendations", "state", "READY");
            Thread.sleep(3000); // time enough for a second demonstration to submit a job, if one ran
            assertThat(jobNames(api)).as("no second demonstration").hasSize(2);
        }
    }

    @Test
    void twoFirstStartsWithTheSameSeedAndThreadsRecommendTheSameTopTen() throws Exception {
        List<List<String>> tops = new ArrayList<>();
        for (String name : List.of("dipgnn-repro-a", "dipgnn-repro-b")) {
            Path data = ServiceTestBase.tempDir(name);
            try (ConfigurableApplicationContext context = start(data)) {
                HttpApi api = new HttpApi(
                        port(context),
                        Files.readString(data.resolve("admin-token")).trim());
                await(api, "/api/v1/deployments/recommendations", "state", "READY");
                HttpApi.Response top = api.post(RECOMMEND, Map.of("id", 7, "k", 10));
                assertThat(top.status()).as(top.toString()).isEqualTo(200);
                List<String> items = new ArrayList<>(); // ids and scores: the models must be bit-identical
                top.json()
                        .path("items")
                        .forEach(item -> items.add(item.path("id").asText() + " "
                                + item.path("score").asText()));
                tops.add(items);
            }
        }
        assertThat(tops.get(0)).hasSize(10);
        assertThat(tops.get(1)).as("the second start's top 10").isEqualTo(tops.get(0));
    }

    private static List<String> jobNames(HttpApi api) {
        List<String> names = new ArrayList<>();
        JsonNode list = api.get("/api/v1/jobs").json();
        JsonNode items = list.path("items");
        items.forEach(j ->
                names.add(j.path("modelName").asText() + " " + j.path("state").asText()));
        return names;
    }

    private static JsonNode await(HttpApi api, String path, String field, String value) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
        while (true) {
            JsonNode node = api.get(path).json();
            if (node != null && node.path(field).asText().equals(value)) {
                return node;
            }
            assertThat(node == null ? "" : node.path(field).asText())
                    .as(path + ": " + node)
                    .isNotEqualTo("FAILED");
            assertThat(System.nanoTime()).as(path + " reached " + value).isLessThan(deadline);
            Thread.sleep(200);
        }
    }

    private static ConfigurableApplicationContext start(Path data) {
        return new SpringApplicationBuilder(ServiceApplication.class)
                .run(
                        "--server.port=0",
                        "--dipgnn.data-dir=" + data,
                        "--dipgnn.quickstart.enabled=true",
                        "--dipgnn.quickstart.pretrain-steps=3",
                        "--dipgnn.quickstart.finetune-steps=4");
    }

    private static int port(ConfigurableApplicationContext context) {
        return ((WebServerApplicationContext) context).getWebServer().getPort();
    }
}
