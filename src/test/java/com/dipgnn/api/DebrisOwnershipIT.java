package com.dipgnn.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.ServiceApplication;
import com.dipgnn.datasets.UploadStages;
import com.dipgnn.store.WriteOwner;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.support.GenericApplicationContext;

/**
 * Two processes on one data directory and one PostgreSQL database (issue 45): process 1, an
 * application context in this JVM, is receiving a slow client's upload (spooled to disk by the web
 * server), validating another upload, and writing a job's checkpoints when process 2, the
 * executable jar in a JVM of its own, starts and sweeps for debris, at start and every half second.
 * Process 2 removes what a dead process and an older version left, and nothing of process 1's:
 * both uploads complete into data sets, and the job, handed over when process 1 stops, resumes on
 * process 2 from process 1's last checkpoint. Process 1's files are made an hour old first, older
 * than process 2 and its grace period, so that only process 1's heartbeat keeps them.
 */
class DebrisOwnershipIT {

    private static final String TOKEN = "ownership-admin-token-0123456789";
    private static final String DEAD = "o00000000dead";
    private static final Instant AN_HOUR_AGO = Instant.now().minus(Duration.ofHours(1));
    private static final int SPOOL_THRESHOLD = 1024 * 1024; // spring.servlet.multipart.file-size-threshold

    private final HeldValidation held = new HeldValidation();
    private ConfigurableApplicationContext first;
    private Process second;
    private Socket slowClient;
    private Path data;

    @AfterEach
    void stop() throws IOException {
        held.release.countDown();
        if (slowClient != null) {
            slowClient.close();
        }
        if (second != null) {
            second.destroyForcibly();
        }
        if (first != null) {
            first.close();
        }
    }

