package com.dipgnn.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.ServiceApplication;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The whole application on the {@code postgres} profile (the production configuration): Flyway
 * creates the schema in PostgreSQL, a job runs and is recorded, and a restart finds it. Runs when
 * {@code DIPGNN_TEST_POSTGRES_URL} points at a server ({@code .ci/postgres.sh}); required in CI.
 */
class PostgresProfileIT {

    private static final String TOKEN = "postgres-admin-token-0123456789";

    @Test
    void serviceRunsOnPostgresql() throws Exception {
        String url = TestPostgres.urlOrSkip();
        String schema = "app" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        Path data = ServiceTestBase.tempDir("dipgnn-pg");
        String jobId;
        try (ConfigurableApplicationContext app = start(data, url, schema)) {
            HttpApi api = new HttpApi(port(app), TOKEN);
            assertThat(SchemaMigrationsIT.applied(app.getBean(DataSource.class)))
                    .isEqualTo(SchemaMigrationsIT.ALL_MIGRATIONS);
            assertThat(api.get("/api/v1/datasets/query-product").status()).isEqualTo(200);
            jobId = api.post(
                            "/api/v1/jobs/pretrain",
                            Map.of("datasetId", "query-product", "parameters", JobApiIT.smallPretrain(2)),
                            "Idempotency-Key",
                            "pg-1")
                    .json()
                    .path("id")
                    .asText();
            JsonNode job = await(api, jobId);
            assertThat(job.path("state").asText()).as(job.toString()).isEqualTo("SUCCEEDED");
            assertThat(api.get("/api/v1/models/" + job.path("modelId").asText())
                            .json()
                            .path("kind")
                            .asText())
                    .isEqualTo("PRETRAINED");
        }
        try (ConfigurableApplicationContext again = start(data, url, schema)) {
            HttpApi api = new HttpApi(port(again), TOKEN);
            JsonNode job = api.get("/api/v1/jobs/" + jobId).json();
            assertThat(job.path("state").asText()).isEqualTo("SUCCEEDED");
            HttpApi.Response replay = api.post(
                    "/api/v1/jobs/pretrain",
                    Map.of("datasetId", "query-product", "parameters", JobApiIT.smallPretrain(2)),
                    "Idempotency-Key",
                    "pg-1");
            assertThat(replay.json().path("id").asText())
                    .as("idempotency survives a restart")
                    .isEqualTo(jobId);
        }
    }

    private static JsonNode await(HttpApi api, String id) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (true) {
            JsonNode job = api.get("/api/v1/jobs/" + id).json();
            if (!job.path("state").asText().equals("QUEUED")
                    && !job.path("state").asText().equals("RUNNING")) {
                return job;
            }
            assertThat(System.nanoTime()).isLessThan(deadline);
            Thread.sleep(200);
        }
    }

    private static ConfigurableApplicationContext start(Path data, String url, String schema) {
        List<String> args = new ArrayList<>(TestPostgres.serviceArguments(url, schema));
        args.addAll(List.of(
                "--server.port=0",
                "--dipgnn.data-dir=" + data,
                "--dipgnn.security.tokens[0].name=admin",
                "--dipgnn.security.tokens[0].token=" + TOKEN,
                "--dipgnn.security.tokens[0].role=ADMIN"));
        return new SpringApplicationBuilder(ServiceApplication.class).run(args.toArray(String[]::new));
    }

    private static int port(ConfigurableApplicationContext context) {
        return ((WebServerApplicationContext) context).getWebServer().getPort();
    }
}
