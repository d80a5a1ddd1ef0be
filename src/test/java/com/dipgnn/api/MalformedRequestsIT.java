package com.dipgnn.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.jobs.parameters.FinetuneParameters;
import com.dipgnn.jobs.parameters.PretrainParameters;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.lang.reflect.RecordComponent;
import java.math.BigInteger;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A seeded fuzz of the whole HTTP surface, the Open Inference Protocol's and the embeddings'
 * included (inference bodies with duplicate or unknown tensor names, nested or non-numeric data and
 * shapes that do not fit; readiness and metadata of odd names and versions; no or unknown tokens;
 * embedding jobs and deployments' embeddingsPath of every wrong kind): well over a thousand generated malformed requests
 * (bodies with wrong JSON types, fractions for integers, out-of-range and unknown fields, cut-off
 * JSON, garbage, wrong media types; query parameters of the wrong type or range; odd ids and
 * paths). Every answer must be a 4xx in the error contract: an RFC 9457 problem detail of a type
 * from docs/service.md's table (the Open Inference Protocol endpoints: its own
 * {@code {"error": ...}}), with no stack, class or SQL text; and nothing may be written.
 */
class MalformedRequestsIT extends ServiceTestBase {

    /** The problem types of docs/service.md's table. */
    static final Set<String> TYPES = Set.of(
            "invalid-parameters",
            "invalid-input",
            "malformed-request",
            "missing-token",
            "invalid-token",
            "forbidden",
            "not-found",
            "conflict",
            "upload-too-large",
            "invalid-graph",
            "invalid-embeddings",
            "unavailable",
            "method-not-allowed",
            "unsupported-media-type",
            "not-acceptable",
            "request-too-large",
            "throttled");

    private static final List<String> LEAKS =
            List.of("Exception", "\tat ", "SQL", "jdbc:", "org.h2", "SELECT ", "java.", "springframework");
    private static final int REQUESTS = 1_600;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private final ObjectMapper json = new ObjectMapper();
    private final Random rng = new Random(20261125);

    /** A request; {@code token}: null for the admin's or reader's, "" for none, else that (unknown) token. */
    private record Call(String method, String path, String contentType, String body, boolean admin, String token) {
        Call(String method, String path, String contentType, String body, boolean admin) {
            this(method, path, contentType, body, admin, null);
        }
    }

