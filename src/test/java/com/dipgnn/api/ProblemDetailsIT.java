package com.dipgnn.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.config.ProcessRole;
import com.dipgnn.config.ServiceProperties;
import com.dipgnn.config.ServiceProperties.ApiToken;
import com.dipgnn.config.ServiceProperties.Role;
import com.dipgnn.errors.ServiceUnavailableException;
import com.dipgnn.security.ApiTokenFilter;
import com.dipgnn.security.ApiTokens;
import com.dipgnn.serving.EmbeddingFiles;
import com.dipgnn.serving.EmbeddingsManifest;
import com.dipgnn.testing.TestProperties;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.web.context.request.ServletWebRequest;
import org.springframework.web.multipart.MaxUploadSizeExceededException;

/**
 * No problem detail names a Java class or an object's identity: every problem type the service
 * can produce (found in its source, and in docs/service.md's table) gets a representative
 * response, over HTTP where one can be caused from outside, from the filter or handler that makes
 * it otherwise; its title and detail must hold no qualified class name, no exception or error
 * class and no {@code @1a2b3c} identity. The Open Inference Protocol's errors are checked alike.
 */
class ProblemDetailsIT extends ServiceTestBase {

    private static final List<Pattern> LEAKS = List.of(
            Pattern.compile("\\b[a-z]+\\.[a-z]+\\.[A-Z]\\w+"), // a qualified class name
            Pattern.compile("@[0-9a-f]{6,}"), // an object's identity
            Pattern.compile("\\b[A-Z]\\w*(Exception|Error)\\b")); // an exception or error class
    /** Where a problem type is given: {@code Problems.of(HttpStatus.X, "type"}, a filter's refusal, an enum of them. */
    private static final Pattern TYPE_IN_SOURCE = Pattern.compile(
            "HttpStatus\\.[A-Z_]+,\\s*\"([a-z]+(?:-[a-z]+)*)\"|[A-Z_]+\\(\"([a-z]+(?:-[a-z]+)*)\"\\)|case \\d+ -> \"([a-z]+(?:-[a-z]+)*)\"");

    private static final Pattern TYPE_IN_DOCS = Pattern.compile("^\\| `([a-z-]+)`(?:, `([a-z-]+)`)? \\| \\d{3} \\|");

    private final ObjectMapper json = new ObjectMapper();

    @Autowired
    private ProblemDetailsAdvice advice;

    @Test
    void everyProblemTypeHasARepresentativeWhoseTitleAndDetailNameNoClassOrIdentity() throws Exception {
        Map<String, List<JsonNode>> problems = new TreeMap<>();
        overHttp(problems);
        fromFiltersAndHandlers(problems);
        unreadableEmbeddings(problems);

        Set<String> produced = producedTypes();
        assertThat(produced).as("types found in the source").contains("not-found", "throttled", "internal");
        assertThat(problems.keySet())
                .as("a representative of every problem type")
                .containsAll(produced);
        List<String> leaks = new ArrayList<>();
        problems.forEach((type, representatives) -> representatives.forEach(problem -> {
            assertThat(problem.path("type").asText()).as(type + ": " + problem).isEqualTo(Problems.TYPE_BASE + type);
            for (String field : List.of("title", "detail")) {
                String text = problem.path(field).asText();
                assertThat(text).as(type + " has a " + field).isNotBlank();
                leak(type + " " + field, text).ifPresent(leaks::add);
            }
        }));
        assertThat(leaks).as("class names or identities in problem details").isEmpty();
    }

