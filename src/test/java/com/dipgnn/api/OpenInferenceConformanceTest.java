package com.dipgnn.api;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.dipgnn.deployments.DeploymentService;
import com.dipgnn.deployments.DeploymentState;
import com.dipgnn.deployments.DeploymentView;
import com.dipgnn.deployments.Served;
import com.dipgnn.errors.NotFoundException;
import com.dipgnn.model.Backbone;
import com.dipgnn.serving.ModelDeployment;
import com.dipgnn.serving.ScoredNode;
import com.dipgnn.store.ModelManifest;
import java.util.ArrayList;
import java.util.List;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.ResultActions;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.context.WebApplicationContext;

/**
 * The requests a standard Open Inference Protocol (KServe v2, REST) client sends, as
 * tritonclient's HTTP client writes them (no {@code Content-Type}, flat data, {@code
 * binary_data_output} or per-output {@code binary_data}) and as kserve's {@code
 * InferRequest.to_rest()} does ({@code model_name} and {@code id} in the body, data flat or nested
 * as the client gave it), and the protocol's answers: health, server and model metadata, model
 * readiness with and without a version, inference with {@code id} echoed and {@code outputs}
 * honoured, and {@code {"error": ...}} with 400 or 404 for what it cannot serve.
 *
 * <p>The model is a stub whose answers are easy to reason about: node {@code x} embeds as
 * {@code [x, x + 0.5]}, the link score of {@code (s, t)} is {@code 10 s + t}, and the top
 * candidates of {@code s} are {@code s + 1} (0.5) and {@code s + 2} (0.25).
 */
@ApiSlice({OpenInferenceController.class, ErrorEndpoint.class})
@Import({InferenceMetrics.class, SliceMeters.class})
class OpenInferenceConformanceTest {

    private static final String NAME = "recs";
    private static final String VERSION = "mv-1";
    private static final String INFER = "/v2/models/" + NAME + "/infer";

    @Autowired
    private WebApplicationContext context;

    @Autowired
    private OpenInferenceContentType contentType;

    @MockitoBean
    private DeploymentService deployments;

    private MockMvc mvc;

    @BeforeEach
    void setUp() {
        mvc = MockMvcBuilders.webAppContextSetup(context)
                .addFilters(contentType)
                .build();
        ModelDeployment model = stubModel();
        Mockito.when(deployments.get(NAME))
                .thenReturn(new DeploymentView(
                        NAME, DeploymentState.READY, VERSION, null, "link", null, 2, 0, null, null, null, null, null));
        Mockito.when(deployments.serving(NAME)).thenReturn(new Served(model, VERSION, null, null));
        Mockito.when(deployments.allLoaded()).thenReturn(true);
        NotFoundException none = new NotFoundException("deployment", "nope", "no deployment 'nope'");
        Mockito.when(deployments.get("nope")).thenThrow(none);
        Mockito.when(deployments.serving("nope")).thenThrow(none);
    }

    private static ModelDeployment stubModel() {
        ModelDeployment model = Mockito.mock(ModelDeployment.class);
        ModelManifest manifest = Mockito.mock(ModelManifest.class);
        Mockito.when(manifest.backbone()).thenReturn(Backbone.GAT);
        Mockito.when(model.manifest()).thenReturn(manifest);
        Mockito.when(model.dim()).thenReturn(2);
        Mockito.when(model.embeddings(Mockito.eq("item"), Mockito.any())).thenAnswer(call -> {
            int[] ids = call.getArgument(1);
            float[][] vectors = new float[ids.length][];
            for (int i = 0; i < ids.length; i++) {
                vectors[i] = new float[] {ids[i], ids[i] + 0.5f};
            }
            return vectors;
        });
        Mockito.when(model.linkScores(Mockito.any(), Mockito.any(), Mockito.any()))
                .thenAnswer(call -> {
                    int[] sources = call.getArgument(1);
                    int[] targets = call.getArgument(2);
                    float[] scores = new float[sources.length];
                    for (int i = 0; i < scores.length; i++) {
                        scores[i] = 10f * sources[i] + targets[i];
                    }
                    return scores;
                });
        Mockito.when(model.recommend(Mockito.any(), Mockito.any(), Mockito.anyInt(), Mockito.anyBoolean()))
                .thenAnswer(call -> {
                    List<List<ScoredNode>> tops = new ArrayList<>();
                    for (int s : (int[]) call.getArgument(1)) {
                        tops.add(List.of(new ScoredNode(s + 1, 0.5f), new ScoredNode(s + 2, 0.25f)));
                    }
                    return tops;
                });
        return model;
    }

