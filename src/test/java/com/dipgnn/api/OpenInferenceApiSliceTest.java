package com.dipgnn.api;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.dipgnn.deployments.DeploymentService;
import com.dipgnn.deployments.DeploymentState;
import com.dipgnn.deployments.DeploymentView;
import com.dipgnn.deployments.Served;
import com.dipgnn.errors.NotFoundException;
import com.dipgnn.serving.ModelDeployment;
import jakarta.servlet.RequestDispatcher;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.ResultActions;

/**
 * The Open Inference Protocol's contract on the web layer: every error, Spring MVC's own included
 * (unknown route, wrong method or media type, a body that is not JSON, the container's error
 * page), is {@code {"error": ...}} as application/json; two inputs of one name, or an input the
 * inference does not read, are refused naming it; a version a deployment neither serves nor loads
 * is not found (404), for readiness, metadata and inference alike.
 */
@ApiSlice({OpenInferenceController.class, ErrorEndpoint.class})
@Import({InferenceMetrics.class, SliceMeters.class})
class OpenInferenceApiSliceTest {

    @Autowired
    private MockMvc mvc;

    @MockitoBean
    private DeploymentService deployments;

    private static final String NODE_IDS =
            "{\"name\": \"node_ids\", \"datatype\": \"INT64\", \"shape\": [1], \"data\": [1]}";

    private void serving(String modelId, DeploymentState state, String pending) {
        Mockito.when(deployments.get("recs"))
                .thenReturn(new DeploymentView(
                        "recs",
                        state,
                        modelId,
                        null,
                        "link",
                        null,
                        16,
                        0,
                        null,
                        pending == null ? null : new DeploymentView.PendingLoad(pending, null, "EMBEDDING", 0, 0),
                        null,
                        null,
                        null));
        if (modelId != null) {
            Mockito.when(deployments.serving("recs"))
                    .thenReturn(new Served(Mockito.mock(ModelDeployment.class), modelId, null, null));
        }
    }

