package com.dipgnn.api;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.dipgnn.deployments.DeploymentService;
import com.dipgnn.deployments.Served;
import com.dipgnn.errors.NotFoundException;
import com.dipgnn.errors.ServiceUnavailableException;
import com.dipgnn.serving.InvalidInferenceRequestException;
import com.dipgnn.serving.ModelDeployment;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/**
 * The inference API's validation and error mapping, on the web layer alone: each failure is an
 * RFC 9457 problem with the status, type and field a client can act on, and a request refused by
 * validation never reaches a deployment.
 */
@ApiSlice(InferenceController.class)
@Import({InferenceMetrics.class, SliceMeters.class})
class InferenceApiSliceTest {

    @Autowired
    private MockMvc mvc;

    @MockitoBean
    private DeploymentService deployments;

    private static final String EMBEDDINGS = "/api/v1/deployments/shop/embeddings";

    @Test
    void aMissingNodeTypeIsAValidationProblemNamingTheFieldAndNoDeploymentIsAsked() throws Exception {
        mvc.perform(post(EMBEDDINGS).contentType(MediaType.APPLICATION_JSON).content("{\"ids\": [1]}"))
                .andExpect(status().isBadRequest())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.detail").value(org.hamcrest.Matchers.containsString("nodeType")));
        Mockito.verifyNoInteractions(deployments);
    }

    @Test
    void anUnknownDeploymentIsANotFoundProblemNamingIt() throws Exception {
        Mockito.when(deployments.serving("shop"))
                .thenThrow(new NotFoundException("deployment", "shop", "list them at GET /api/v1/deployments"));
        mvc.perform(post(EMBEDDINGS)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"nodeType\": \"product\", \"ids\": [1]}"))
                .andExpect(status().isNotFound())
                .andExpect(jsonPath("$.type").value(Problems.TYPE_BASE + "not-found"))
                .andExpect(jsonPath("$.resource").value("deployment"))
                .andExpect(jsonPath("$.id").value("shop"));
    }

    @Test
    void aDeploymentStillLoadingIsUnavailableWithARetryAfter() throws Exception {
        Mockito.when(deployments.serving("shop"))
                .thenThrow(new ServiceUnavailableException("deployment 'shop' is loading"));
        mvc.perform(post(EMBEDDINGS)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"nodeType\": \"product\", \"ids\": [1]}"))
                .andExpect(status().isServiceUnavailable())
                .andExpect(header().string("Retry-After", "30"))
                .andExpect(jsonPath("$.type").value(Problems.TYPE_BASE + "unavailable"));
    }

    @Test
    void whatTheModelRefusesIsAnInvalidInputProblemWithItsFieldAndReason() throws Exception {
        ModelDeployment model = Mockito.mock(ModelDeployment.class);
        Mockito.when(model.embeddings(Mockito.eq("product"), Mockito.any()))
                .thenThrow(new InvalidInferenceRequestException(
                        "ids[0]",
                        InvalidInferenceRequestException.Reason.UNKNOWN_NODE,
                        "node 99 of type 'product' does not exist; ids run from 0 to 9"));
        Mockito.when(deployments.serving("shop")).thenReturn(new Served(model, "m1", null, null));
        mvc.perform(post(EMBEDDINGS)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"nodeType\": \"product\", \"ids\": [99]}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.type").value(Problems.TYPE_BASE + "invalid-input"))
                .andExpect(jsonPath("$.field").value("ids[0]"))
                .andExpect(jsonPath("$.reason").value("UNKNOWN_NODE"))
                .andExpect(jsonPath("$.detail").value(org.hamcrest.Matchers.containsString("ids run from 0 to 9")));
    }

    @Test
    void idsAndKeysTogetherAreRefusedBeforeTheModelIsAsked() throws Exception {
        ModelDeployment model = Mockito.mock(ModelDeployment.class);
        Mockito.when(deployments.serving("shop")).thenReturn(new Served(model, "m1", null, null));
        mvc.perform(post(EMBEDDINGS)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"nodeType\": \"product\", \"ids\": [1], \"keys\": [\"p1\"]}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.field").value("ids"));
        Mockito.verifyNoInteractions(model);
    }
}
