package com.dipgnn.api;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.multipart;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.dipgnn.datasets.Dataset;
import com.dipgnn.datasets.DatasetService;
import com.dipgnn.datasets.DatasetSource;
import com.dipgnn.datasets.SyntheticSpec;
import com.dipgnn.errors.ConflictException;
import com.dipgnn.errors.InvalidInputException;
import com.dipgnn.errors.NotFoundException;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockMultipartFile;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/**
 * The data-set API on the web layer alone: a registration must name a valid id and exactly one
 * source, an upload a valid id, all refused before the service is asked; the service's refusals
 * become the problem types a client can act on (404 naming the data set, 409 while it is in use).
 */
@ApiSlice(DatasetController.class)
class DatasetApiSliceTest {

    private static final String DATASETS = "/api/v1/datasets";

    @Autowired
    private MockMvc mvc;

    @MockitoBean
    private DatasetService datasets;

    @Test
    void aRegistrationNeedsAValidIdAndExactlyOneSource() throws Exception {
        mvc.perform(post(DATASETS)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"id\": \"My Graph\", \"path\": \"/d\"}"))
                .andExpect(status().isBadRequest())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.detail").value(org.hamcrest.Matchers.containsString("lower-case")));
        mvc.perform(post(DATASETS).contentType(MediaType.APPLICATION_JSON).content("{\"id\": \"shop\"}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.detail").value(org.hamcrest.Matchers.containsString("exactly one")));
        mvc.perform(post(DATASETS)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content(
                                "{\"id\": \"shop\", \"path\": \"/d\", \"synthetic\": {\"queries\": 10, \"products\": 10, "
                                        + "\"clicks\": 20, \"seed\": 0}}"))
                .andExpect(status().isBadRequest());
        mvc.perform(multipart(DATASETS)
                        .file(new MockMultipartFile("file", "g.zip", "application/zip", new byte[1]))
                        .param("id", "../etc"))
                .andExpect(status().isBadRequest());
        Mockito.verifyNoInteractions(datasets);
    }

    @Test
    void aBodyOfAnotherTypeIsToldBothTypesTheOperationTakes() throws Exception {
        mvc.perform(post(DATASETS).contentType(MediaType.TEXT_PLAIN).content("id=shop"))
                .andExpect(status().isUnsupportedMediaType())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.type").value(Problems.TYPE_BASE + "unsupported-media-type"))
                .andExpect(jsonPath("$.detail")
                        .value("Content-Type text/plain is not accepted here; send application/json or "
                                + "multipart/form-data"));
        Mockito.verifyNoInteractions(datasets);
    }

    @Test
    void anInteractionGraphIsRegisteredWithItsKindAndSettings() throws Exception {
        SyntheticSpec asked =
                new SyntheticSpec("interactions", null, null, null, 7L, 200, 100, 2000, 4, 0.3, 0.8, null, 5, 0.2, 0.1);
        Dataset created = new Dataset(
                "recs",
                DatasetSource.BUILTIN,
                "synthetic:interactions?users=200&items=100&interactions=2000&seed=7",
                "f",
                null,
                Instant.EPOCH);
        Mockito.when(datasets.registerSynthetic("recs", asked)).thenReturn(created);
        mvc.perform(post(DATASETS)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"id\": \"recs\", \"synthetic\": {\"kind\": \"interactions\", \"users\": 200, "
                                + "\"items\": 100, \"interactions\": 2000, \"seed\": 7, \"communities\": 4, "
                                + "\"mixing\": 0.3, \"popularity\": 0.8, \"minPerUser\": 5, \"testFraction\": 0.2, "
                                + "\"valFraction\": 0.1}}"))
                .andExpect(status().isCreated())
                .andExpect(header().string("Location", "/api/v1/datasets/recs"))
                .andExpect(jsonPath("$.location").value(created.location()));
        Mockito.verify(datasets).registerSynthetic("recs", asked);
    }

    @Test
    void anInteractionRequestOutOfRangeOrOfAnUnknownKindIsRefusedNamingTheField() throws Exception {
        String[][] refused = {
            {"{\"kind\": \"ratings\", \"users\": 200}", "synthetic.kind", "use query-product or interactions"},
            {"{\"kind\": \"interactions\", \"users\": 0}", "synthetic.users", "1"},
            {"{\"kind\": \"interactions\", \"mixing\": 1.5}", "synthetic.mixing", "1"},
            {"{\"kind\": \"interactions\", \"testFraction\": 1.0}", "synthetic.testFraction", "1"},
            {"{\"kind\": \"interactions\", \"minPerUser\": 2}", "synthetic.minPerUser", "3"},
        };
        for (String[] r : refused) {
            mvc.perform(post(DATASETS)
                            .contentType(MediaType.APPLICATION_JSON)
                            .content("{\"id\": \"recs\", \"synthetic\": " + r[0] + "}"))
                    .andExpect(status().isBadRequest())
                    .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                    .andExpect(jsonPath("$.errors[0].field").value(r[1]))
                    .andExpect(jsonPath("$.errors[0].message").value(org.hamcrest.Matchers.containsString(r[2])));
        }
        mvc.perform(post(DATASETS)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"id\": \"recs\", \"synthetic\": {\"kind\": \"interactions\", \"ratings\": 5}}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.detail").value(org.hamcrest.Matchers.containsString("ratings")));
        Mockito.verifyNoInteractions(datasets);
    }

    @Test
    void theServicesRefusalOfASyntheticGraphIsAProblemNamingTheFieldAndTheSetting() throws Exception {
        String message = "a synthetic graph of 2000001 users and 500000 items has 2500001 nodes, more than 2500000"
                + " (the limit dipgnn.datasets.limits.max-synthetic-nodes); ask for fewer";
        Mockito.when(datasets.registerSynthetic(Mockito.eq("recs"), Mockito.any()))
                .thenThrow(new InvalidInputException("synthetic", message));
        mvc.perform(post(DATASETS)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"id\": \"recs\", \"synthetic\": {\"kind\": \"interactions\", "
                                + "\"users\": 2000001, \"items\": 500000, \"interactions\": 20000000}}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.type").value(Problems.TYPE_BASE + "invalid-input"))
                .andExpect(jsonPath("$.field").value("synthetic"))
                .andExpect(jsonPath("$.detail").value(message));
    }

    @Test
    void anUnknownDataSetIsNotFoundAndOneInUseIsAConflict() throws Exception {
        Mockito.when(datasets.get("nope"))
                .thenThrow(new NotFoundException("dataset", "nope", "list them at GET /api/v1/datasets"));
        mvc.perform(get(DATASETS + "/nope"))
                .andExpect(status().isNotFound())
                .andExpect(jsonPath("$.resource").value("dataset"))
                .andExpect(jsonPath("$.id").value("nope"));

        Mockito.doThrow(new ConflictException("data set shop is used by job job-1; wait for it or cancel it"))
                .when(datasets)
                .delete("shop");
        mvc.perform(delete(DATASETS + "/shop"))
                .andExpect(status().isConflict())
                .andExpect(jsonPath("$.type").value(Problems.TYPE_BASE + "conflict"));
    }

    @Test
    void aPageOutsideItsBoundsIsRefused() throws Exception {
        mvc.perform(get(DATASETS).param("size", "0")).andExpect(status().isBadRequest());
        Mockito.verifyNoInteractions(datasets);
    }
}