    /** A POST as tritonclient sends it: the JSON body and no {@code Content-Type}. */
    private ResultActions triton(String path, String body) throws Exception {
        return mvc.perform(post(path).content(body));
    }

    private ResultActions json(String path, String body) throws Exception {
        return mvc.perform(post(path).contentType(MediaType.APPLICATION_JSON).content(body));
    }

    private ResultActions json(MockHttpServletRequestBuilder request) throws Exception {
        return mvc.perform(request).andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_JSON));
    }

    private static ResultActions error(ResultActions result, int status, String... mentions) throws Exception {
        result.andExpect(status().is(status))
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_JSON))
                .andExpect(jsonPath("$.type").doesNotExist());
        for (String mention : mentions) {
            result.andExpect(jsonPath("$.error").value(Matchers.containsString(mention)));
        }
        return result;
    }

    private static String nodeIds(String shape, String data) {
        return "{\"name\": \"node_ids\", \"shape\": " + shape + ", \"datatype\": \"INT64\", \"data\": " + data + "}";
    }

    @Test
    void serverHealthAndMetadata() throws Exception {
        json(get("/v2/health/live"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.live").value(true));
        json(get("/v2/health/ready"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.ready").value(true));
        json(get("/v2"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.name").value("dipgnn-service"))
                .andExpect(jsonPath("$.version").isString())
                .andExpect(jsonPath("$.extensions").isArray());
    }

    @Test
    void modelMetadataAndReadinessWithAndWithoutTheVersion() throws Exception {
        for (String path : new String[] {"/v2/models/recs", "/v2/models/recs/versions/mv-1"}) {
            json(get(path))
                    .andExpect(status().isOk())
                    .andExpect(jsonPath("$.name").value(NAME))
                    .andExpect(jsonPath("$.versions").value(Matchers.contains(VERSION)))
                    .andExpect(jsonPath("$.platform").value("dipgnn-GAT"))
                    .andExpect(jsonPath("$.inputs[0].name").value("node_ids"))
                    .andExpect(jsonPath("$.inputs[0].datatype").value("INT64"))
                    .andExpect(jsonPath("$.inputs[0].shape").value(Matchers.contains(-1)))
                    .andExpect(jsonPath("$.outputs[0].name").value("embeddings"))
                    .andExpect(jsonPath("$.outputs[0].datatype").value("FP32"))
                    .andExpect(jsonPath("$.outputs[0].shape").value(Matchers.contains(-1, 2)));
        }
        for (String path : new String[] {"/v2/models/recs/ready", "/v2/models/recs/versions/mv-1/ready"}) {
            json(get(path))
                    .andExpect(status().isOk())
                    .andExpect(jsonPath("$.ready").value(true));
        }
    }

    @Test
    void anUnknownVersionOrModelIsNotFoundInTheProtocolsShape() throws Exception {
        error(mvc.perform(get("/v2/models/recs/versions/mv-9/ready")), 404, "mv-9", VERSION);
        error(mvc.perform(get("/v2/models/recs/versions/mv-9")), 404, "mv-9");
        error(triton("/v2/models/recs/versions/mv-9/infer", "{\"inputs\": [" + nodeIds("[1]", "[3]") + "]}"), 404);
        for (String path :
                new String[] {"/v2/models/nope", "/v2/models/nope/ready", "/v2/models/nope/versions/v/ready"}) {
            error(mvc.perform(get(path)), 404, "nope");
        }
        error(triton("/v2/models/nope/infer", "{\"inputs\": [" + nodeIds("[1]", "[3]") + "]}"), 404, "nope");
    }

    @Test
    void tritonclientsInferenceWithoutContentTypeOrOutputsGetsEveryOutputAndItsId() throws Exception {
        // InferInput("node_ids", [2], "INT64").set_data_from_numpy(..., binary_data=False), request_id "42",
        // custom parameter node_type; no outputs, so the client adds binary_data_output
        triton(
                        INFER,
                        "{\"id\": \"42\", \"inputs\": [" + nodeIds("[2]", "[3, 4]") + "], "
                                + "\"parameters\": {\"node_type\": \"item\", \"binary_data_output\": true}}")
                .andExpect(status().isOk())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_JSON))
                .andExpect(jsonPath("$.model_name").value(NAME))
                .andExpect(jsonPath("$.model_version").value(VERSION))
                .andExpect(jsonPath("$.id").value("42"))
                .andExpect(jsonPath("$.outputs.length()").value(1))
                .andExpect(jsonPath("$.outputs[0].name").value("embeddings"))
                .andExpect(jsonPath("$.outputs[0].datatype").value("FP32"))
                .andExpect(jsonPath("$.outputs[0].shape").value(Matchers.contains(2, 2)))
                .andExpect(jsonPath("$.outputs[0].data").value(Matchers.contains(3.0, 3.5, 4.0, 4.5)));
    }

    @Test
    void tritonclientsRequestedOutputWithItsBinaryFlagOnTheVersionRoute() throws Exception {
        // a [1, 2] batch sent flat, InferRequestedOutput("embeddings", binary_data=False), no request id
        triton(
                        "/v2/models/recs/versions/mv-1/infer",
                        "{\"inputs\": [" + nodeIds("[1, 2]", "[3, 4]") + "], "
                                + "\"outputs\": [{\"name\": \"embeddings\", \"parameters\": {\"binary_data\": false}}], "
                                + "\"parameters\": {\"node_type\": \"item\"}}")
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.id").doesNotExist())
                .andExpect(jsonPath("$.model_version").value(VERSION))
                .andExpect(jsonPath("$.outputs[0].name").value("embeddings"))
                .andExpect(jsonPath("$.outputs[0].shape").value(Matchers.contains(2, 2)))
                .andExpect(jsonPath("$.outputs[0].data").value(Matchers.contains(3.0, 3.5, 4.0, 4.5)));
    }

    @Test
    void kservesInferRequestWithModelNameAndNestedDataIsReadRowMajor() throws Exception {
        json(
                        INFER,
                        "{\"id\": \"a1b2\", \"model_name\": \"recs\", \"inputs\": [" + nodeIds("[1, 1]", "[[7]]")
                                + "], \"parameters\": {\"node_type\": \"item\"}}")
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.id").value("a1b2"))
                .andExpect(jsonPath("$.outputs[0].shape").value(Matchers.contains(1, 2)))
                .andExpect(jsonPath("$.outputs[0].data").value(Matchers.contains(7.0, 7.5)));
        // [[8, 7], [9, 6]] row-major is 8, 7, 9, 6
        json(
                        INFER,
                        "{\"inputs\": [" + nodeIds("[2, 2]", "[[8, 7], [9, 6]]")
                                + "], \"parameters\": {\"node_type\": \"item\"}}")
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.outputs[0].shape").value(Matchers.contains(4, 2)))
                .andExpect(
                        jsonPath("$.outputs[0].data").value(Matchers.contains(8.0, 8.5, 7.0, 7.5, 9.0, 9.5, 6.0, 6.5)));
    }

    @Test
    void namedOutputsAreTheOnlyOnesReturnedInTheirOrder() throws Exception {
        String topK = "{\"parameters\": {\"output\": \"top_k\", \"k\": 3}, \"inputs\": [" + nodeIds("[1]", "[5]");
        // candidates 6 (0.5) and 7 (0.25); the third place is padded with id -1 and score 0
        json(INFER, topK + "]}")
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.outputs[*].name").value(Matchers.contains("top_k_ids", "top_k_scores")))
                .andExpect(jsonPath("$.outputs[0].datatype").value("INT64"))
                .andExpect(jsonPath("$.outputs[0].shape").value(Matchers.contains(1, 3)))
                .andExpect(jsonPath("$.outputs[0].data").value(Matchers.contains(6, 7, -1)));
        json(INFER, topK + "], \"outputs\": [{\"name\": \"top_k_scores\"}]}")
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.outputs.length()").value(1))
                .andExpect(jsonPath("$.outputs[0].name").value("top_k_scores"))
                .andExpect(jsonPath("$.outputs[0].datatype").value("FP32"))
                .andExpect(jsonPath("$.outputs[0].shape").value(Matchers.contains(1, 3)))
                .andExpect(jsonPath("$.outputs[0].data").value(Matchers.contains(0.5, 0.25, 0.0)));
        json(INFER, topK + "], \"outputs\": [{\"name\": \"top_k_scores\"}, {\"name\": \"top_k_ids\"}]}")
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.outputs[*].name").value(Matchers.contains("top_k_scores", "top_k_ids")));
        // scores of (1, 3) and (2, 4): 10 * 1 + 3 and 10 * 2 + 4
        json(
                        INFER,
                        "{\"parameters\": {\"output\": \"scores\"}, \"inputs\": ["
                                + nodeIds("[2]", "[1, 2]").replace("node_ids", "source_ids") + ", "
                                + nodeIds("[2, 1]", "[[3], [4]]").replace("node_ids", "target_ids")
                                + "], \"outputs\": [{\"name\": \"scores\"}]}")
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.outputs[0].name").value("scores"))
                .andExpect(jsonPath("$.outputs[0].shape").value(Matchers.contains(2)))
                .andExpect(jsonPath("$.outputs[0].data").value(Matchers.contains(13.0, 24.0)));
    }

    @Test
    void anOutputTheInferenceDoesNotProduceIsRefusedNamingTheOnesItDoes() throws Exception {
        String ids = "{\"parameters\": {\"node_type\": \"item\"}, \"inputs\": [" + nodeIds("[1]", "[3]") + "], ";
        error(
                json(INFER, ids + "\"outputs\": [{\"name\": \"logits\"}]}"),
                400,
                "outputs[0].name",
                "'logits'",
                "[embeddings]");
        error(json(INFER, ids + "\"outputs\": [{\"name\": \"top_k_ids\"}]}"), 400, "[embeddings]", "top_k");
        error(
                json(INFER, ids + "\"outputs\": [{\"name\": \"embeddings\"}, {\"name\": \"embeddings\"}]}"),
                400,
                "outputs[1].name",
                "twice");
        error(
                json(
                        INFER,
                        ids + "\"outputs\": [{\"name\": \"embeddings\", \"parameters\": {\"classification\": 3}}]}"),
                400,
                "outputs[0].parameters.classification");
        error(
                json(INFER, ids + "\"outputs\": [{\"name\": \"embeddings\", \"parameters\": {\"binary_data\": 1}}]}"),
                400,
                "outputs[0].parameters.binary_data");
        error(json(INFER, ids + "\"outputs\": [{}]}"), 400, "outputs[0].name", "no name");
    }

    @Test
    void dataThatDoesNotFollowItsShapeIsRefusedSayingTheShapeAndWhatWasFound() throws Exception {
        String params = "], \"parameters\": {\"node_type\": \"item\"}}";
        error(
                json(INFER, "{\"inputs\": [" + nodeIds("[2, 2]", "[[1, 2], [3]]") + params),
                400,
                "data[1]",
                "[2, 2]",
                "needs a list of 2",
                "found a list of 1");
        error(json(INFER, "{\"inputs\": [" + nodeIds("[2, 1]", "[[7]]") + params), 400, "[2, 1]", "found a list of 1");
        error(
                json(INFER, "{\"inputs\": [" + nodeIds("[2]", "[[1], [2]]") + params),
                400,
                "data[0]",
                "[2]",
                "not a list");
        error(json(INFER, "{\"inputs\": [" + nodeIds("[2, 1]", "[1, [2]]") + params), 400, "data[0]", "a list of 1");
        error(
                json(INFER, "{\"inputs\": [" + nodeIds("[1, 1]", "[1, 2]") + params),
                400,
                "shape",
                "[1, 1]",
                "holds 1 value",
                "found 2 values");
        error(json(INFER, "{\"inputs\": [" + nodeIds("[-1]", "[1]") + params), 400, "shape", "[-1]");
        error(
                json(INFER, "{\"inputs\": [{\"name\": \"node_ids\", \"data\": [[1]]}" + params),
                400,
                "inputs.node_ids.shape",
                "nested");
        // an id that is no node id is named where it is in the nested data
        error(
                json(INFER, "{\"inputs\": [" + nodeIds("[2, 1]", "[[1], [2.5]]") + params),
                400,
                "inputs.node_ids.data[1][0]",
                "2.5");
    }

    @Test
    void aModelNameInTheBodyMustBeTheUrlsAndAnotherMediaTypeIsStillRefused() throws Exception {
        error(
                json(INFER, "{\"model_name\": \"other\", \"inputs\": [" + nodeIds("[1]", "[3]") + "]}"),
                400,
                "model_name",
                "'other'",
                "'recs'");
        error(mvc.perform(post(INFER).contentType(MediaType.TEXT_PLAIN).content("x")), 415);
        error(triton(INFER, "{"), 400);
    }
}
