package com.dipgnn.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.client.ApiClient;
import com.dipgnn.client.ApiException;
import com.dipgnn.client.api.DataSetsApi;
import com.dipgnn.client.api.DeploymentsApi;
import com.dipgnn.client.api.InferenceApi;
import com.dipgnn.client.api.JobsApi;
import com.dipgnn.client.api.ModelsApi;
import com.dipgnn.client.model.Dataset;
import com.dipgnn.client.model.DeployRequest;
import com.dipgnn.client.model.DeploymentView;
import com.dipgnn.client.model.EmbedParameters;
import com.dipgnn.client.model.EmbeddingsRequest;
import com.dipgnn.client.model.EmbeddingsResponse;
import com.dipgnn.client.model.FinetuneJobRequest;
import com.dipgnn.client.model.FinetuneParameters;
import com.dipgnn.client.model.JobView;
import com.dipgnn.client.model.Pair;
import com.dipgnn.client.model.PretrainJobRequest;
import com.dipgnn.client.model.PretrainParameters;
import com.dipgnn.client.model.RecommendRequest;
import com.dipgnn.client.model.RecommendResponse;
import com.dipgnn.client.model.Recommendation;
import com.dipgnn.client.model.ScoresRequest;
import com.dipgnn.client.model.ScoresResponse;
import com.dipgnn.client.model.TrainingCurves;
import com.fasterxml.jackson.databind.DeserializationFeature;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The README's curl walk-through, step by step, through a Java client that the OpenAPI Generator
 * made from the committed {@code openapi/openapi.yaml} at build time (test sources, package
 * {@code com.dipgnn.client}): look at the built-in data set, pre-train, fine-tune from the
 * pre-trained model, read the curves and the plot, deploy, ask for recommendations, link scores
 * and embeddings, then run the batch embedding job and deploy from its files. Responses are read strictly (an undocumented property fails), so the document
 * must describe what the service really sends; {@code OpenApiDocumentIT} checks that the document
 * is what the service serves.
 */
class GeneratedClientIT extends ServiceTestBase {

    private static final String DATASET = "query-product";

    private ApiClient client;