    @Test
    void theOpenInferenceProtocolsErrorsNameNoClassOrIdentityEither() {
        List<HttpApi.Response> answers = List.of(
                anonymous.get("/v2"),
                reader.get("/v2/models/nope"),
                reader.get("/v2/models/nope/versions/x/ready"),
                reader.postRaw("/v2/models/nope/infer", "{", "application/json"),
                reader.postRaw("/v2/models/nope/infer", "{\"inputs\": 5}", "application/json"),
                reader.postRaw(
                        "/v2/models/nope/infer",
                        "{\"inputs\": [{\"name\": \"node_ids\", \"data\": [\"a\"]}]}",
                        "application/json"),
                reader.postRaw("/v2/models/nope/infer", "x", "text/plain"),
                reader.send(
                        reader.request("/v2/models/nope/infer").method("PATCH", HttpRequest.BodyPublishers.noBody())),
                reader.get("/v2/nothing"));
        List<String> leaks = new ArrayList<>();
        for (HttpApi.Response r : answers) {
            assertThat(r.status()).as(r.toString()).isBetween(400, 499);
            assertThat(r.header("Content-Type")).as(r.toString()).startsWith("application/json");
            assertThat(r.json().path("error").asText()).as(r.toString()).isNotBlank();
            leak(r.toString(), r.json().path("error").asText()).ifPresent(leaks::add);
        }
        assertThat(leaks).isEmpty();
    }

    /** Embeddings a deployment cannot serve: a manifest of the wrong shape, a part file that is not Parquet. */
    private void unreadableEmbeddings(Map<String, List<JsonNode>> problems) throws Exception {
        String modelId = trainedModel();
        Path modelDir = DATA_DIR.resolve("models").resolve(modelId);
        EmbeddingsManifest manifest = EmbeddingFiles.manifest(modelDir, modelId, GRAPH.generate(), 16);
        Path badManifest = Files.createDirectories(DATASET_ROOT.resolve("emb-bad-manifest"));
        Files.writeString(badManifest.resolve(EmbeddingsManifest.FILE_NAME), "{\"dim\": \"wide\", \"nodeCounts\": 3}");
        // a manifest of before checksums, so that the damaged file is read rather than refused by its checksum
        Path notParquet =
                EmbeddingFiles.writeWithoutChecksums(DATASET_ROOT.resolve("emb-not-parquet"), manifest, List.of(), 1);
        try (Stream<Path> parts = Files.list(notParquet)) {
            for (Path part :
                    parts.filter(p -> p.toString().endsWith(".parquet")).toList()) {
                Files.write(part, "PAR1 this is not a Parquet file PAR1".getBytes(StandardCharsets.UTF_8));
            }
        }
        for (Path dir : List.of(badManifest, notParquet)) {
            HttpApi.Response r = admin.send(admin.request("/api/v1/deployments/problem-embeddings")
                    .header("Content-Type", "application/json")
                    .PUT(HttpRequest.BodyPublishers.ofString(
                            "{\"modelId\": \"" + modelId + "\", \"embeddingsPath\": \"" + dir + "\"}")));
            assertThat(r.status()).as(r.toString()).isEqualTo(422);
            assertThat(r.json().path("detail").asText())
                    .as(r.toString())
                    .contains(dir == badManifest ? "manifest" : "Parquet");
            put(problems, r);
        }
    }

    // ---- representatives -----------------------------------------------------------------------

    /** The problems a client can cause from outside. */
    private void overHttp(Map<String, List<JsonNode>> problems) throws IOException {
        put(problems, admin.get("/api/v1/jobs?size=0"));
        put(problems, admin.get("/api/v1/jobs?sise=10"));
        put(problems, admin.postRaw("/api/v1/jobs/pretrain", "{\"datasetId\": ", "application/json"));
        put(problems, anonymous.get("/api/v1/jobs"));
        put(problems, anonymous.as("not-a-token-of-this-service").get("/api/v1/jobs"));
        put(problems, reader.delete("/api/v1/models/nope"));
        put(problems, reader.get("/api/v1/models/nope"));
        put(
                problems,
                admin.post("/api/v1/datasets", Map.of("id", "query-product", "synthetic", Map.of("products", 100))));
        put(problems, admin.send(admin.request("/api/v1/jobs").method("PATCH", HttpRequest.BodyPublishers.noBody())));
        put(
                problems,
                admin.send(admin.request("/api/v1/jobs")
                        .header("Accept", "application/xml")
                        .GET()));
        put(problems, admin.postRaw("/api/v1/jobs/pretrain", "datasetId=x", "text/plain"));
        put(problems, admin.postRaw("/api/v1/jobs/pretrain", " ".repeat((16 << 20) + 1), "application/json"));
        Path bad = DatasetApiIT.writeTinyGraph(DATASET_ROOT.resolve("problem-graph"));
        Files.writeString(bad.resolve("edges/item__link__item.csv"), "src,dst\na,zzz\n");
        put(problems, admin.post("/api/v1/datasets", Map.of("id", "problem-graph", "path", bad.toString())));
    }

