package com.dipgnn.api;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.multipart;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.dipgnn.datasets.DatasetService;
import com.dipgnn.errors.ConflictException;
import com.dipgnn.errors.NotFoundException;
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