    @BeforeEach
    void generatedClient() {
        client = new ApiClient();
        client.updateBaseUri("http://127.0.0.1:" + port);
        client.setRequestInterceptor(request -> request.header("Authorization", "Bearer " + ADMIN_TOKEN));
        client.setReadTimeout(Duration.ofSeconds(60));
        // getObjectMapper() hands out a copy: configure it, then give it back
        client.setObjectMapper(
                client.getObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true));
    }

    @Test
    void theReadmeWalkThroughRunsThroughTheGeneratedClient() throws Exception {
        assertThatThrownBy(() -> client.getObjectMapper().readValue("{\"undocumented\": 1}", JobView.class))
                .as("responses are read strictly")
                .hasMessageContaining("undocumented");
        // curl -H "$H" $API/datasets/query-product
        Dataset dataset = new DataSetsApi(client).getDataset(DATASET);
        assertThat(dataset.getId()).isEqualTo(DATASET);
        assertThat(dataset.getSummary().getNodeTypes()).extracting("type").contains("query", "product");

        // 1. pre-train DiP-GNN (a laptop-sized architecture), with an idempotency key
        JobsApi jobs = new JobsApi(client);
        PretrainJobRequest pretrain = new PretrainJobRequest()
                .datasetId(DATASET)
                .modelName("walkthrough-dipgnn")
                .parameters(new PretrainParameters()
                        .layers(1)
                        .hidden(16)
                        .heads(2)
                        .steps(6)
                        .samplingWidth(32)
                        .samplingDepth(2)
                        .checkpointEvery(2)
                        .logEvery(2));
        JobView submitted = jobs.submitPretrainJob(pretrain, "walkthrough-pretrain");
        assertThat(jobs.submitPretrainJob(pretrain, "walkthrough-pretrain").getId())
                .as("the same idempotency key gives the same job")
                .isEqualTo(submitted.getId());
        JobView pretrained = awaitEnd(jobs, submitted.getId());
        assertThat(pretrained.getState()).as(pretrained.toString()).isEqualTo(JobView.StateEnum.SUCCEEDED);
        assertThat(pretrained.getProgress().getPhase()).isEqualTo("done");
        // the generator's client parses every body as JSON; the event stream and the SVG plot are
        // text, read with the same client's HTTP connection and token
        String events = text("/api/v1/jobs/" + submitted.getId() + "/events", "text/event-stream");
        assertThat(events)
                .as("the event stream of an ended job")
                .contains("event:")
                .contains("done");

        // 2. fine-tune the discriminator for link prediction, then its curves and their plot
        JobView finetune = jobs.submitFinetuneJob(
                new FinetuneJobRequest()
                        .datasetId(DATASET)
                        .modelName("recommendations")
                        .parameters(new FinetuneParameters()
                                .task(FinetuneParameters.TaskEnum.LINK)
                                .pretrainedModelId(pretrained.getModelId())
                                .steps(6)
                                .evalEvery(3)
                                .samplingWidth(32)
                                .samplingDepth(2)),
                null);
        JobView finetuned = awaitEnd(jobs, finetune.getId());
        assertThat(finetuned.getState()).as(finetuned.toString()).isEqualTo(JobView.StateEnum.SUCCEEDED);
        assertThat(finetuned.getParentModelId()).isEqualTo(pretrained.getModelId());
        TrainingCurves curves = jobs.getJobCurves(finetune.getId());
        assertThat(curves.getLosses()).isNotEmpty();
        assertThat(curves.getMetrics()).containsKey(curves.getPrimaryMetric());
        assertThat(text("/api/v1/jobs/" + finetune.getId() + "/curves.svg", "image/svg+xml"))
                .contains("<svg")
                .contains("</svg>");
        assertThat(new ModelsApi(client).getModel(finetuned.getModelId()).getParentModelId())
                .isEqualTo(pretrained.getModelId());

        // 3. deploy, wait for READY, then recommendations, link scores and embeddings
        DeploymentsApi deployments = new DeploymentsApi(client);
        deployments.deploy("recommendations", new DeployRequest().modelId(finetuned.getModelId()));
        DeploymentView ready = awaitReady(deployments, "recommendations", finetuned.getModelId());
        assertThat(ready.getTask()).isEqualTo("link");

        InferenceApi inference = new InferenceApi(client);
        RecommendResponse top = inference.recommend(
                "recommendations", new RecommendRequest().id(7).k(10).excludeLinked(true));
        assertThat(top.getItems()).hasSize(10);
        assertThat(top.getModelId()).isEqualTo(finetuned.getModelId());
        List<Float> scores =
                top.getItems().stream().map(Recommendation::getScore).toList();
        assertThat(scores).isSortedAccordingTo((a, b) -> Float.compare(b, a));

        Recommendation first = top.getItems().get(0);
        ScoresResponse pairScore = inference.linkScores(
                "recommendations",
                new ScoresRequest().pairs(List.of(new Pair().source(7).target(first.getId()))));
        assertThat(pairScore.getScores()).hasSize(1);
        assertThat(pairScore.getScores().get(0).getScore())
                .isCloseTo(first.getScore(), org.assertj.core.data.Offset.offset(1e-5f));

        EmbeddingsResponse embeddings = inference.embeddings(
                "recommendations", new EmbeddingsRequest().nodeType("product").ids(List.of(1, 2, 3)));
        assertThat(embeddings.getEmbeddings()).hasSize(3);
        assertThat(embeddings.getEmbeddings().get(0).getVector()).hasSize(embeddings.getDim());

        // 4. the batch transform: an embedding job, then a deployment that serves its files
        JobView embed = jobs.submitEmbedJob(new EmbedParameters().modelId(finetuned.getModelId()), null);
        JobView embedded = awaitEnd(jobs, embed.getId());
        assertThat(embedded.getState()).as(embedded.toString()).isEqualTo(JobView.StateEnum.SUCCEEDED);
        assertThat(embedded.getEmbeddingsPath()).isNotBlank();
        deployments.deploy(
                "batch",
                new DeployRequest().modelId(finetuned.getModelId()).embeddingsPath(embedded.getEmbeddingsPath()));
        assertThat(awaitReady(deployments, "batch", finetuned.getModelId()).getEmbeddingsPath())
                .isEqualTo(embedded.getEmbeddingsPath());
        assertThat(inference
                        .recommend("batch", new RecommendRequest().id(7).k(10).excludeLinked(true))
                        .getItems())
                .isEqualTo(top.getItems());

        // an error comes back as the documented problem detail, with its status
        assertThatThrownBy(() -> deployments.getDeployment("no-such-deployment"))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.getCode()).isEqualTo(404);
                    assertThat(e.getResponseBody()).contains("urn:dipgnn:problem:not-found");
                });
    }

    private String text(String path, String accept) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(client.getBaseUri() + path))
                .header("Accept", accept)
                .timeout(Duration.ofSeconds(60));
        client.getRequestInterceptor().accept(request);
        HttpResponse<String> response =
                client.getHttpClient().send(request.GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(path + ": " + response.body()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type").orElse("")).startsWith(accept);
        return response.body();
    }

    private static JobView awaitEnd(JobsApi jobs, String id) throws Exception {
        return await(
                () -> get(() -> jobs.getJob(id)),
                job -> job.getState() == JobView.StateEnum.SUCCEEDED
                        || job.getState() == JobView.StateEnum.FAILED
                        || job.getState() == JobView.StateEnum.CANCELLED,
                "job " + id + " to end");
    }

    private static DeploymentView awaitReady(DeploymentsApi deployments, String name, String modelId) throws Exception {
        return await(
                () -> get(() -> deployments.getDeployment(name)),
                d -> d.getState() == DeploymentView.StateEnum.READY && modelId.equals(d.getModelId())
                        || d.getState() == DeploymentView.StateEnum.FAILED,
                "deployment " + name + " to be READY");
    }

    private static <T> T await(Supplier<T> poll, Predicate<T> done, String what) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
        while (true) {
            T value = poll.get();
            if (done.test(value)) {
                return value;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what + ": " + value);
            }
            Thread.sleep(200);
        }
    }

    private interface Call<T> {
        T call() throws ApiException;
    }

    private static <T> T get(Call<T> call) {
        try {
            return call.call();
        } catch (ApiException e) {
            throw new AssertionError(e.getCode() + " " + e.getResponseBody(), e);
        }
    }
}