    private static ResultActions protocolError(ResultActions result) throws Exception {
        return result.andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_JSON))
                .andExpect(jsonPath("$.error").isString())
                .andExpect(jsonPath("$.type").doesNotExist());
    }

    @Test
    void twoInputsOfOneNameAreRefusedNamingItAndTheModelIsNotAsked() throws Exception {
        serving("mv-1", DeploymentState.READY, null);
        protocolError(mvc.perform(post("/v2/models/recs/infer")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"inputs\": [" + NODE_IDS + ", " + NODE_IDS.replace("[1]}", "[2]}") + "]}")))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.error")
                        .value(Matchers.allOf(
                                Matchers.containsString("'node_ids'"), Matchers.containsString("twice"))));
        protocolError(mvc.perform(post("/v2/models/recs/infer")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"parameters\": {\"output\": \"scores\"}, \"inputs\": ["
                                + NODE_IDS.replace("node_ids", "source_ids") + ", "
                                + NODE_IDS.replace("node_ids", "target_ids")
                                + ", " + NODE_IDS.replace("node_ids", "source_ids") + "]}")))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.error").value(Matchers.containsString("'source_ids' is given twice")));
        Mockito.verify(deployments.serving("recs").model(), Mockito.never()).embeddings(Mockito.any(), Mockito.any());
    }

    @Test
    void anInputTheInferenceDoesNotReadIsRefusedNamingIt() throws Exception {
        serving("mv-1", DeploymentState.READY, null);
        protocolError(mvc.perform(post("/v2/models/recs/infer")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"inputs\": [" + NODE_IDS + ", " + NODE_IDS.replace("node_ids", "mask") + "]}")))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.error").value(Matchers.containsString("'mask'")));
    }

    @Test
    void aVersionTheDeploymentNeitherServesNorLoadsIsNotFound() throws Exception {
        serving("mv-1", DeploymentState.READY, null);
        for (String path : new String[] {"/v2/models/recs/versions/mv-2/ready", "/v2/models/recs/versions/mv-2"}) {
            protocolError(mvc.perform(get(path)))
                    .andExpect(status().isNotFound())
                    .andExpect(jsonPath("$.error").value(Matchers.containsString("mv-2")));
        }
        protocolError(mvc.perform(post("/v2/models/recs/versions/mv-2/infer")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"inputs\": [" + NODE_IDS + "]}")))
                .andExpect(status().isNotFound());
        mvc.perform(get("/v2/models/recs/versions/mv-1/ready"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.ready").value(true));
    }

    @Test
    void aModelBeingPreparedAdvisesItsOwnWaitAsOnTheServicesRoutes() throws Exception {
        // a deployment the quick start prepares: the 503 carries its job's ETA, 12 s, not the default 30
        Mockito.when(deployments.serving("prep"))
                .thenThrow(new com.dipgnn.errors.ServiceUnavailableException(
                        "deployment 'prep' is being prepared", 12, java.util.Map.of("jobId", "j-1")));
        protocolError(mvc.perform(post("/v2/models/prep/infer")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"inputs\": [" + NODE_IDS + "]}")))
                .andExpect(status().isServiceUnavailable())
                .andExpect(header().string("Retry-After", "12"))
                .andExpect(jsonPath("$.error").value(Matchers.containsString("being prepared")));
    }

    @Test
    void aVersionBeingLoadedIsNotReadyYetAndAnUnknownModelIsNotFound() throws Exception {
        serving("mv-1", DeploymentState.LOADING, "mv-2");
        mvc.perform(get("/v2/models/recs/versions/mv-2/ready"))
                .andExpect(status().isServiceUnavailable())
                .andExpect(jsonPath("$.ready").value(false));
        protocolError(mvc.perform(get("/v2/models/recs/versions/mv-2")))
                .andExpect(status().isServiceUnavailable())
                .andExpect(header().string("Retry-After", "30"));
        Mockito.when(deployments.get("nope")).thenThrow(new NotFoundException("deployment", "nope", "none"));
        for (String path : new String[] {
            "/v2/models/nope/ready", "/v2/models/nope/versions/mv-1/ready", "/v2/models/nope/versions/mv-1"
        }) {
            protocolError(mvc.perform(get(path))).andExpect(status().isNotFound());
        }
    }

    @Test
    void springMvcsOwnErrorsUnderV2AreTheProtocolsShape() throws Exception {
        serving("mv-1", DeploymentState.READY, null);
        protocolError(mvc.perform(get("/v2/nothing/here"))).andExpect(status().isNotFound());
        protocolError(mvc.perform(put("/v2/models/recs/infer")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{}")))
                .andExpect(status().isMethodNotAllowed());
        protocolError(mvc.perform(post("/v2/models/recs/infer")
                        .contentType(MediaType.TEXT_PLAIN)
                        .content("x")))
                .andExpect(status().isUnsupportedMediaType());
        protocolError(mvc.perform(post("/v2/models/recs/infer")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{")))
                .andExpect(status().isBadRequest());
        protocolError(mvc.perform(post("/v2/models/recs/infer")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("[1, 2]")))
                .andExpect(status().isBadRequest());
        protocolError(mvc.perform(get("/v2").accept(MediaType.APPLICATION_XML))).andExpect(status().isNotAcceptable());
    }

    @Test
    void theContainersErrorPageForAV2RequestIsTheProtocolsShape() throws Exception {
        protocolError(mvc.perform(get("/error")
                        .requestAttr(RequestDispatcher.ERROR_STATUS_CODE, 500)
                        .requestAttr(RequestDispatcher.ERROR_REQUEST_URI, "/v2/models/recs/infer")))
                .andExpect(status().isInternalServerError());
        mvc.perform(get("/error")
                        .requestAttr(RequestDispatcher.ERROR_STATUS_CODE, 500)
                        .requestAttr(RequestDispatcher.ERROR_REQUEST_URI, "/api/v1/jobs"))
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON));
    }
}
