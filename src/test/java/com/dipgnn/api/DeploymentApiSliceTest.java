package com.dipgnn.api;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.dipgnn.deployments.DeploymentService;
import com.dipgnn.errors.ConflictException;
import com.dipgnn.errors.NotFoundException;
import com.dipgnn.serving.InvalidEmbeddingsException;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/**
 * The deployment API's validation and error mapping on the web layer alone: a blank model id is
 * refused before the service is asked, and the service's refusals become the problem types a
 * client can act on (404, 409, 422 with the field).
 */
@ApiSlice(DeploymentController.class)
class DeploymentApiSliceTest {

    @Autowired
    private MockMvc mvc;

    @MockitoBean
    private DeploymentService deployments;

    private static final String SHOP = "/api/v1/deployments/shop";

    @Test
    void aBlankModelIdIsRefusedBeforeTheServiceIsAsked() throws Exception {
        mvc.perform(put(SHOP).contentType(MediaType.APPLICATION_JSON).content("{\"modelId\": \" \"}"))
                .andExpect(status().isBadRequest())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.detail").value(org.hamcrest.Matchers.containsString("modelId")));
        Mockito.verifyNoInteractions(deployments);
    }

    @Test
    void anUnknownModelIsNotFoundAndAnEmbeddingsDirectoryOfAnotherModelIsUnprocessable() throws Exception {
        Mockito.when(deployments.deploy("shop", "mv-x", null))
                .thenThrow(new NotFoundException("model", "mv-x", "list them at GET /api/v1/models"));
        mvc.perform(put(SHOP).contentType(MediaType.APPLICATION_JSON).content("{\"modelId\": \"mv-x\"}"))
                .andExpect(status().isNotFound())
                .andExpect(jsonPath("$.resource").value("model"))
                .andExpect(jsonPath("$.id").value("mv-x"));

        Mockito.when(deployments.deploy("shop", "mv-y", "/data/e"))
                .thenThrow(new InvalidEmbeddingsException("the embeddings in /data/e were computed by model mv-z"));
        mvc.perform(put(SHOP)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"modelId\": \"mv-y\", \"embeddingsPath\": \"/data/e\"}"))
                .andExpect(status().isUnprocessableEntity())
                .andExpect(jsonPath("$.type").value(Problems.TYPE_BASE + "invalid-embeddings"))
                .andExpect(jsonPath("$.field").value("embeddingsPath"));
    }

    @Test
    void aConflictWithTheCurrentStateIsAConflictProblem() throws Exception {
        Mockito.doThrow(new ConflictException("deployment 'shop' is being switched; try again when it is READY"))
                .when(deployments)
                .undeploy("shop");
        mvc.perform(delete(SHOP))
                .andExpect(status().isConflict())
                .andExpect(jsonPath("$.type").value(Problems.TYPE_BASE + "conflict"))
                .andExpect(jsonPath("$.detail").value(org.hamcrest.Matchers.containsString("try again")));
    }
}
