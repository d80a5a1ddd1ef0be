package com.dipgnn.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.ServiceApplication;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * A restart of the application in the middle of a job: the job is still there after the
 * restart, resumes from its last checkpoint (not from step 0) and succeeds; when the restarted
 * service's settings cannot resume the checkpoint, the job trains again from step 0 and succeeds.
 */
class JobRestartIT {

    private static final String TOKEN = "restart-admin-token-0123456789";

    @Test
    void runningJobResumesFromItsLastCheckpointAfterARestart() throws Exception {
        Path data = ServiceTestBase.tempDir("dipgnn-restart");
        String jobId;
        try (ConfigurableApplicationContext first = start(data)) {
            jobId = pretrainingPastStep12(client(first), 40);
            assertThat(data.resolve("jobs/" + jobId + "/checkpoints/LATEST")).exists();
        }
        try (ConfigurableApplicationContext second = start(data)) {
            HttpApi api = client(second);
            JsonNode job = api.get("/api/v1/jobs/" + jobId).json();
            assertThat(job.path("state").asText()).isIn("QUEUED", "RUNNING", "SUCCEEDED");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
            while (!job.path("state").asText().equals("SUCCEEDED")) {
                assertThat(job.path("state").asText()).as(job.toString()).isIn("QUEUED", "RUNNING");
                assertThat(System.nanoTime())
                        .as("job finished after the restart")
                        .isLessThan(deadline);
                Thread.sleep(200);
                job = api.get("/api/v1/jobs/" + jobId).json();
            }
            assertThat(job.path("attempts").asInt()).isEqualTo(2);
            assertThat(job.path("resumedFromStep").asLong())
                    .as("resumed from a checkpoint, not from step 0")
                    .isGreaterThanOrEqualTo(10)
                    .isLessThan(40);
            assertThat(job.path("progress").path("step").asLong()).isEqualTo(40);
            assertThat(api.get("/api/v1/models/" + job.path("modelId").asText()).status())
                    .isEqualTo(200);
        }
    }

    @Test
    void aJobWhoseCheckpointTheNewSettingsCannotResumeTrainsAgainFromStepZero() throws Exception {
        Path data = ServiceTestBase.tempDir("dipgnn-restart-settings");
        String jobId;
        try (ConfigurableApplicationContext first = start(data, "--dipgnn.jobs.whole-graph-memory=1GB")) {
            jobId = pretrainingPastStep12(client(first), 30);
        }
        assertThat(data.resolve("jobs/" + jobId + "/checkpoints/LATEST")).exists();
        // the operator changed the workers' whole-graph memory while the job was stopped: its checkpoint
        // was trained under the old bound and cannot go on under the new one
        try (ConfigurableApplicationContext second = start(data, "--dipgnn.jobs.whole-graph-memory=2GB")) {
            HttpApi api = client(second);
            JsonNode job = awaitSucceeded(api, jobId);
            assertThat(job.path("attempts").asInt()).isEqualTo(2);
            assertThat(job.path("resumedFromStep").asLong())
                    .as("trained again from the beginning")
                    .isZero();
            assertThat(job.path("progress").path("step").asLong()).isEqualTo(30);
            assertThat(api.get("/api/v1/models/" + job.path("modelId").asText()).status())
                    .isEqualTo(200);
            assertThat(data.resolve("jobs/" + jobId + "/checkpoints")).doesNotExist();
            assertThat(api.get("/actuator/prometheus").text())
                    .containsPattern("dipgnn_jobs_checkpoint_restarts_total\\{[^}]*kind=\"pretrain\"[^}]*} 1\\.0");
        }
    }

