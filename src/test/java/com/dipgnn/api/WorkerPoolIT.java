package com.dipgnn.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The worker pool on loopback against a real PostgreSQL, as it runs in production: one API
 * process and worker processes of the executable jar, sharing one job table and one data
 * directory. A worker killed with SIGKILL in the middle of a job loses it to the other, which
 * resumes from the last checkpoint and ends exactly as an uninterrupted run of the same job; jobs
 * submitted together are drained by both workers and each runs exactly once.
 */
class WorkerPoolIT {

    private static final String TOKEN = "worker-pool-admin-token-0123456789";
    private static final Map<String, Object> LONG_JOB = Map.of(
            "method",
            "dipgnn",
            "layers",
            1,
            "hidden",
            16,
            "heads",
            2,
            "steps",
            40,
            "checkpointEvery",
            5,
            "logEvery",
            5,
            "samplingWidth",
            32,
            "samplingDepth",
            2,
            "seed",
            7);

    private final List<Process> processes = new ArrayList<>();
    private Path data;
    private String url;
    private String schema;

    @AfterEach
    void stopProcesses() {
        processes.forEach(Process::destroyForcibly);
    }

    @Test
    void aKilledWorkersJobIsFinishedByAnotherFromItsCheckpointAndQueuedJobsRunExactlyOnce() throws Exception {
        url = TestPostgres.urlOrSkip();
        data = ServiceTestBase.tempDir("dipgnn-workers");
        schema = "wp" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        int apiPort = freePort();
        Process api = start("api", "api", apiPort);
        Map<String, Process> workers = new LinkedHashMap<>();
        Map<String, Integer> workerPorts = Map.of("w1", freePort(), "w2", freePort());
        workers.put("w1", start("worker", "w1", workerPorts.get("w1")));
        workers.put("w2", start("worker", "w2", workerPorts.get("w2")));
        HttpApi client = new HttpApi(apiPort, TOKEN);
        awaitUp(client, api);

        // a worker serves health and metrics, not the API
        HttpApi workerApi = new HttpApi(workerPorts.get("w1"), TOKEN);
        awaitWorkerUp(workerApi, workers.get("w1"), "w1");
        HttpApi.Response refused = workerApi.get("/api/v1/jobs");
        assertThat(refused.status()).as(refused.toString()).isEqualTo(404);
        assertThat(refused.json().path("detail").asText()).contains("worker role", "api role");
        assertThat(workerApi.get("/actuator/health/readiness").status()).isEqualTo(200);

        // 1. SIGKILL the worker that runs a job, once it has written a checkpoint
        String jobId = submit(client, LONG_JOB);
        CompletableFuture<List<String>> events =
                CompletableFuture.supplyAsync(() -> client.events("/api/v1/jobs/" + jobId + "/events"));
        JsonNode job = client.get("/api/v1/jobs/" + jobId).json();
        long deadline = deadline(180);
        Path latest = data.resolve("jobs/" + jobId + "/checkpoints/LATEST");
        while (!job.path("state").asText().equals("RUNNING")
                || job.path("progress").path("step").asLong() < 12
                || !Files.exists(latest)) {
            assertThat(job.path("state").asText()).as(job.toString()).isIn("QUEUED", "RUNNING");
            assertThat(System.nanoTime()).as("the job ran 12 steps: " + job).isLessThan(deadline);
            Thread.sleep(100);
            job = client.get("/api/v1/jobs/" + jobId).json();
        }
        String victim = job.path("worker").asText();
        assertThat(workers).containsKey(victim);
        kill(workers.get(victim));
        long checkpointStep = checkpointStep(latest);
        String survivor = victim.equals("w1") ? "w2" : "w1";

        JsonNode finished = awaitEnded(client, jobId, 240);
        assertThat(finished.path("state").asText()).as(finished.toString()).isEqualTo("SUCCEEDED");
        assertThat(finished.path("worker").asText())
                .as("finished by the other worker")
                .isEqualTo(survivor);
        assertThat(finished.path("attempts").asInt()).isEqualTo(2);
        assertThat(finished.path("resumedFromStep").asLong())
                .as("resumed from the killed worker's last checkpoint")
                .isEqualTo(checkpointStep)
                .isGreaterThanOrEqualTo(10)
                .isLessThan(40);
        assertThat(finished.path("progress").path("step").asLong()).isEqualTo(40);
        assertThat(events.get(30, TimeUnit.SECONDS))
                .as("the API process relays the workers' progress")
                .anyMatch(e -> e.startsWith("event:progress"))
                .last()
                .asString()
                .contains("SUCCEEDED");
        assertThat(loggedSteps(client, jobId))
                .as("every logged step once, none lost or repeated")
                .containsExactly(5L, 10L, 15L, 20L, 25L, 30L, 35L, 40L);

        // the same job, uninterrupted, on the surviving worker: the same model, to the last bit
        String reference = submit(client, LONG_JOB);
        JsonNode uninterrupted = awaitEnded(client, reference, 240);
        assertThat(uninterrupted.path("state").asText()).isEqualTo("SUCCEEDED");
        assertThat(uninterrupted.path("attempts").asInt()).isEqualTo(1);
        assertThat(modelFile(finished, "encoder.params"))
                .as("no step lost or run twice past the checkpoint")
                .isEqualTo(modelFile(uninterrupted, "encoder.params"));
        assertThat(metrics(client, finished)).isEqualTo(metrics(client, uninterrupted));
        assertThat(client.get("/api/v1/jobs/" + jobId + "/curves").json())
                .as("the same losses at every logged step")
                .isEqualTo(client.get("/api/v1/jobs/" + reference + "/curves").json());

        // a cancel sent to the API process stops the job on its worker
        String cancelled = submit(
                client,
                Map.of(
                        "method",
                        "dipgnn",
                        "layers",
                        1,
                        "hidden",
                        16,
                        "heads",
                        2,
                        "steps",
                        5000,
                        "samplingWidth",
                        32,
                        "samplingDepth",
                        2));
        long started = deadline(120);
        while (client.get("/api/v1/jobs/" + cancelled)
                        .json()
                        .path("progress")
                        .path("step")
                        .asLong()
                < 2) {
            assertThat(System.nanoTime()).as("the job to cancel started").isLessThan(started);
            Thread.sleep(100);
        }
        assertThat(client.post("/api/v1/jobs/" + cancelled + "/cancel", "").status())
                .isEqualTo(200);
        JsonNode stopped = awaitEnded(client, cancelled, 60);
        assertThat(stopped.path("state").asText()).as(stopped.toString()).isEqualTo("CANCELLED");
        assertThat(stopped.path("progress").path("step").asLong()).isLessThan(5000);

        // 2. a fresh worker beside the survivor; N jobs submitted together all run exactly once
        workers.put("w3", start("worker", "w3", freePort()));
        awaitWorkerUp(workers.get("w3"));
        int n = 6;
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ids.add(submit(
                    client,
                    Map.of(
                            "method",
                            "dipgnn",
                            "layers",
                            1,
                            "hidden",
                            16,
                            "heads",
                            2,
                            "steps",
                            8,
                            "checkpointEvery",
                            4,
                            "logEvery",
                            4,
                            "samplingWidth",
                            32,
                            "samplingDepth",
                            2,
                            "seed",
                            i)));
        }
        Set<String> ranOn = new HashSet<>();
        for (String id : ids) {
            JsonNode done = awaitEnded(client, id, 300);
            assertThat(done.path("state").asText()).as(done.toString()).isEqualTo("SUCCEEDED");
            assertThat(done.path("attempts").asInt())
                    .as("started once: " + done)
                    .isEqualTo(1);
            ranOn.add(done.path("worker").asText());
        }
        assertThat(ranOn).as("both live workers drained the queue").containsExactlyInAnyOrder(survivor, "w3");
        Map<String, Integer> modelsPerJob = modelsPerJob();
        for (String id : ids) {
            assertThat(modelsPerJob.get(id))
                    .as("job " + id + " recorded one model")
                    .isEqualTo(1);
        }
        assertThat(modelsPerJob.get(jobId)).isEqualTo(1);
    }

    private Process start(String role, String name, int port) throws IOException {
        String jar = System.getProperty("dipgnn.jar");
        assertThat(jar).as("the failsafe plugin passes the jar as -Ddipgnn.jar").isNotBlank();
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx1g",
                "-Dai.djl.offline=true",
                "-Dai.djl.pytorch.num_threads=1",
                "-Dai.djl.pytorch.num_interop_threads=1",
                "-jar",
                jar,
                role,
                "--server.port=" + port));
        command.addAll(TestPostgres.serviceArguments(url, schema));
        command.addAll(List.of(
                "--dipgnn.data-dir=" + data,
                "--dipgnn.jobs.worker-id=" + name,
                "--dipgnn.jobs.lease-duration=4s",
                "--dipgnn.jobs.lease-renew-interval=1s",
                "--dipgnn.jobs.poll-interval=200ms",
                "--dipgnn.jobs.progress-interval=200ms",
                "--dipgnn.security.tokens[0].name=admin",
                "--dipgnn.security.tokens[0].token=" + TOKEN,
                "--dipgnn.security.tokens[0].role=ADMIN"));
        Process p = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(data.resolve(name + ".log").toFile())
                .start();
        processes.add(p);
        return p;
    }

    /** SIGKILL: the worker gets no chance to release its job or write anything. */
    private static void kill(Process worker) throws Exception {
        Process kill = new ProcessBuilder("kill", "-KILL", Long.toString(worker.pid()))
                .inheritIO()
                .start();
        assertThat(kill.waitFor(10, TimeUnit.SECONDS) && kill.exitValue() == 0)
                .as("kill -KILL")
                .isTrue();
        assertThat(worker.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(worker.exitValue()).as("killed by signal 9").isEqualTo(137);
    }

    /** Waits until a worker answers its readiness probe (it may start after the API on a loaded machine). */
    private void awaitWorkerUp(HttpApi worker, Process process, String name) throws Exception {
        long deadline = deadline(180);
        while (true) {
            assertThat(process.isAlive())
                    .as("worker " + name + " runs; its log: " + log(name))
                    .isTrue();
            try {
                if (worker.get("/actuator/health/readiness").status() == 200) {
                    return;
                }
            } catch (RuntimeException notYet) {
                // not listening yet
            }
            assertThat(System.nanoTime())
                    .as("worker " + name + " started; its log: " + log(name))
                    .isLessThan(deadline);
            Thread.sleep(250);
        }
    }

    private void awaitUp(HttpApi client, Process api) throws Exception {
        long deadline = deadline(180);
        while (true) {
            assertThat(api.isAlive())
                    .as("the API process runs; its log: " + log("api"))
                    .isTrue();
            try {
                if (client.get("/api/v1/datasets/query-product").status() == 200) {
                    return;
                }
            } catch (RuntimeException notYet) {
                // not listening yet
            }
            assertThat(System.nanoTime())
                    .as("the API process started; its log: " + log("api"))
                    .isLessThan(deadline);
            Thread.sleep(250);
        }
    }

    private void awaitWorkerUp(Process worker) throws Exception {
        long deadline = deadline(180);
        while (!log("w3").contains("takes jobs from the shared job queue")) {
            assertThat(worker.isAlive())
                    .as("worker w3 runs; its log: " + log("w3"))
                    .isTrue();
            assertThat(System.nanoTime()).as("worker w3 started").isLessThan(deadline);
            Thread.sleep(250);
        }
    }

    private static String submit(HttpApi client, Map<String, Object> parameters) {
        HttpApi.Response r =
                client.post("/api/v1/jobs/pretrain", Map.of("datasetId", "query-product", "parameters", parameters));
        assertThat(r.status()).as(r.toString()).isEqualTo(202);
        return r.json().path("id").asText();
    }

    private JsonNode awaitEnded(HttpApi client, String id, int seconds) throws InterruptedException {
        long deadline = deadline(seconds);
        while (true) {
            JsonNode job = client.get("/api/v1/jobs/" + id).json();
            String state = job.path("state").asText();
            if (!state.equals("QUEUED") && !state.equals("RUNNING")) {
                return job;
            }
            if (System.nanoTime() > deadline) {
                fail("job " + id + " did not end in " + seconds + " s: " + job + "\nlogs: " + log("w1") + log("w2")
                        + log("w3"));
            }
            Thread.sleep(200);
        }
    }

    private static List<Long> loggedSteps(HttpApi client, String id) {
        JsonNode losses = client.get("/api/v1/jobs/" + id + "/curves").json().path("losses");
        assertThat(losses.size()).as("loss series: " + losses).isPositive();
        List<Long> steps = new ArrayList<>();
        losses.elements().next().forEach(point -> steps.add(point.path("step").asLong()));
        return steps;
    }

    private byte[] modelFile(JsonNode job, String file) throws IOException {
        return Files.readAllBytes(
                data.resolve("models").resolve(job.path("modelId").asText()).resolve(file));
    }

    private static JsonNode metrics(HttpApi client, JsonNode job) {
        return client.get("/api/v1/models/" + job.path("modelId").asText())
                .json()
                .path("manifest")
                .path("metrics");
    }

    private Map<String, Integer> modelsPerJob() throws Exception {
        Map<String, Integer> count = new HashMap<>();
        try (Connection c = DriverManager.getConnection(url, TestPostgres.user(), TestPostgres.password());
                PreparedStatement s =
                        c.prepareStatement("SELECT job_id, COUNT(*) FROM " + schema + ".models GROUP BY job_id");
                ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                count.put(rs.getString(1), rs.getInt(2));
            }
        }
        return count;
    }

    private static long checkpointStep(Path latest) throws IOException {
        String name = Files.readString(latest).trim();
        JsonNode state = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(latest.resolveSibling(name).resolve("state.json").toFile());
        return state.path("step").asLong();
    }

    private String log(String name) {
        try {
            String text = Files.readString(data.resolve(name + ".log"));
            return "\n--- " + name + " ---\n" + (text.length() > 6000 ? text.substring(text.length() - 6000) : text);
        } catch (IOException e) {
            return "\n--- " + name + ": no log ---";
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static long deadline(int seconds) {
        return System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    }
}