    @Test
    void aStartingProcessRemovesWhatDeadProcessesLeftAndNothingOfALiveOnesUploadsOrCheckpoints() throws Exception {
        String url = TestPostgres.urlOrSkip();
        data = ServiceTestBase.tempDir("dipgnn-owners");
        String schema = "ow" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        first = startInThisJvm(url, schema);
        int port = ((WebServerApplicationContext) first).getWebServer().getPort();
        HttpApi api = new HttpApi(port, TOKEN);
        String owner = WriteOwner.current(); // process 1 runs in this JVM
        Path uploads = data.resolve("datasets");

        // (c) a job writing checkpoints
        String jobId = submitLongJob(api);
        Path checkpoints = data.resolve("jobs/" + jobId + "/checkpoints");
        await(
                () -> Files.exists(checkpoints.resolve("LATEST")),
                180,
                () -> "the job's first checkpoint: "
                        + api.get("/api/v1/jobs/" + jobId).text());

        // (b) an upload held after its extraction, before its validation
        byte[] small = Multipart.body("validated", "validated.zip", archive("validated", 4));
        CompletableFuture<HttpApi.Response> validated =
                CompletableFuture.supplyAsync(() -> api.send(api.request("/api/v1/datasets")
                        .timeout(Duration.ofMinutes(10))
                        .header("Content-Type", "multipart/form-data; boundary=" + Multipart.BOUNDARY)
                        .POST(HttpRequest.BodyPublishers.ofByteArray(small))));
        assertThat(held.reached.await(120, TimeUnit.SECONDS))
                .as("the upload reached its validation")
                .isTrue();
        Path extraction = held.extracted.getParent();
        assertThat(extraction.getFileName().toString()).startsWith(".partial-" + owner + "-");
        Path archive = uploads.resolve(extraction.getFileName().toString().replaceFirst("^\\.partial-", ".upload-"));
        assertThat(archive).exists();

        // (a) a slow client's upload, half sent: the web server has spooled what came so far to disk
        byte[] slowBody = Multipart.body("slow", "slow.zip", archive("slow", 80_000));
        assertThat(slowBody.length).isGreaterThan(2 * SPOOL_THRESHOLD);
        slowClient = new Socket("localhost", port);
        OutputStream slowOut = slowClient.getOutputStream();
        slowOut.write(("POST /api/v1/datasets HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + TOKEN
                        + "\r\nContent-Type: multipart/form-data; boundary=" + Multipart.BOUNDARY
                        + "\r\nContent-Length: "
                        + slowBody.length + "\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        int half = SPOOL_THRESHOLD + 200_000;
        slowOut.write(slowBody, 0, half);
        slowOut.flush();
        Path spoolDir = data.resolve("tmp/multipart").resolve(owner);
        await(() -> spooledBytes(spoolDir) > SPOOL_THRESHOLD, 60, () -> "the web server spooled the slow upload");

        // what process 1 is working on, an hour old, older than process 2 and its grace period
        List<Path> inProgress = List.of(spoolDir, extraction, archive);
        for (Path p : inProgress) {
            age(p);
        }
        // what a dead process and an older version left
        Path deadUpload = plant(uploads.resolve(".upload-" + DEAD + "-1a2b"));
        Path deadSpool = plant(data.resolve("tmp/multipart").resolve(DEAD).resolve("upload_1_00000001.tmp"))
                .getParent();
        Path deadCheckpoint = plant(
                        checkpoints.resolve(".partial-" + DEAD + "-5").resolve("state.json"))
                .getParent();
        Path legacy = plant(uploads.resolve(".partial-7f3a").resolve("x.csv")).getParent();

        second = startJar(url, schema);
        await(
                () -> !Files.exists(deadUpload)
                        && !Files.exists(deadSpool)
                        && !Files.exists(deadCheckpoint)
                        && !Files.exists(legacy),
                240,
                () -> "process 2 swept at start" + log());
        Path later = plant(uploads.resolve(".partial-" + DEAD + "-9").resolve("x.csv"))
                .getParent();
        await(() -> !Files.exists(later), 60, () -> "process 2 swept again" + log());
        for (Path p : inProgress) {
            assertThat(p).as("process 1's, kept by process 2").exists();
        }
        assertThat(spooledBytes(spoolDir)).as("the spooled part").isGreaterThan(SPOOL_THRESHOLD);

        // process 1 finishes both uploads
        slowOut.write(slowBody, half, slowBody.length - half);
        slowOut.flush();
        held.release.countDown();
        String slowResponse = readResponse(slowClient.getInputStream());
        assertThat(slowResponse).as("the slow upload").startsWith("HTTP/1.1 201");
        HttpApi.Response response = validated.get(120, TimeUnit.SECONDS);
        assertThat(response.status()).as(response.toString()).isEqualTo(201);
        HttpApi other = new HttpApi(port(), TOKEN);
        await(() -> answers(other), 240, () -> "process 2's API is up" + log());
        for (String id : List.of("slow", "validated")) {
            JsonNode dataset = other.get("/api/v1/datasets/" + id).json();
            assertThat(dataset.path("id").asText())
                    .as("data set " + id + " on process 2: " + dataset)
                    .isEqualTo(id);
            assertThat(data.resolve("datasets").resolve(id)).isDirectory();
        }

        // the job ran on process 1 throughout; stopped, process 1 hands it over, and process 2 resumes it
        JsonNode job = api.get("/api/v1/jobs/" + jobId).json();
        assertThat(job.path("state").asText()).as(job.toString()).isEqualTo("RUNNING");
        assertThat(job.path("attempts").asInt()).isEqualTo(1);
        long checkpoint = checkpointStep(checkpoints);
        first.close();
        first = null;
        await(
                () -> other.get("/api/v1/jobs/" + jobId).json().path("attempts").asInt() == 2
                        && other.get("/api/v1/jobs/" + jobId)
                                        .json()
                                        .path("resumedFromStep")
                                        .asLong()
                                > 0,
                180,
                () -> "process 2 resumed the job: "
                        + other.get("/api/v1/jobs/" + jobId).text() + log());
        assertThat(other.get("/api/v1/jobs/" + jobId)
                        .json()
                        .path("resumedFromStep")
                        .asLong())
                .as("from process 1's last checkpoint")
                .isGreaterThanOrEqualTo(checkpoint);
        assertThat(other.post("/api/v1/jobs/" + jobId + "/cancel", "").status()).isEqualTo(200);

        // process 1 is gone now: its spool directory is debris, removed by process 2 without a restart
        await(() -> !Files.exists(spoolDir), 60, () -> "process 2 removed the stopped process's spool" + log());
    }

    private ConfigurableApplicationContext startInThisJvm(String url, String schema) {
        List<String> args = new ArrayList<>(List.of(
                "--server.port=0",
                "--dipgnn.data-dir=" + data,
                "--dipgnn.security.tokens[0].name=admin",
                "--dipgnn.security.tokens[0].token=" + TOKEN,
                "--dipgnn.security.tokens[0].role=ADMIN",
                "--dipgnn.housekeeping.heartbeat-interval=1s",
                "--dipgnn.housekeeping.owner-grace=6s",
                "--dipgnn.housekeeping.sweep-interval=0s",
                "--dipgnn.jobs.progress-interval=200ms",
                "--server.tomcat.connection-timeout=10m"));
        args.addAll(TestPostgres.serviceArguments(url, schema));
        return new SpringApplicationBuilder(ServiceApplication.class)
                .initializers(c -> ((GenericApplicationContext) c).registerBean(UploadStages.class, () -> held))
                .run(args.toArray(String[]::new));
    }

    private int secondPort;

    private int port() {
        return secondPort;
    }

    private Process startJar(String url, String schema) throws Exception {
        String jar = System.getProperty("dipgnn.jar");
        assertThat(jar).as("the failsafe plugin passes the jar as -Ddipgnn.jar").isNotBlank();
        try (ServerSocket s = new ServerSocket(0)) {
            secondPort = s.getLocalPort();
        }
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx1g",
                "-Dai.djl.offline=true",
                "-Dai.djl.pytorch.num_threads=1",
                "-Dai.djl.pytorch.num_interop_threads=1",
                "-jar",
                jar,
                "--server.port=" + secondPort));
        command.addAll(TestPostgres.serviceArguments(url, schema));
        command.addAll(List.of(
                "--dipgnn.data-dir=" + data,
                "--dipgnn.jobs.poll-interval=200ms",
                "--dipgnn.jobs.progress-interval=200ms",
                "--dipgnn.housekeeping.heartbeat-interval=1s",
                "--dipgnn.housekeeping.owner-grace=6s",
                "--dipgnn.housekeeping.sweep-interval=500ms",
                "--dipgnn.security.tokens[0].name=admin",
                "--dipgnn.security.tokens[0].token=" + TOKEN,
                "--dipgnn.security.tokens[0].role=ADMIN"));
        return new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(data.resolve("second.log").toFile())
                .start();
    }