    @Test
    void aModelWrittenOrRecordedBeforeAStopIsKeptNotTrainedAgain() throws Exception {
        Path data = ServiceTestBase.tempDir("dipgnn-restart-model");
        String unrecorded;
        String unfinished;
        Map<String, String> manifests = new HashMap<>();
        try (ConfigurableApplicationContext first = start(data)) {
            HttpApi api = client(first);
            unrecorded = finishedJob(api);
            unfinished = finishedJob(api);
            JdbcClient db = JdbcClient.create(first.getBean(DataSource.class));
            // as if the service had died after the model was written, before it was recorded
            String model = db.sql("SELECT model_id FROM jobs WHERE id = ?")
                    .param(unrecorded)
                    .query(String.class)
                    .single();
            db.sql("DELETE FROM models WHERE id = ?").param(model).update();
            for (String id : new String[] {unrecorded, unfinished}) {
                String m = db.sql("SELECT model_id FROM jobs WHERE id = ?")
                        .param(id)
                        .query(String.class)
                        .single();
                manifests.put(id, Files.readString(data.resolve("models/" + m + "/manifest.json")));
            }
            // ... and after the model was recorded, before the job was marked succeeded
            db.sql("UPDATE jobs SET state = 'RUNNING', finished_at = NULL WHERE id IN (?, ?)")
                    .params(unrecorded, unfinished)
                    .update();
        }
        try (ConfigurableApplicationContext second = start(data)) {
            HttpApi api = client(second);
            for (String id : new String[] {unrecorded, unfinished}) {
                JsonNode job = awaitSucceeded(api, id);
                assertThat(job.path("attempts").asInt()).isEqualTo(2);
                String model = job.path("modelId").asText();
                assertThat(api.get("/api/v1/models/" + model).status()).isEqualTo(200);
                assertThat(Files.readString(data.resolve("models/" + model + "/manifest.json")))
                        .as("the same model files, not trained again")
                        .isEqualTo(manifests.get(id));
                assertThat(data.resolve("jobs/" + id + "/checkpoints")).doesNotExist();
            }
        }
    }

    /** Submits a small pre-training job of {@code steps} (a checkpoint every 5) and waits until it passed step 12. */
    private static String pretrainingPastStep12(HttpApi api, int steps) throws InterruptedException {
        Map<String, Object> parameters = Map.of(
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
                5,
                "logEvery",
                5,
                "samplingWidth",
                32,
                "samplingDepth",
                2);
        String id = api.post("/api/v1/jobs/pretrain", Map.of("datasetId", "query-product", "parameters", parameters))
                .json()
                .path("id")
                .asText();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (api.get("/api/v1/jobs/" + id)
                        .json()
                        .path("progress")
                        .path("step")
                        .asLong()
                < 12) {
            assertThat(System.nanoTime()).as("job reached step 12").isLessThan(deadline);
            Thread.sleep(100);
        }
        return id;
    }

    private static String finishedJob(HttpApi api) throws InterruptedException {
        Map<String, Object> parameters = Map.of(
                "method",
                "dipgnn",
                "layers",
                1,
                "hidden",
                16,
                "heads",
                2,
                "steps",
                4,
                "checkpointEvery",
                2,
                "logEvery",
                2,
                "samplingWidth",
                32,
                "samplingDepth",
                2);
        String id = api.post("/api/v1/jobs/pretrain", Map.of("datasetId", "query-product", "parameters", parameters))
                .json()
                .path("id")
                .asText();
        awaitSucceeded(api, id);
        return id;
    }

    private static JsonNode awaitSucceeded(HttpApi api, String id) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        JsonNode job = api.get("/api/v1/jobs/" + id).json();
        while (!job.path("state").asText().equals("SUCCEEDED")) {
            assertThat(job.path("state").asText()).as(job.toString()).isIn("QUEUED", "RUNNING");
            assertThat(System.nanoTime()).as("job " + id + " succeeded").isLessThan(deadline);
            Thread.sleep(100);
            job = api.get("/api/v1/jobs/" + id).json();
        }
        return job;
    }

    private static ConfigurableApplicationContext start(Path data, String... settings) {
        List<String> args = new ArrayList<>(List.of(
                "--server.port=0",
                "--dipgnn.data-dir=" + data,
                "--dipgnn.security.tokens[0].name=admin",
                "--dipgnn.security.tokens[0].token=" + TOKEN,
                "--dipgnn.security.tokens[0].role=ADMIN"));
        args.addAll(List.of(settings));
        return new SpringApplicationBuilder(ServiceApplication.class).run(args.toArray(String[]::new));
    }

    private static HttpApi client(ConfigurableApplicationContext context) {
        int port = ((WebServerApplicationContext) context).getWebServer().getPort();
        return new HttpApi(port, TOKEN);
    }
}