    /** Problems that need a state a test cannot cause from outside: made by their filter or handler. */
    private void fromFiltersAndHandlers(Map<String, List<JsonNode>> problems) throws Exception {
        ServiceProperties defaults = TestProperties.of(DATA_DIR);
        put(
                problems,
                advice.handleMaxUploadSizeExceededException(
                                new MaxUploadSizeExceededException(2L << 30),
                                new HttpHeaders(),
                                HttpStatus.PAYLOAD_TOO_LARGE,
                                web("/api/v1/datasets"))
                        .getBody());
        put(
                problems,
                advice.unexpected(new NullPointerException("Cannot invoke \"com.dipgnn.serving.ModelDeployment.dim()\""
                        + " because \"com.dipgnn.deployments.Served@1b2c3d4e.model\" is null")));
        put(
                problems,
                advice.unavailable(new ServiceUnavailableException(
                                "deployment 'recs' is still loading its model;" + " retry shortly"))
                        .getBody());
        // a worker-only process
        ServiceProperties worker = new ServiceProperties(
                DATA_DIR,
                Set.of(ProcessRole.WORKER),
                defaults.datasets(),
                defaults.jobs(),
                defaults.security(),
                defaults.serving(),
                defaults.quickstart(),
                0,
                defaults.housekeeping(),
                defaults.kernels());
        put(problems, filtered(new ProcessRoleFilter(worker, json), "GET", "/api/v1/jobs", "10.0.0.1", null));
        // uploads busy: one being received, the next refused
        put(problems, busyUpload(new RequestBodyLimit(defaults, json)));
        // a client locked out after failed tokens
        ServiceProperties withTokens = new ServiceProperties(
                DATA_DIR,
                defaults.roles(),
                defaults.datasets(),
                defaults.jobs(),
                new ServiceProperties.Security(
                        false, List.of(new ApiToken("ops", "ops-token-0123456789abcdef", Role.ADMIN))),
                defaults.serving(),
                defaults.quickstart(),
                0,
                defaults.housekeeping(),
                defaults.kernels());
        ApiTokenFilter tokens =
                new ApiTokenFilter(new ApiTokens(withTokens), withTokens, json, new SimpleMeterRegistry());
        for (int i = 0; i < withTokens.security().failedAuthLimit(); i++) {
            filtered(tokens, "GET", "/api/v1/jobs", "10.0.0.2", "wrong-token-0123456789");
        }
        put(problems, filtered(tokens, "GET", "/api/v1/jobs", "10.0.0.2", "ops-token-0123456789abcdef"));
    }

