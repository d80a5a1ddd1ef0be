package com.dipgnn.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.ServiceApplication;
import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Two API replicas on one PostgreSQL database and one data directory: what one replica deploys,
 * switches or undeploys, the other follows within its sync interval, and both answer alike.
 */
class DeploymentSyncIT {

    private static final String TOKEN = "deployment-sync-admin-token-0123";

    @Test
    void aSecondReplicaFollowsDeploysSwitchesAndUndeploys() throws Exception {
        String url = TestPostgres.urlOrSkip();
        String schema = "ds" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        Path data = ServiceTestBase.tempDir("dipgnn-sync");
        try (ConfigurableApplicationContext first = start(data, url, schema, "api,worker");
                ConfigurableApplicationContext second = start(data, url, schema, "api")) {
            HttpApi a = new HttpApi(port(first), TOKEN);
            HttpApi b = new HttpApi(port(second), TOKEN);
            String m1 = finetune(a, 1);
            String m2 = finetune(a, 2);

            deploy(a, m1);
            await(a, d -> ready(d, m1));
            await(b, d -> ready(d, m1));
            Map<String, Object> query = Map.of("nodeType", "product", "ids", List.of(1, 2, 3));
            JsonNode fromA =
                    a.post("/api/v1/deployments/recs/embeddings", query).json();
            JsonNode fromB =
                    b.post("/api/v1/deployments/recs/embeddings", query).json();
            assertThat(fromB.path("modelId").asText()).isEqualTo(m1);
            assertThat(fromB.path("embeddings"))
                    .as("the same model answers alike")
                    .hasSize(3)
                    .isEqualTo(fromA.path("embeddings"));

            deploy(b, m2); // a switch on the second replica, followed by the first
            await(b, d -> ready(d, m2));
            await(a, d -> ready(d, m2));

            assertThat(a.delete("/api/v1/deployments/recs").status()).isEqualTo(204);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (b.get("/api/v1/deployments/recs").status() != 404) {
                assertThat(System.nanoTime())
                        .as("the second replica dropped the undeployed model")
                        .isLessThan(deadline);
                Thread.sleep(200);
            }
        }
    }

    private static boolean ready(JsonNode d, String model) {
        return d.path("state").asText().equals("READY")
                && d.path("modelId").asText().equals(model)
                && d.path("pending").isMissingNode();
    }

    private static void deploy(HttpApi api, String model) {
        HttpApi.Response r = api.send(api.request("/api/v1/deployments/recs")
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString("{\"modelId\":\"" + model + "\"}")));
        assertThat(r.status()).as(r.toString()).isIn(200, 202);
    }

    private static void await(HttpApi api, Predicate<JsonNode> condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        JsonNode d = api.get("/api/v1/deployments/recs").json();
        while (d == null || !condition.test(d)) {
            assertThat(System.nanoTime()).as("deployment: " + d).isLessThan(deadline);
            Thread.sleep(200);
            d = api.get("/api/v1/deployments/recs").json();
        }
    }

    private static String finetune(HttpApi api, int seed) throws InterruptedException {
        HttpApi.Response job = api.post(
                "/api/v1/jobs/finetune",
                Map.of(
                        "datasetId",
                        "query-product",
                        "modelName",
                        "recs",
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
                                "seed",
                                seed,
                                "samplingWidth",
                                32,
                                "samplingDepth",
                                2)));
        assertThat(job.status()).as(job.toString()).isEqualTo(202);
        String id = job.json().path("id").asText();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
        JsonNode done = api.get("/api/v1/jobs/" + id).json();
        while (done.path("state").asText().equals("QUEUED")
                || done.path("state").asText().equals("RUNNING")) {
            assertThat(System.nanoTime()).as("fine-tuning ended: " + done).isLessThan(deadline);
            Thread.sleep(200);
            done = api.get("/api/v1/jobs/" + id).json();
        }
        assertThat(done.path("state").asText()).as(done.toString()).isEqualTo("SUCCEEDED");
        return done.path("modelId").asText();
    }

    private static ConfigurableApplicationContext start(Path data, String url, String schema, String roles) {
        List<String> args = new ArrayList<>(TestPostgres.serviceArguments(url, schema));
        args.addAll(List.of(
                "--server.port=0",
                "--dipgnn.data-dir=" + data,
                "--dipgnn.roles=" + roles,
                "--dipgnn.serving.sync-interval=500ms",
                "--dipgnn.security.tokens[0].name=admin",
                "--dipgnn.security.tokens[0].token=" + TOKEN,
                "--dipgnn.security.tokens[0].role=ADMIN"));
        return new SpringApplicationBuilder(ServiceApplication.class).run(args.toArray(String[]::new));
    }

    private static int port(ConfigurableApplicationContext context) {
        return ((WebServerApplicationContext) context).getWebServer().getPort();
    }
}