    private static String submitLongJob(HttpApi api) {
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
                100_000,
                "checkpointEvery",
                2,
                "logEvery",
                10,
                "samplingWidth",
                32,
                "samplingDepth",
                2);
        HttpApi.Response r =
                api.post("/api/v1/jobs/pretrain", Map.of("datasetId", "query-product", "parameters", parameters));
        assertThat(r.status()).as(r.toString()).isEqualTo(202);
        return r.json().path("id").asText();
    }

    /** A zip archive (stored, not compressed) of a ring graph of {@code nodes} nodes with labels and two features. */
    private static byte[] archive(String name, int nodes) throws IOException {
        StringBuilder nodeFile = new StringBuilder("id,label,f0,f1\n");
        StringBuilder edgeFile = new StringBuilder("src,dst\n");
        for (int i = 0; i < nodes; i++) {
            nodeFile.append('n')
                    .append(i)
                    .append(',')
                    .append(i % 2)
                    .append(",0.5,")
                    .append(i % 7)
                    .append(".25\n");
            edgeFile.append('n').append(i).append(",n").append((i + 1) % nodes).append('\n');
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            stored(zip, name + "/nodes/item.csv", nodeFile.toString().getBytes(StandardCharsets.UTF_8));
            stored(
                    zip,
                    name + "/edges/item__link__item.csv",
                    edgeFile.toString().getBytes(StandardCharsets.UTF_8));
        }
        return bytes.toByteArray();
    }

    private static void stored(ZipOutputStream zip, String name, byte[] content) throws IOException {
        ZipEntry entry = new ZipEntry(name);
        entry.setMethod(ZipEntry.STORED);
        entry.setSize(content.length);
        CRC32 crc = new CRC32();
        crc.update(content);
        entry.setCrc(crc.getValue());
        zip.putNextEntry(entry);
        zip.write(content);
        zip.closeEntry();
    }

    /** A multipart/form-data body with the data set's id and its archive. */
    private static final class Multipart {
        static final String BOUNDARY = "----dipgnn-ownership";

        static byte[] body(String id, String filename, byte[] archive) throws IOException {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.write(("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"id\"\r\n\r\n" + id + "\r\n--"
                            + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + filename
                            + "\"\r\nContent-Type: application/octet-stream\r\n\r\n")
                    .getBytes(StandardCharsets.UTF_8));
            out.write(archive);
            out.write(("\r\n--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.UTF_8));
            return out.toByteArray();
        }
    }

    /** Holds an upload of process 1 after its extraction until released. */
    private static final class HeldValidation implements UploadStages {
        final CountDownLatch reached = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        volatile Path extracted;

        @Override
        public void validating(Path dir) {
            extracted = dir;
            reached.countDown();
            try {
                release.await(10, TimeUnit.MINUTES);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static boolean answers(HttpApi api) {
        try {
            return api.get("/actuator/health/readiness").status() == 200;
        } catch (RuntimeException notYet) {
            return false;
        }
    }

    private static long spooledBytes(Path dir) {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.mapToLong(f -> f.toFile().length()).max().orElse(0);
        } catch (IOException e) {
            return 0;
        }
    }

    /** Sets the last modification of {@code p} and everything under it an hour back. */
    private static void age(Path p) throws IOException {
        try (Stream<Path> all = Files.walk(p)) {
            for (Path f : all.toList()) {
                Files.setLastModifiedTime(f, FileTime.from(AN_HOUR_AGO));
            }
        }
    }

    /** A file at {@code file}, it and its new folders an hour old. */
    private Path plant(Path file) throws IOException {
        Path top = file;
        while (!Files.exists(top.getParent())) {
            top = top.getParent();
        }
        Files.createDirectories(file.getParent());
        Files.writeString(file, "left behind");
        age(top);
        return file;
    }

    private static long checkpointStep(Path checkpoints) throws IOException {
        String name = Files.readString(checkpoints.resolve("LATEST")).trim();
        assertThat(checkpoints.resolve(name).resolve("state.json"))
                .as("a complete checkpoint")
                .exists();
        return new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(checkpoints.resolve(name).resolve("state.json").toFile())
                .path("step")
                .asLong();
    }

    private static String readResponse(InputStream in) throws IOException {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }

    private String log() {
        try {
            String text = Files.readString(data.resolve("second.log"));
            return "\n--- process 2 ---\n" + (text.length() > 6000 ? text.substring(text.length() - 6000) : text);
        } catch (IOException e) {
            return "\n--- process 2: no log ---";
        }
    }

    private void await(BooleanSupplier condition, int seconds, Supplier<String> what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean()) {
            if (second != null) {
                assertThat(second.isAlive()).as("process 2 runs" + log()).isTrue();
            }
            assertThat(System.nanoTime()).as(what).isLessThan(deadline);
            Thread.sleep(100);
        }
    }
}