    private JsonNode filtered(jakarta.servlet.Filter filter, String method, String path, String client, String token)
            throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest(method, path);
        request.setRemoteAddr(client);
        if (token != null) {
            request.addHeader("Authorization", "Bearer " + token);
        }
        MockHttpServletResponse response = new MockHttpServletResponse();
        filter.doFilter(request, response, (req, res) -> {});
        return json.readTree(response.getContentAsString());
    }

    private JsonNode busyUpload(RequestBodyLimit filter) throws Exception {
        int uploads = TestProperties.of(DATA_DIR).datasets().maxConcurrentUploads();
        CountDownLatch receiving = new CountDownLatch(uploads);
        CountDownLatch release = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(uploads);
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int i = 0; i < uploads; i++) {
                running.add(pool.submit(() -> {
                    filter.doFilter(upload(), new MockHttpServletResponse(), (req, res) -> {
                        receiving.countDown();
                        try {
                            release.await(30, TimeUnit.SECONDS);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    });
                    return null;
                }));
            }
            assertThat(receiving.await(30, TimeUnit.SECONDS)).isTrue();
            MockHttpServletResponse refused = new MockHttpServletResponse();
            filter.doFilter(upload(), refused, (req, res) -> {});
            release.countDown();
            for (Future<?> f : running) {
                f.get(30, TimeUnit.SECONDS);
            }
            return json.readTree(refused.getContentAsString());
        } finally {
            pool.shutdownNow();
        }
    }

    private static MockHttpServletRequest upload() {
        MockHttpServletRequest r = new MockHttpServletRequest("POST", "/api/v1/datasets");
        r.setContentType("multipart/form-data; boundary=x");
        r.setContent(new byte[10]);
        return r;
    }

    private static ServletWebRequest web(String path) {
        return new ServletWebRequest(new MockHttpServletRequest("POST", path));
    }

    private void put(Map<String, List<JsonNode>> problems, HttpApi.Response response) {
        assertThat(response.status()).as(response.toString()).isBetween(400, 599);
        assertThat(response.header("Content-Type")).as(response.toString()).startsWith("application/problem+json");
        put(problems, response.json());
    }

    private void put(Map<String, List<JsonNode>> problems, Object problem) {
        JsonNode node = problem instanceof JsonNode n ? n : json.valueToTree(problem);
        problems.computeIfAbsent(node.path("type").asText().replace(Problems.TYPE_BASE, ""), t -> new ArrayList<>())
                .add(node);
    }

    private static Optional<String> leak(String where, String text) {
        for (Pattern p : LEAKS) {
            Matcher m = p.matcher(text);
            if (m.find()) {
                return Optional.of(where + ": '" + m.group() + "' in: " + text);
            }
        }
        return Optional.empty();
    }

    /** The problem types the service's source gives, and those docs/service.md's table lists. */
    private static Set<String> producedTypes() throws IOException {
        Set<String> types = new TreeSet<>();
        for (String pkg : List.of("api", "security")) {
            try (Stream<Path> files = Files.walk(Path.of("src/main/java/com/dipgnn", pkg))) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    Matcher m = TYPE_IN_SOURCE.matcher(Files.readString(f));
                    while (m.find()) {
                        types.add(m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3));
                    }
                }
            }
        }
        types.retainAll(withTypeShape(types)); // enum constants of other kinds are not problem types
        for (String line : Files.readAllLines(Path.of("docs/service.md"))) {
            Matcher m = TYPE_IN_DOCS.matcher(line);
            if (m.find()) {
                types.add(m.group(1));
                if (m.group(2) != null) {
                    types.add(m.group(2));
                }
            }
        }
        return types;
    }

    private static Set<String> withTypeShape(Set<String> candidates) {
        Set<String> out = new TreeSet<>();
        for (String c : candidates) {
            if (c.length() > 3) {
                out.add(c);
            }
        }
        return out;
    }

    // ---- a model, for the embeddings' problems -------------------------------------------------

    private static final com.dipgnn.datasets.SyntheticSpec GRAPH =
            new com.dipgnn.datasets.SyntheticSpec(600, 1500, 12000, 3L);

    private String trainedModel() throws InterruptedException {
        HttpApi.Response dataset = admin.post(
                "/api/v1/datasets",
                Map.of(
                        "id",
                        "problem-tiny",
                        "synthetic",
                        Map.of(
                                "queries",
                                GRAPH.queries(),
                                "products",
                                GRAPH.products(),
                                "clicks",
                                GRAPH.clicks(),
                                "seed",
                                GRAPH.seed())));
        assertThat(dataset.status()).as(dataset.toString()).isEqualTo(201);
        HttpApi.Response job = admin.post(
                "/api/v1/jobs/finetune",
                Map.of(
                        "datasetId",
                        "problem-tiny",
                        "modelName",
                        "problem-details",
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
                                2,
                                "evalEvery",
                                2,
                                "samplingWidth",
                                16,
                                "samplingDepth",
                                2)));
        assertThat(job.status()).as(job.toString()).isEqualTo(202);
        String id = job.json().path("id").asText();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
        while (true) {
            JsonNode j = reader.get("/api/v1/jobs/" + id).json();
            String state = j.path("state").asText();
            if (state.equals("SUCCEEDED")) {
                return j.path("modelId").asText();
            }
            assertThat(state).as(j.toString()).isNotIn("FAILED", "CANCELLED");
            assertThat(System.nanoTime()).as("job ended: " + j).isLessThan(deadline);
            Thread.sleep(200);
        }
    }

    static {
        try {
            Files.createDirectories(DATASET_ROOT);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
