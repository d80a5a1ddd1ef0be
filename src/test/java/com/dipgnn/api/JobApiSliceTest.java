package com.dipgnn.api;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.dipgnn.errors.ConflictException;
import com.dipgnn.errors.NotFoundException;
import com.dipgnn.jobs.JobService;
import com.dipgnn.jobs.JobState;
import com.dipgnn.jobs.JobView;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentMatchers;
import org.mockito.Mockito;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/**
 * The job API on the web layer alone: malformed submissions and filters are refused before the
 * service is asked, an accepted submission answers 202 with its Location and whether it was a
 * replay, and the service's refusals become the problem types a client can act on.
 */
@ApiSlice(JobController.class)
class JobApiSliceTest {

    private static final String JOBS = "/api/v1/jobs";

    @Autowired
    private MockMvc mvc;

    @MockitoBean
    private JobService jobs;

    @Test
    void malformedSubmissionsAndFiltersAreRefusedBeforeTheServiceIsAsked() throws Exception {
        mvc.perform(post(JOBS + "/pretrain")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"datasetId\": \" \"}"))
                .andExpect(status().isBadRequest())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.detail").value(org.hamcrest.Matchers.containsString("datasetId")));
        mvc.perform(post(JOBS + "/finetune")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"datasetId\": \"shop\", \"modelName\": \"Not A Name\"}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.detail").value(org.hamcrest.Matchers.containsString("lower-case")));
        mvc.perform(post(JOBS + "/pretrain")
                        .contentType(MediaType.APPLICATION_JSON)
                        .header("Idempotency-Key", "k".repeat(201))
                        .content("{\"datasetId\": \"shop\"}"))
                .andExpect(status().isBadRequest());
        mvc.perform(get(JOBS).param("kind", "TRAIN")).andExpect(status().isBadRequest());
        Mockito.verifyNoInteractions(jobs);
    }

    @Test
    void anUnknownEnumNameIsRefusedWithTheNamesTheEnumAllows() throws Exception {
        mvc.perform(post(JOBS + "/pretrain")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"datasetId\": \"shop\", \"parameters\": {\"method\": \"bert\"}}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.field").value("parameters.method"))
                .andExpect(jsonPath("$.detail")
                        .value("parameters.method: use one of [dipgnn, dipgnn-no-text, dipgnn-edges, dipgnn-features, "
                                + "random-edges, gpt-gnn, gae] (got bert)"));
        // the methods' names only: "none" (no pre-training) and the constants' own spelling are refused
        for (String method : new String[] {"none", "DIPGNN", "gpt_gnn"}) {
            mvc.perform(post(JOBS + "/pretrain")
                            .contentType(MediaType.APPLICATION_JSON)
                            .content("{\"datasetId\": \"shop\", \"parameters\": {\"method\": \"" + method + "\"}}"))
                    .andExpect(status().isBadRequest());
        }
        mvc.perform(post(JOBS + "/finetune")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"datasetId\": \"shop\", \"parameters\": {\"split\": \"random\", "
                                + "\"linkLoss\": \"dot-softmax\"}}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.errors[?(@.field == 'parameters.split')].message")
                        .value("use one of [dataset, transfer, holdout, leave-one-out] (got random)"))
                .andExpect(jsonPath("$.errors[?(@.field == 'parameters.linkLoss')].message")
                        .value("use one of [bpr, softmax] (got dot-softmax)"));
        Mockito.verifyNoInteractions(jobs);
    }

    @Test
    void anAcceptedSubmissionAnswersWithItsLocationAndWhetherItWasReplayed() throws Exception {
        Mockito.when(jobs.submitPretrain(
                        ArgumentMatchers.eq("shop"),
                        ArgumentMatchers.eq("shop-dipgnn"),
                        ArgumentMatchers.any(),
                        ArgumentMatchers.eq("retry-1")))
                .thenReturn(new JobService.Submission(queued("job-7"), true));
        mvc.perform(post(JOBS + "/pretrain")
                        .contentType(MediaType.APPLICATION_JSON)
                        .header("Idempotency-Key", "retry-1")
                        .content("{\"datasetId\": \"shop\", \"modelName\": \"shop-dipgnn\"}"))
                .andExpect(status().isAccepted())
                .andExpect(header().string("Location", "/api/v1/jobs/job-7"))
                .andExpect(header().string("Idempotent-Replayed", "true"))
                .andExpect(jsonPath("$.state").value("QUEUED"));
    }

    @Test
    void anUnknownJobIsNotFoundAndCancellingAFinishedOneIsAConflict() throws Exception {
        Mockito.when(jobs.get("job-x"))
                .thenThrow(new NotFoundException("job", "job-x", "list them at GET /api/v1/jobs"));
        mvc.perform(get(JOBS + "/job-x"))
                .andExpect(status().isNotFound())
                .andExpect(jsonPath("$.resource").value("job"))
                .andExpect(jsonPath("$.id").value("job-x"));

        Mockito.when(jobs.cancel("job-y")).thenThrow(new ConflictException("job job-y has already SUCCEEDED"));
        mvc.perform(post(JOBS + "/job-y/cancel"))
                .andExpect(status().isConflict())
                .andExpect(jsonPath("$.type").value(Problems.TYPE_BASE + "conflict"));
    }

    private static JobView queued(String id) {
        return new JobView(
                id,
                "PRETRAIN",
                JobState.QUEUED,
                "shop",
                null,
                "shop-dipgnn",
                null,
                null,
                null,
                null,
                null,
                null,
                0,
                null,
                false,
                Instant.parse("2026-11-29T00:00:00Z"),
                null,
                null);
    }
}
