package com.dipgnn.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The whole path over HTTP against the real engine: register a data set, pre-train, fine-tune
 * from the pre-trained model, deploy, and call every inference endpoint; each bad inference input
 * gets its problem detail; a redeploy under concurrent queries fails no request.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class EndToEndIT extends ServiceTestBase {

    private static String deployedModel;
    private static String otherModel;

    @Test
    @Order(1)
    void dataSetToPretrainToFinetuneToDeployToRecommend() {
        ch.qos.logback.core.read.ListAppender<ch.qos.logback.classic.spi.ILoggingEvent> logs = captureLogs();
        HttpApi.Response dataset = admin.post(
                "/api/v1/datasets",
                Map.of(
                        "id",
                        "shop",
                        "synthetic",
                        Map.of("queries", 600, "products", 1500, "clicks", 12000, "seed", 3)));
        assertThat(dataset.status()).as(dataset.toString()).isEqualTo(201);

        String pretrainJob = admin.post(
                        "/api/v1/jobs/pretrain",
                        Map.of(
                                "datasetId",
                                "shop",
                                "modelName",
                                "shop-dipgnn",
                                "parameters",
                                JobApiIT.smallPretrain(6)))
                .json()
                .path("id")
                .asText();
        JsonNode pretrained = awaitEnd(pretrainJob);
        assertThat(pretrained.path("state").asText()).as(pretrained.toString()).isEqualTo("SUCCEEDED");

        deployedModel = finetune(pretrained.path("modelId").asText(), 1);
        otherModel = finetune(pretrained.path("modelId").asText(), 2);

        HttpApi.Response deploy = admin.send(admin.request("/api/v1/deployments/recommendations")
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString("{\"modelId\":\"" + deployedModel + "\"}")));
        assertThat(deploy.status()).as(deploy.toString()).isEqualTo(202);
        JsonNode ready = awaitReady("recommendations", deployedModel);
        assertThat(ready.path("task").asText()).isEqualTo("link");
        assertThat(ready.path("relation").asText()).isEqualTo("query__clicked__product");
        assertThat(ready.path("indexSize").asInt()).isEqualTo(1500);
        assertThat(anonymous
                        .get("/actuator/health/readiness")
                        .json()
                        .path("status")
                        .asText())
                .isEqualTo("UP");
        // every transition is a log line an operator can grep
        List<String> lines = logs.list.stream()
                .map(ch.qos.logback.classic.spi.ILoggingEvent::getFormattedMessage)
                .toList();
        assertThat(lines)
                .contains("Job " + pretrainJob + " succeeded: model "
                        + pretrained.path("modelId").asText())
                .anyMatch(l -> l.startsWith("Job " + pretrainJob + " submitted: pretrain on data set 'shop'"))
                .anyMatch(l -> l.startsWith("Job " + pretrainJob + " started on worker"))
                .anyMatch(l -> l.equals("Deployment 'recommendations' loading model " + deployedModel))
                .anyMatch(l -> l.startsWith("Deployment 'recommendations' now serves model " + deployedModel));
        assertThat(awaitEnd(pretrainJob).path("progress").path("phase").asText())
                .as("a succeeded job's progress")
                .isEqualTo("done");

        HttpApi.Response top = reader.post(
                "/api/v1/deployments/recommendations/recommendations",
                Map.of("nodeType", "query", "id", 5, "k", 10, "excludeLinked", true));
        assertThat(top.status()).as(top.toString()).isEqualTo(200);
        assertThat(top.json().path("items")).hasSize(10);
        assertThat(top.json().path("modelId").asText()).isEqualTo(deployedModel);
        double first = top.json().path("items").get(0).path("score").asDouble();
        double last = top.json().path("items").get(9).path("score").asDouble();
        assertThat(first).isGreaterThanOrEqualTo(last);

        int recommended = top.json().path("items").get(0).path("id").asInt();
        assertThat(top.json().path("queryKey").asText()).isEqualTo("q5");
        assertThat(top.json().path("items").get(0).path("key").asText()).isEqualTo("p" + recommended);
        HttpApi.Response byKey = reader.post(
                "/api/v1/deployments/recommendations/recommendations",
                Map.of("key", "q5", "k", 10, "excludeLinked", true));
        assertThat(byKey.json().path("items")).isEqualTo(top.json().path("items"));

        // the same top 10 and a link score through the Open Inference Protocol (parameters.output)
        HttpApi.Response oipTop = reader.post(
                "/v2/models/recommendations/infer",
                Map.of(
                        "parameters", Map.of("output", "top_k", "k", 10, "exclude_linked", true),
                        "inputs",
                                List.of(Map.of(
                                        "name",
                                        "node_ids",
                                        "shape",
                                        List.of(1),
                                        "datatype",
                                        "INT64",
                                        "data",
                                        List.of(5)))));
        assertThat(oipTop.status()).as(oipTop.toString()).isEqualTo(200);
        JsonNode topIds = oipTop.json().path("outputs").get(0);
        assertThat(topIds.path("name").asText()).isEqualTo("top_k_ids");
        assertThat(topIds.path("shape").toString()).isEqualTo("[1,10]");
        for (int i = 0; i < 10; i++) {
            assertThat(topIds.path("data").get(i).asInt())
                    .isEqualTo(top.json().path("items").get(i).path("id").asInt());
        }
        HttpApi.Response pairScore = reader.post(
                "/api/v1/deployments/recommendations/scores",
                Map.of("pairs", List.of(Map.of("source", 5, "target", recommended))));
        HttpApi.Response oipScore = reader.post(
                "/v2/models/recommendations/infer",
                Map.of(
                        "parameters", Map.of("output", "scores"),
                        "inputs",
                                List.of(
                                        Map.of("name", "source_ids", "datatype", "INT64", "data", List.of(5)),
                                        Map.of(
                                                "name",
                                                "target_ids",
                                                "datatype",
                                                "INT64",
                                                "data",
                                                List.of(recommended)))));
        assertThat(oipScore.status()).as(oipScore.toString()).isEqualTo(200);
        assertThat(oipScore.json().path("outputs").get(0).path("data").get(0).asDouble())
                .isEqualTo(pairScore.json().path("scores").get(0).path("score").asDouble())
                .isCloseTo(first, org.assertj.core.data.Offset.offset(1e-5));
        // k is checked before anything of size n x k is made
        HttpApi.Response hugeK = reader.post(
                "/v2/models/recommendations/infer",
                Map.of(
                        "parameters", Map.of("output", "top_k", "k", Integer.MAX_VALUE),
                        "inputs", List.of(Map.of("name", "node_ids", "datatype", "INT64", "data", List.of(5, 6)))));
        assertThat(hugeK.status()).as(hugeK.toString()).isEqualTo(400);
        assertThat(hugeK.json().path("error").asText()).contains("k must be between 1 and");
        HttpApi.Response badOutput = reader.post(
                "/v2/models/recommendations/infer",
                Map.of("parameters", Map.of("output", "logits"), "inputs", List.of()));
        assertThat(badOutput.status()).isEqualTo(400);
        assertThat(badOutput.json().path("error").asText()).contains("top_k").contains("scores");
        HttpApi.Response embByKey = reader.post(
                "/api/v1/deployments/recommendations/embeddings",
                Map.of("nodeType", "product", "keys", List.of("p" + recommended)));
        assertThat(embByKey.json().path("embeddings").get(0).path("id").asInt()).isEqualTo(recommended);
        HttpApi.Response score = reader.post(
                "/api/v1/deployments/recommendations/scores",
                Map.of("pairs", List.of(Map.of("source", 5, "target", recommended))));
        assertThat(score.json().path("scores").get(0).path("score").asDouble())
                .isCloseTo(first, org.assertj.core.data.Offset.offset(1e-5));

        HttpApi.Response emb = reader.post(
                "/api/v1/deployments/recommendations/embeddings",
                Map.of("nodeType", "product", "ids", List.of(0, 1, 2)));
        assertThat(emb.json().path("embeddings")).hasSize(3);
        assertThat(emb.json().path("embeddings").get(0).path("vector"))
                .hasSize(emb.json().path("dim").asInt());

        HttpApi.Response v2 = reader.post(
                "/v2/models/recommendations/infer",
                Map.of(
                        "id",
                        "r1",
                        "parameters",
                        Map.of("node_type", "product"),
                        "inputs",
                        List.of(Map.of(
                                "name", "node_ids", "shape", List.of(2), "datatype", "INT64", "data", List.of(1, 2)))));
        assertThat(v2.status()).as(v2.toString()).isEqualTo(200);
        JsonNode out = v2.json().path("outputs").get(0);
        assertThat(out.path("shape").get(1).asInt())
                .isEqualTo(emb.json().path("dim").asInt());
        assertThat(out.path("data").get(0).asDouble())
                .isCloseTo(
                        emb.json()
                                .path("embeddings")
                                .get(1)
                                .path("vector")
                                .get(0)
                                .asDouble(),
                        org.assertj.core.data.Offset.offset(1e-6));
        // ids are never truncated or rounded to another node's id, and unknown parameters are not ignored
        for (Object[] bad : new Object[][] {
            {4294967297L, "inputs.node_ids.data[1]"}, {1.5, "inputs.node_ids.data[1]"}, {-1, "inputs.node_ids.data[1]"}
        }) {
            HttpApi.Response refused = reader.post(
                    "/v2/models/recommendations/infer",
                    Map.of(
                            "parameters",
                            Map.of("node_type", "product"),
                            "inputs",
                            List.of(Map.of("name", "node_ids", "datatype", "INT64", "data", List.of(1, bad[0])))));
            assertThat(refused.status()).as(refused.toString()).isEqualTo(400);
            assertThat(refused.text()).contains(String.valueOf(bad[1]));
            assertThat(refused.json().path("error").asText())
                    .as("the protocol's own error shape")
                    .isNotBlank();
        }
        HttpApi.Response unknownParameter = reader.post(
                "/v2/models/recommendations/infer",
                Map.of(
                        "parameters",
                        Map.of("node_type", "product", "nodetype", "query"),
                        "inputs",
                        List.of(Map.of("name", "node_ids", "data", List.of(1)))));
        assertThat(unknownParameter.status()).as(unknownParameter.toString()).isEqualTo(400);
        assertThat(unknownParameter.text()).contains("parameters.nodetype");
        assertThat(anonymous.get("/v2/health/ready").status()).isEqualTo(200);
        assertThat(reader.get("/v2/models/recommendations")
                        .json()
                        .path("versions")
                        .get(0)
                        .asText())
                .isEqualTo(deployedModel);
        // an unauthenticated call there is refused in the protocol's shape too
        HttpApi.Response anonymousInfer =
                anonymous.post("/v2/models/recommendations/infer", Map.of("inputs", List.of()));
        assertThat(anonymousInfer.status()).isEqualTo(401);
        assertThat(anonymousInfer.json().path("error").asText()).contains("Authorization: Bearer");
        // the protocol's version routes: the served version answers, another is a 404 in the protocol's shape
        assertThat(reader.get("/v2/models/recommendations/versions/" + deployedModel)
                        .status())
                .isEqualTo(200);
        assertThat(reader.get("/v2/models/recommendations/versions/" + deployedModel + "/ready")
                        .status())
                .isEqualTo(200);
        HttpApi.Response otherVersion = reader.post(
                "/v2/models/recommendations/versions/mv-nope/infer",
                Map.of(
                        "inputs",
                        List.of(Map.of(
                                "name", "node_ids", "shape", List.of(1), "datatype", "INT64", "data", List.of(1)))));
        assertThat(otherVersion.status()).isEqualTo(404);
        assertThat(otherVersion.json().path("error").asText())
                .contains("mv-nope")
                .contains(deployedModel);
        HttpApi.Response versioned = reader.post(
                "/v2/models/recommendations/versions/" + deployedModel + "/infer",
                Map.of(
                        "inputs",
                        List.of(Map.of(
                                "name", "node_ids", "shape", List.of(2), "datatype", "INT64", "data", List.of(1, 2))),
                        "parameters",
                        Map.of("node_type", "product")));
        assertThat(versioned.status()).as(versioned.toString()).isEqualTo(200);
        assertThat(versioned.json().path("model_version").asText()).isEqualTo(deployedModel);
        // as tritonclient sends it, through every filter: no Content-Type, ids nested [2, 1], the output named
        HttpApi.Response triton = reader.send(reader.request("/v2/models/recommendations/infer")
                .POST(HttpRequest.BodyPublishers.ofString("{\"id\": \"t1\", \"inputs\": [{\"name\": \"node_ids\", "
                        + "\"shape\": [2, 1], \"datatype\": \"INT64\", \"data\": [[1], [2]]}], \"outputs\": "
                        + "[{\"name\": \"embeddings\", \"parameters\": {\"binary_data\": false}}], "
                        + "\"parameters\": {\"node_type\": \"product\", \"binary_data_output\": false}}")));
        assertThat(triton.status()).as(triton.toString()).isEqualTo(200);
        assertThat(triton.json().path("id").asText()).isEqualTo("t1");
        assertThat(triton.json().path("outputs").get(0).path("data"))
                .as("the embeddings of ids 1 and 2, as the flat request above got them")
                .isEqualTo(out.path("data"));

        int featureWidth = emb.json().path("dim").asInt() > 0 ? queryFeatureWidth() : 0;
        float[] features = new float[featureWidth];
        HttpApi.Response fresh = reader.post(
                "/api/v1/deployments/recommendations/recommendations/new-node",
                Map.of(
                        "node",
                        Map.of(
                                "nodeType",
                                "query",
                                "features",
                                features,
                                "neighbours",
                                Map.of("query__clicked__product", List.of(recommended))),
                        "k",
                        5));
        assertThat(fresh.status()).as(fresh.toString()).isEqualTo(200);
        assertThat(fresh.json().path("items")).hasSize(5);

        HttpApi.Response archive = reader.get("/api/v1/models/" + deployedModel + "/archive");
        assertThat(archive.status()).isEqualTo(200);
        assertThat(archive.header("Content-Type")).isEqualTo("application/zip");
        assertThat(zipEntries(archive.raw().body()))
                .contains(
                        deployedModel + "/manifest.json",
                        deployedModel + "/encoder.params",
                        deployedModel + "/head.params");
        JsonNode page = reader.get("/api/v1/models?name=shop-links&kind=FINETUNED&size=1")
                .json();
        assertThat(page.path("total").asInt()).isEqualTo(2);
        assertThat(page.path("items")).hasSize(1);
        assertThat(page.path("items").get(0).path("version").asInt())
                .as("newest first")
                .isEqualTo(2);
        JsonNode jobs = reader.get("/api/v1/jobs?datasetId=shop&kind=FINETUNE&state=SUCCEEDED")
                .json();
        assertThat(jobs.path("total").asInt()).isEqualTo(2);

        // metrics, info and health details need a token; the probes answer anyone, with the status only
        assertThat(anonymous.get("/actuator/prometheus").status()).isEqualTo(401);
        assertThat(anonymous.get("/actuator/info").status()).isEqualTo(401);
        JsonNode publicHealth = anonymous.get("/actuator/health").json();
        assertThat(publicHealth.path("status").asText()).isEqualTo("UP");
        assertThat(publicHealth.has("components")).as(publicHealth.toString()).isFalse();
        assertThat(anonymous.get("/actuator/health/readiness").json().has("components"))
                .isFalse();
        assertThat(reader.get("/actuator/health").json().path("components").has("deployments"))
                .isTrue();
        JsonNode info = reader.get("/actuator/info").json();
        assertThat(info.path("djl").path("engine").asText()).isEqualTo("PyTorch");
        assertThat(info.path("device").path("type").asText()).isIn("cpu", "gpu");
        assertThat(info.path("build").path("version").asText()).isNotBlank();

        String metrics = reader.get("/actuator/prometheus").text();
        assertThat(metrics)
                .contains("dipgnn_inference_duration_seconds_bucket{")
                .contains("endpoint=\"recommendations\"")
                .contains("dipgnn_jobs{")
                .contains("dipgnn_jobs_queue_length")
                .contains("dipgnn_job_step_duration_seconds_count")
                .contains("dipgnn_deployment_index_size{");
    }

    @Test
    @Order(2)
    void badInferenceInputsGetPreciseProblemDetails() {
        String base = "/api/v1/deployments/recommendations";
        HttpApi.Response unknownNode =
                reader.post(base + "/embeddings", Map.of("nodeType", "product", "ids", List.of(1, 99999)));
        assertThat(unknownNode.status()).isEqualTo(400);
        assertThat(unknownNode.json().path("type").asText()).endsWith("invalid-input");
        assertThat(unknownNode.json().path("detail").asText()).contains("99999");
        HttpApi.Response unknownType = reader.post(base + "/embeddings", Map.of("nodeType", "user", "ids", List.of(1)));
        assertThat(unknownType.status()).isEqualTo(400);
        assertThat(unknownType.json().path("type").asText()).endsWith("invalid-input");
        assertThat(unknownType.json().path("detail").asText()).contains("user");
        HttpApi.Response k = reader.post(base + "/recommendations", Map.of("id", 1, "k", 0));
        assertThat(k.status()).isEqualTo(400);
        assertThat(k.json().path("field").asText()).isEqualTo("k");
        HttpApi.Response width =
                reader.post(base + "/embeddings/new-node", Map.of("nodeType", "query", "features", new float[3]));
        assertThat(width.status()).isEqualTo(400);
        assertThat(width.json().path("detail").asText()).contains("3");
        HttpApi.Response deployment =
                reader.post("/api/v1/deployments/nope/embeddings", Map.of("nodeType", "product", "ids", List.of(1)));
        assertThat(deployment.status()).isEqualTo(404);
        HttpApi.Response malformed =
                reader.postRaw(base + "/recommendations", "{\"id\": 1, \"k\": ", "application/json");
        assertThat(malformed.status()).isEqualTo(400);
        assertThat(malformed.json().path("type").asText()).endsWith("malformed-request");
        HttpApi.Response missing = reader.post(base + "/embeddings", Map.of("nodeType", "product"));
        assertThat(missing.status()).isEqualTo(400);
        assertThat(missing.json().path("field").asText()).isEqualTo("ids");
        HttpApi.Response unknownKey = reader.post(base + "/recommendations", Map.of("key", "q-nope", "k", 3));
        assertThat(unknownKey.status()).isEqualTo(400);
        assertThat(unknownKey.json().path("detail").asText()).contains("q-nope");
        HttpApi.Response both = reader.post(base + "/recommendations", Map.of("id", 1, "key", "q1"));
        assertThat(both.status()).isEqualTo(400);
        assertThat(anonymous
                        .post(base + "/embeddings", Map.of("nodeType", "product", "ids", List.of(1)))
                        .status())
                .as("inference needs a reader token unless configured open")
                .isEqualTo(401);
        assertThat(admin.delete("/api/v1/models/" + deployedModel).status())
                .as("deployed model")
                .isEqualTo(409);
        assertThat(admin.delete("/api/v1/datasets/shop").status())
                .as("data set of a deployment")
                .isEqualTo(409);
        HttpApi.Response pretrainedDeploy = admin.send(admin.request("/api/v1/deployments/x")
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString("{\"modelId\":\"mv-nope\"}")));
        assertThat(pretrainedDeploy.status()).isEqualTo(400);
        assertThat(reader.get("/api/v1/deployments/x").status())
                .as("nothing left behind")
                .isEqualTo(404);
    }

    @Test
    @Order(3)
    void redeployUnderConcurrentQueriesFailsNoRequest() throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger ok = new AtomicInteger();
        List<String> failures = Collections.synchronizedList(new ArrayList<>());
        Set<String> servedBy = ConcurrentHashMap.newKeySet();
        ExecutorService clients = Executors.newFixedThreadPool(4);
        List<Future<?>> running = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            int seed = t;
            running.add(clients.submit(() -> {
                int i = seed;
                while (!stop.get()) {
                    HttpApi.Response r = reader.post(
                            "/api/v1/deployments/recommendations/recommendations",
                            Map.of("id", (i++ * 7) % 600, "k", 10));
                    if (r.status() == 200) {
                        ok.incrementAndGet();
                        servedBy.add(r.json().path("modelId").asText());
                    } else {
                        failures.add(r.toString());
                    }
                }
            }));
        }
        Thread.sleep(300);
        HttpApi.Response redeploy = admin.send(admin.request("/api/v1/deployments/recommendations")
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString("{\"modelId\":\"" + otherModel + "\"}")));
        assertThat(redeploy.status()).isEqualTo(202);
        awaitReady("recommendations", otherModel);
        Thread.sleep(300);
        stop.set(true);
        for (Future<?> f : running) {
            f.get(30, TimeUnit.SECONDS);
        }
        clients.shutdown();
        assertThat(failures).isEmpty();
        assertThat(ok.get()).isGreaterThan(20);
        assertThat(servedBy).containsExactlyInAnyOrder(deployedModel, otherModel);
        assertThat(admin.delete("/api/v1/deployments/recommendations").status()).isEqualTo(204);
        assertThat(admin.delete("/api/v1/models/" + deployedModel).status()).isEqualTo(204);
    }

    private static List<String> zipEntries(byte[] zip) {
        List<String> names = new ArrayList<>();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip))) {
            for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                names.add(e.getName());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return names;
    }

    private int queryFeatureWidth() {
        JsonNode types =
                reader.get("/api/v1/datasets/shop").json().path("summary").path("nodeTypes");
        for (JsonNode t : types) {
            if (t.path("type").asText().equals("query")) {
                return t.path("featureDim").asInt();
            }
        }
        throw new AssertionError("no query type");
    }

    private String finetune(String pretrained, int seed) {
        HttpApi.Response job = admin.post(
                "/api/v1/jobs/finetune",
                Map.of(
                        "datasetId",
                        "shop",
                        "modelName",
                        "shop-links",
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
                                "seed",
                                seed,
                                "samplingWidth",
                                32,
                                "samplingDepth",
                                2)));
        assertThat(job.status()).as(job.toString()).isEqualTo(202);
        JsonNode done = awaitEnd(job.json().path("id").asText());
        assertThat(done.path("state").asText()).as(done.toString()).isEqualTo("SUCCEEDED");
        return done.path("modelId").asText();
    }

    private JsonNode awaitReady(String name, String modelId) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (true) {
            JsonNode d = reader.get("/api/v1/deployments/" + name).json();
            if (d.path("state").asText().equals("READY")
                    && d.path("modelId").asText().equals(modelId)
                    && d.path("pending").isMissingNode()) {
                return d;
            }
            assertThat(d.path("state").asText()).as(d.toString()).isNotEqualTo("FAILED");
            assertThat(System.nanoTime()).as("deployment ready: " + d).isLessThan(deadline);
            sleep(100);
        }
    }

    private JsonNode awaitEnd(String id) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
        while (true) {
            JsonNode job = reader.get("/api/v1/jobs/" + id).json();
            String state = job.path("state").asText();
            if (!state.equals("QUEUED") && !state.equals("RUNNING")) {
                return job;
            }
            assertThat(System.nanoTime()).as("job ended: " + job).isLessThan(deadline);
            sleep(200);
        }
    }

    /** Records what the job and deployment packages log from now on. */
    private static ch.qos.logback.core.read.ListAppender<ch.qos.logback.classic.spi.ILoggingEvent> captureLogs() {
        ch.qos.logback.core.read.ListAppender<ch.qos.logback.classic.spi.ILoggingEvent> appender =
                new ch.qos.logback.core.read.ListAppender<>();
        appender.start();
        for (String name : new String[] {"com.dipgnn.jobs", "com.dipgnn.deployments"}) {
            ((ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger(name)).addAppender(appender);
        }
        return appender;
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
