package com.dipgnn.api;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.dipgnn.jobs.JobService;
import com.dipgnn.security.ApiTokenFilter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.mockito.Mockito;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.AutoConfigureMockMvc;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.FilterType;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/**
 * Request bodies are bound strictly: each row is a job submission that a lenient binder would
 * have accepted with a changed or dropped value, and must be a 400 problem detail naming the
 * field, with nothing submitted.
 */
@WebMvcTest(
        controllers = JobController.class,
        excludeFilters =
                @ComponentScan.Filter(
                        type = FilterType.ASSIGNABLE_TYPE,
                        classes = {ApiTokenFilter.class, ProcessRoleFilter.class, RequestBodyLimit.class}))
@AutoConfigureMockMvc(addFilters = false)
class StrictRequestBindingTest {

    @Autowired
    private MockMvc mvc;

    @MockitoBean
    private JobService jobs;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            a number as a string             | {"datasetId": "g", "parameters": {"steps": "5"}}            | parameters.steps
            a fraction for an integer        | {"datasetId": "g", "parameters": {"hidden": 32.7}}          | parameters.hidden
            a whole fraction for an integer  | {"datasetId": "g", "parameters": {"hidden": 32.0}}          | parameters.hidden
            an integer out of range          | {"datasetId": "g", "parameters": {"steps": 4294967297}}     | parameters.steps
            a boolean for an integer         | {"datasetId": "g", "parameters": {"steps": true}}           | parameters.steps
            a number for a string            | {"datasetId": 5}                                            | datasetId
            a string for a fraction          | {"datasetId": "g", "parameters": {"dropout": "0.2"}}        | parameters.dropout
            an unknown field                 | {"datasetId": "g", "dataset": "h"}                          | dataset
            an unknown field in parameters   | {"datasetId": "g", "parameters": {"stepz": 5}}              | parameters.stepz
            a string for the parameters      | {"datasetId": "g", "parameters": "steps=5"}                 | parameters
            a field given twice              | {"datasetId": "g", "parameters": {"steps": 10, "steps": 99}} | parameters.steps
            """)
    void refusesWhatALenientBinderWouldChange(String what, String body, String field) throws Exception {
        mvc.perform(post("/api/v1/jobs/finetune")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content(body))
                .andExpect(status().isBadRequest())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.type").value(Problems.TYPE_BASE + "malformed-request"))
                .andExpect(jsonPath("$.field").value(field))
                .andExpect(jsonPath("$.detail").value(org.hamcrest.Matchers.containsString(field)));
        Mockito.verifyNoInteractions(jobs);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            trailing content | {"datasetId": "g"} {"datasetId": "h"}
            not json         | datasetId=g
            """)
    void refusesBodiesThatAreNotOneJsonObject(String what, String body) throws Exception {
        mvc.perform(post("/api/v1/jobs/finetune")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content(body))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.type").value(Problems.TYPE_BASE + "malformed-request"));
        Mockito.verifyNoInteractions(jobs);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            a fraction for the page       | /api/v1/jobs?page=1.5          | page
            a page beyond int             | /api/v1/jobs?page=99999999999  | page
            a page beyond the last offset | /api/v1/jobs?page=2000000000   | page
            an unknown state              | /api/v1/jobs?state=DONE        | state
            """)
    void refusesQueryParametersOfTheWrongTypeOrRange(String what, String uri, String field) throws Exception {
        mvc.perform(get(uri))
                .andExpect(status().isBadRequest())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.type").value(Problems.TYPE_BASE + "invalid-parameters"))
                .andExpect(jsonPath("$.field").value(org.hamcrest.Matchers.endsWith(field)));
        Mockito.verifyNoInteractions(jobs);
    }

    @org.junit.jupiter.api.Test
    void springsOwnErrorsCarryTheServicesProblemTypes() throws Exception {
        mvc.perform(post("/api/v1/jobs/finetune")
                        .contentType(MediaType.TEXT_PLAIN)
                        .content("steps=5"))
                .andExpect(status().isUnsupportedMediaType())
                .andExpect(jsonPath("$.type").value(Problems.TYPE_BASE + "unsupported-media-type"))
                .andExpect(jsonPath("$.detail")
                        .value("Content-Type text/plain is not accepted here; send application/json"));
        mvc.perform(post("/api/v1/jobs/finetune").content("{}"))
                .andExpect(status().isUnsupportedMediaType())
                .andExpect(jsonPath("$.detail").value("the request has no Content-Type; send application/json"));
        mvc.perform(org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete("/api/v1/jobs/finetune"))
                .andExpect(status().isMethodNotAllowed())
                .andExpect(jsonPath("$.type").value(Problems.TYPE_BASE + "method-not-allowed"));
    }
}
