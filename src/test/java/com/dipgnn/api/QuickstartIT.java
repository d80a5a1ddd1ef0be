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
 * built-in graph as ordinary jobs, with no step of the user's, and does it once (few steps here).
 */
class QuickstartIT {

    @Test
    void theFirstStartEndsWithADeploymentThatRecommendsAndALaterStartAddsNothing() throws Exception {
        Path data = ServiceTestBase.tempDir("dipgnn-quickstart");
        try (ConfigurableApplicationContext first = start(data)) {
            HttpApi api = new HttpApi(
                    port(first), Files.readString(data.resolve("admin-token")).trim());
            JsonNode deployment = await(api, "/api/v1/deployments/recommendations", "state", "READY");

            List<String> jobs = jobNames(api);
            assertThat(jobs).containsExactlyInAnyOrder("quickstart-dipgnn SUCCEEDED", "recommendations SUCCEEDED");
            HttpApi.Response top = api.post(
                    "/api/v1/deployments/recommendations/recommendations",
                    Map.of("id", 7, "k", 5, "excludeLinked", true));
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