    @Test
    void everyMalformedRequestGetsAFourHundredInTheContractAndWritesNothing() {
        Map<String, Long> before = counts();
        Map<String, Integer> byStatus = new TreeMap<>();
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < REQUESTS; i++) {
            Call call = next();
            HttpApi.Response r = send(call);
            byStatus.merge(r.status() + " " + call.method() + " " + family(call.path()), 1, Integer::sum);
            String problem = violation(call, r);
            if (problem != null && failures.size() < 20) {
                failures.add(call + " -> " + r.status() + " "
                        + r.text().substring(0, Math.min(300, r.text().length())) + ": " + problem);
            }
        }
        System.out.println("MalformedRequestsIT: " + REQUESTS + " requests, by status and endpoint: " + byStatus);
        assertThat(failures).as("requests answered outside the contract").isEmpty();
        assertThat(counts()).as("nothing written").isEqualTo(before);
    }

    @Test
    void aBodyLargerThanTheLimitIsRefusedWhetherItsLengthIsDeclaredOrNot() {
        String big = "{\"nodeType\": \"product\", \"ids\": [" + "1,".repeat(9_000_000) + "1]}"; // 18 MB
        HttpApi.Response declared = reader.postRaw("/api/v1/deployments/fuzz/embeddings", big, "application/json");
        assertThat(declared.status()).isEqualTo(413);
        assertThat(declared.json().path("type").asText()).endsWith("request-too-large");
        assertThat(declared.json().path("detail").asText()).contains("dipgnn.serving.max-request-bytes");
        byte[] bytes = big.getBytes(StandardCharsets.UTF_8);
        HttpRequest.Builder chunked = reader.request("/api/v1/deployments/fuzz/embeddings")
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(bytes)));
        HttpApi.Response streamed = reader.send(chunked);
        assertThat(streamed.status()).isEqualTo(413);
        assertThat(streamed.json().path("type").asText()).endsWith("request-too-large");
    }

    private static String family(String path) {
        String p = path.replaceAll("\\?.*", "");
        String[] parts = p.split("/");
        return parts.length > 4 ? String.join("/", Arrays.copyOf(parts, 5)) : p;
    }

    private String violation(Call call, HttpApi.Response r) {
        if (r.status() < 400 || r.status() >= 500) {
            return "status " + r.status();
        }
        String type = String.valueOf(r.header("Content-Type"));
        for (String leak : LEAKS) {
            if (r.text().contains(leak)) {
                return "leaks '" + leak + "'";
            }
        }
        if (OpenInferenceErrors.covers(
                call.path().replaceAll("\\?.*", ""))) { // every error there, authentication's included
            return type.startsWith("application/json")
                            && r.json() != null
                            && r.json().hasNonNull("error")
                    ? null
                    : "not the protocol's {\"error\": ...}";
        }
        if (!type.startsWith("application/problem+json") || r.json() == null) {
            return "content type " + type;
        }
        String kind = r.json().path("type").asText().replace(Problems.TYPE_BASE, "");
        return TYPES.contains(kind) ? null : "problem type '" + kind + "' is not in the table";
    }

    private HttpApi.Response send(Call call) {
        HttpApi client = call.token() != null ? anonymous.as(call.token()) : call.admin() ? admin : reader;
        if (call.token() != null && call.token().isEmpty()) {
            client = anonymous;
        }
        HttpRequest.Builder b = client.request(call.path());
        if (call.body() == null) {
            b.method(call.method(), HttpRequest.BodyPublishers.noBody());
        } else {
            b.header("Content-Type", call.contentType())
                    .method(call.method(), HttpRequest.BodyPublishers.ofString(call.body()));
        }
        return client.send(b);
    }

    private Map<String, Long> counts() {
        Map<String, Long> out = new TreeMap<>();
        for (String list : List.of("/api/v1/datasets", "/api/v1/jobs", "/api/v1/models")) {
            out.put(list, admin.get(list + "?size=500").json().path("total").asLong());
        }
        out.put("/api/v1/deployments", (long)
                admin.get("/api/v1/deployments").json().size());
        return out;
    }

    // ---- generation --------------------------------------------------------------------------

    private Call next() {
        int kind = rng.nextInt(14);
        if (kind >= 10) {
            return kind < 12 ? openInference() : embeddings();
        }
        return switch (kind) {
            case 0, 1 -> body("POST", "/api/v1/jobs/finetune", job(FinetuneParameters.class), true);
            case 2 -> body("POST", "/api/v1/jobs/pretrain", job(PretrainParameters.class), true);
            case 3 -> body("POST", "/api/v1/datasets", dataset(), true);
            case 4 -> body("PUT", "/api/v1/deployments/fuzz", deploy(), true);
            case 5 ->
                body(
                        "POST",
                        "/api/v1/deployments/fuzz/"
                                + pick(
                                        "embeddings",
                                        "scores",
                                        "recommendations",
                                        "predictions",
                                        "embeddings/new-node",
                                        "recommendations/new-node"),
                        inference(),
                        false);
            case 6 -> body("POST", "/v2/models/fuzz/infer", oip(), false);
            case 7 -> new Call("GET", list(), null, null, false);
            case 8 -> new Call(pick("GET", "DELETE", "POST"), oddPath(), null, null, true);
            default ->
                new Call(
                        "POST",
                        pick(
                                "/api/v1/jobs/finetune",
                                "/api/v1/datasets",
                                "/api/v1/jobs/pretrain",
                                "/api/v1/deployments/fuzz/embeddings"),
                        pick(
                                "text/plain",
                                "application/xml",
                                "application/x-www-form-urlencoded",
                                "multipart/form-data; boundary=x"),
                        "datasetId=query-product",
                        true);
        };
    }

    /**
     * The Open Inference Protocol: inference bodies broken in their tensors (duplicate or unknown
     * names, wrong types, nested or non-numeric data, shapes that do not fit), readiness and metadata
     * of odd names and versions, unknown routes and methods, other media types, and no or an unknown
     * token; every answer a 4xx in the protocol's {"error": ...}.
     */
    private Call openInference() {
        String name = pick("fuzz", "nope", "%2E%2E", "a%20b", "x".repeat(300), "%00");
        String version = pick("v1", "mv-nope", "..", "%2F", "");
        return switch (rng.nextInt(8)) {
            case 0, 1, 2 ->
                body(
                        "POST",
                        pick("/v2/models/" + name + "/infer", "/v2/models/fuzz/versions/" + version + "/infer"),
                        inferBody(),
                        false);
            case 3 ->
                new Call(
                        "GET",
                        pick(
                                "/v2/models/" + name + "/ready",
                                "/v2/models/" + name,
                                "/v2/models/" + name + "/versions/" + version + "/ready",
                                "/v2/models/" + name + "/versions/" + version,
                                "/v2/models/" + name + "/versions/",
                                "/v2/nothing",
                                "/v2/models"),
                        null,
                        null,
                        false);
            case 4 ->
                new Call(
                        pick("DELETE", "PUT", "PATCH", "POST"),
                        pick("/v2", "/v2/models/fuzz", "/v2/health/ready", "/v2/models/fuzz/ready"),
                        null,
                        null,
                        false);
            case 5 ->
                new Call(
                        "POST",
                        "/v2/models/fuzz/infer",
                        pick(
                                "text/plain",
                                "application/xml",
                                "multipart/form-data; boundary=x",
                                "application/x-www-form-urlencoded"),
                        "inputs=1",
                        false);
            case 6 ->
                new Call(
                        "GET",
                        pick("/v2", "/v2/models/fuzz", "/v2/models/fuzz/ready"),
                        null,
                        null,
                        false,
                        pick("", "not-a-token-of-this-service", "x"));
            default ->
                new Call(
                        "POST",
                        "/v2/models/fuzz/infer",
                        "application/json",
                        inferBody().toString(),
                        false,
                        pick("", "wrong-token-0123456789abcdef"));
        };
    }

    private ObjectNode inferBody() {
        ObjectNode o = NODES.objectNode();
        ArrayNode inputs = o.putArray("inputs");
        int n = 1 + rng.nextInt(3);
        for (int i = 0; i < n; i++) {
            ObjectNode t = inputs.addObject()
                    .put("name", pick("node_ids", "node_ids", "source_ids", "target_ids", "x"))
                    .put("datatype", pick("INT64", "INT32", "FP32", "BYTES", ""));
            ArrayNode data = t.putArray("data");
            switch (rng.nextInt(5)) {
                case 0 -> data.addArray().add(1).add(2); // nested
                case 1 -> data.add("a").add(true); // not numbers
                case 2 -> data.add(-1).add(2147483648L); // out of the id range
                case 3 -> data.add(1).add(2.5);
                default -> data.add(1);
            }
            if (rng.nextBoolean()) {
                t.putArray("shape").add(pick(-1, 0, 7, 2)).add(pick(1, 3));
            }
        }
        if (n == 1 || rng.nextBoolean()) { // a second tensor of the same name
            inputs.add(inputs.get(0).deepCopy());
        }
        o.putObject("parameters")
                .put("output", pick("embeddings", "scores", "top_k", "logits"))
                .set("k", pick(NODES.numberNode(0), NODES.numberNode(-1), NODES.numberNode(2.5)));
        return o;
    }

    /**
     * The embeddings surfaces: inference on /embeddings, the embedding job's submission, and a
     * deployment's embeddingsPath given values of every wrong kind; never a 5xx, always a problem.
     */
    private Call embeddings() {
        return switch (rng.nextInt(3)) {
            case 0 -> body("POST", "/api/v1/deployments/" + pick("fuzz", "nope") + "/embeddings", inference(), false);
            case 1 ->
                body(
                        "POST",
                        "/api/v1/jobs/embed",
                        NODES.objectNode()
                                .set(
                                        "modelId",
                                        pick(
                                                NODES.textNode(""),
                                                NODES.textNode("mv-nope"),
                                                NODES.textNode("x".repeat(100)),
                                                NODES.numberNode(5),
                                                NODES.arrayNode(),
                                                NODES.nullNode(),
                                                NODES.textNode("../../etc"))),
                        true);
            default ->
                body(
                        "PUT",
                        "/api/v1/deployments/" + pick("fuzz", "emb"),
                        (ObjectNode) NODES.objectNode()
                                .put("modelId", pick("nope", "mv-nope"))
                                .set(
                                        "embeddingsPath",
                                        pick(
                                                NODES.textNode(""),
                                                NODES.textNode("/etc"),
                                                NODES.textNode("../../etc"),
                                                NODES.textNode("/proc/self/fd/0"),
                                                NODES.textNode(DATA_DIR.toString()),
                                                NODES.textNode(DATASET_ROOT
                                                        .resolve("missing")
                                                        .toString()),
                                                NODES.textNode("a\u0000b"),
                                                NODES.textNode("/" + "x".repeat(5000)),
                                                NODES.numberNode(7),
                                                NODES.arrayNode().add("/tmp"),
                                                NODES.objectNode().put("path", "/tmp"))),
                        true);
        };
    }

    /** A body built valid, then broken by one of several mutations that no valid request survives. */
    private Call body(String method, String path, ObjectNode valid, boolean admin) {
        String text = switch (rng.nextInt(6)) {
            case 0 -> truncate(valid.toString());
            case 1 -> garbage();
            case 2 -> "[" + valid + "]";
            default -> mutate(valid).toString();
        };
        return new Call(method, path, "application/json", text, admin);
    }

    private ObjectNode job(Class<? extends Record> parameters) {
        ObjectNode p = NODES.objectNode();
        RecordComponent[] components = parameters.getRecordComponents();
        RecordComponent c = components[rng.nextInt(components.length)];
        ObjectNode body = NODES.objectNode().put("datasetId", "query-product");
        body.set("parameters", p);
        // one field of the parameters gets a value of the wrong JSON type (or out of range)
        p.set(c.getName(), wrongValueFor(c.getType()));
        return body;
    }

    private JsonNode wrongValueFor(Class<?> type) {
        boolean integral = type == Integer.class || type == Long.class || type == int.class || type == long.class;
        boolean number = integral || type == Double.class || type == double.class;
        List<JsonNode> wrong = new ArrayList<>(List.of(
                NODES.booleanNode(true),
                NODES.arrayNode().add(1),
                NODES.objectNode().put("x", 1)));
        if (number) {
            wrong.add(NODES.textNode("5"));
            wrong.add(NODES.numberNode(-1e15));
            wrong.add(NODES.numberNode(new BigInteger("99999999999999999999999")));
            if (integral) {
                wrong.add(NODES.numberNode(2.5));
                wrong.add(NODES.numberNode(32.7));
                wrong.add(NODES.numberNode(4294967297L));
            }
        } else {
            wrong.add(NODES.numberNode(5));
            wrong.add(NODES.numberNode(1.5));
        }
        return wrong.get(rng.nextInt(wrong.size()));
    }

    private ObjectNode dataset() {
        return switch (rng.nextInt(5)) {
            case 0 ->
                NODES.objectNode()
                        .put("id", pick("UPPER", "../x", "", "a".repeat(200), "x y", "%2F"))
                        .set("synthetic", NODES.objectNode().put("products", 100));
            case 1 ->
                (ObjectNode) NODES.objectNode()
                        .put("id", "fz" + rng.nextInt(1000))
                        .set("synthetic", NODES.objectNode().put("queries", pick(-5, 5_000_001, 3)));
            case 2 ->
                NODES.objectNode()
                        .put("id", "fz" + rng.nextInt(1000))
                        .put("path", pick("/etc", "/", "../..", "/proc/self", DATA_DIR.toString()));
            case 3 -> NODES.objectNode().put("id", "fz" + rng.nextInt(1000));
            default ->
                (ObjectNode) NODES.objectNode()
                        .put("id", "fz" + rng.nextInt(1000))
                        .put("path", "/tmp")
                        .set("synthetic", NODES.objectNode().put("products", 100));
        };
    }

    private ObjectNode deploy() {
        return rng.nextBoolean()
                ? NODES.objectNode().put("modelId", pick("nope", "", "../../etc"))
                : NODES.objectNode().put("modelId", "nope").put("index", pick("hnsw", "", "EXACT!"));
    }

    private ObjectNode inference() {
        ObjectNode o = NODES.objectNode().put("nodeType", pick("product", "", "user"));
        ArrayNode ids = o.putArray("ids");
        for (int i = 0; i < rng.nextInt(4); i++) {
            ids.add(pick(-1, 1, Integer.MAX_VALUE));
        }
        o.put("k", pick(0, -3, 1_000_000, 10));
        return o;
    }

    private ObjectNode oip() {
        ObjectNode o = NODES.objectNode();
        ObjectNode tensor = o.putArray("inputs")
                .addObject()
                .put("name", pick("node_ids", "ids", ""))
                .put("datatype", pick("INT64", "FP32", "BYTES"));
        tensor.putArray("data").add(pick(1L, -1L, 4294967297L)).add(1.5);
        if (rng.nextInt(4) == 0) {
            ((ArrayNode) o.get("inputs")).addNull();
            tensor.putArray("shape").addNull();
        }
        o.putObject("parameters").put("node_type", 7);
        return o;
    }

    private JsonNode mutate(ObjectNode valid) {
        ObjectNode copy = valid.deepCopy();
        switch (rng.nextInt(3)) {
            case 0 -> copy.put("unknownField" + rng.nextInt(100), 1);
            case 1 -> {
                if (copy.has("parameters")) {
                    ((ObjectNode) copy.get("parameters")).put("stepz", 5);
                } else {
                    copy.put("extra", true);
                }
            }
            default -> {
                // the mutation already in the body: one field of a wrong type or range
            }
        }
        return copy;
    }

    private String truncate(String text) {
        return text.substring(0, 1 + rng.nextInt(Math.max(1, text.length() - 2)));
    }

    private String garbage() {
        return pick(
                "",
                "null",
                "\"text\"",
                "42",
                "{",
                "}",
                "{\"a\":}",
                "\u0000\u0001",
                "{\"datasetId\": NaN}",
                "{'datasetId': 'query-product'}",
                "{\"datasetId\": \"query-product\",}");
    }

    private String list() {
        String base = pick("/api/v1/jobs", "/api/v1/models", "/api/v1/datasets");
        return base + "?"
                + pick(
                        "page=-1",
                        "page=1.5",
                        "page=abc",
                        "page=99999999999",
                        "page=2000000000",
                        "size=0",
                        "size=501",
                        "size=1e3",
                        "state=DONE",
                        "kind=PRETRAINING",
                        "page=%00");
    }

    private String oddPath() {
        return pick(
                "/api/v1/jobs/nope",
                "/api/v1/jobs/%2E%2E",
                "/api/v1/datasets/a%2Fb",
                "/api/v1/models/..%2F..",
                "/api/v1/jobs/x/curves",
                "/api/v1/nothing",
                "/error",
                "/api/v1/jobs/%20",
                "/api/v1/deployments/nope",
                "/api/v1/models/nope/archive",
                "/v2/models/nope");
    }

    @SafeVarargs
    private <T> T pick(T... options) {
        return options[rng.nextInt(options.length)];
    }
}
