package com.dipgnn.api;

import com.dipgnn.datasets.DatasetIds;
import com.dipgnn.jobs.JobService;
import com.dipgnn.jobs.JobState;
import com.dipgnn.jobs.JobView;
import com.dipgnn.jobs.parameters.EmbedParameters;
import com.dipgnn.jobs.parameters.FinetuneParameters;
import com.dipgnn.jobs.parameters.PretrainParameters;
import com.dipgnn.jobs.runner.TrainingCurves;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/** Jobs (training and embedding): submit, watch (status, events, curves), list, cancel. */
@RestController
@RequestMapping(value = "/api/v1/jobs", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Jobs", description = "Pre-training, fine-tuning and embedding jobs")
public class JobController {

    /** Header carrying the client's idempotency key: a retried submission returns the first job. */
    public static final String IDEMPOTENCY_KEY = "Idempotency-Key";

    /** What a job submission can answer that its operation's shape does not tell. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.METHOD)
    @ProblemResponse(value = ProblemType.NOT_FOUND, when = "no data set or model of an id the body names")
    @ProblemResponse(
            value = ProblemType.INVALID_GRAPH,
            when = "the data set's graph no longer loads within the configured limits (file, line, limit and "
                    + "setting in the detail)")
    @ProblemResponse(
            value = ProblemType.UNAVAILABLE,
            when = "the job queue is full: dipgnn.jobs.queue-capacity jobs are queued (with Retry-After)")
    @interface SubmissionProblems {}

    private final JobService jobs;

    public JobController(JobService jobs) {
        this.jobs = jobs;
    }

    /**
     * @param datasetId data set to pre-train on (its pre-training part of the node-transfer split)
     * @param modelName name to register the pre-trained model under (default {@code <dataset>-<method>})
     * @param parameters method and hyper-parameters; absent fields take the paper's defaults
     */
    public record PretrainJobRequest(
            @Schema(example = "query-product") @NotBlank String datasetId,

            @Schema(example = "query-product-dipgnn")
            @Pattern(regexp = DatasetIds.PATTERN, message = "use 1 to 64 lower-case letters, digits, '.', '_' or '-'")
            String modelName,

            @Valid PretrainParameters parameters) {}

    /**
     * @param datasetId data set to fine-tune on (its fine-tuning part of the node-transfer split)
     * @param modelName name to register the fine-tuned model under (default {@code <dataset>-<task>})
     * @param parameters task and hyper-parameters; absent fields take the paper's defaults
     */
    public record FinetuneJobRequest(
            @Schema(example = "query-product") @NotBlank String datasetId,

            @Schema(example = "recommendations")
            @Pattern(regexp = DatasetIds.PATTERN, message = "use 1 to 64 lower-case letters, digits, '.', '_' or '-'")
            String modelName,

            @Valid FinetuneParameters parameters) {}

    @io.swagger.v3.oas.annotations.parameters.RequestBody(
            content =
                    @io.swagger.v3.oas.annotations.media.Content(
                            mediaType = "application/json",
                            examples =
                                    @io.swagger.v3.oas.annotations.media.ExampleObject(
                                            name = "laptop",
                                            summary =
                                                    "DiP-GNN on the built-in graph, sized for a laptop CPU (about 3 minutes); omitted fields take the paper defaults",
                                            value =
                                                    "{\"datasetId\": \"query-product\", \"modelName\": \"query-product-dipgnn\", \"parameters\": {\"method\": \"dipgnn\", \"layers\": 2, \"hidden\": 64, \"heads\": 4, \"steps\": 200}}")))
    @PostMapping(value = "/pretrain", consumes = MediaType.APPLICATION_JSON_VALUE)
    @SubmissionProblems
    @Operation(
            operationId = "submitPretrainJob",
            summary = "Submit a pre-training job (DiP-GNN or a baseline)",
            description = "Answers 202 with the queued job and its Location. Send an Idempotency-Key header to make "
                    + "retries safe: the same key and parameters return the first job.")
    @org.springframework.web.bind.annotation.ResponseStatus(HttpStatus.ACCEPTED)
    public ResponseEntity<JobView> pretrain(
            @Valid @RequestBody PretrainJobRequest request,
            @Parameter(description = "client-chosen key that makes retries return the first job")
                    @RequestHeader(value = IDEMPOTENCY_KEY, required = false)
                    @Size(max = 200)
                    String idempotencyKey) {
        return accepted(
                jobs.submitPretrain(request.datasetId(), request.modelName(), request.parameters(), idempotencyKey));
    }

    @PostMapping(value = "/embed", consumes = MediaType.APPLICATION_JSON_VALUE)
    @SubmissionProblems
    @Operation(
            operationId = "submitEmbedJob",
            summary = "Submit an embedding job: every node's embedding from a model",
            description = "A batch transform. The job embeds every node of the data set the model was trained on, "
                    + "as a deployment of the model computes them (exact inference), and writes them under the data "
                    + "directory as the Spark batch job does (Parquet and a manifest). When it has succeeded, its "
                    + "embeddingsPath can be given to PUT /api/v1/deployments/{name} with the same model, which then "
                    + "serves them instead of computing its own. Answers 202 with the queued job and its Location.")
    @org.springframework.web.bind.annotation.ResponseStatus(HttpStatus.ACCEPTED)
    public ResponseEntity<JobView> embed(
            @Valid @RequestBody EmbedParameters request,
            @Parameter(description = "client-chosen key that makes retries return the first job")
                    @RequestHeader(value = IDEMPOTENCY_KEY, required = false)
                    @Size(max = 200)
                    String idempotencyKey) {
        return accepted(jobs.submitEmbed(request, idempotencyKey));
    }

    @io.swagger.v3.oas.annotations.parameters.RequestBody(
            content =
                    @io.swagger.v3.oas.annotations.media.Content(
                            mediaType = "application/json",
                            examples =
                                    @io.swagger.v3.oas.annotations.media.ExampleObject(
                                            name = "link",
                                            summary =
                                                    "link prediction from a pre-trained model (put its id from the pre-training job); architecture comes from it",
                                            value =
                                                    "{\"datasetId\": \"query-product\", \"modelName\": \"recommendations\", \"parameters\": {\"task\": \"link\", \"pretrainedModelId\": \"mv-...\", \"steps\": 200}}")))
    @PostMapping(value = "/finetune", consumes = MediaType.APPLICATION_JSON_VALUE)
    @SubmissionProblems
    @Operation(
            operationId = "submitFinetuneJob",
            summary = "Submit a fine-tuning job, from a pre-trained model or from scratch")
    @org.springframework.web.bind.annotation.ResponseStatus(HttpStatus.ACCEPTED)
    public ResponseEntity<JobView> finetune(
            @Valid @RequestBody FinetuneJobRequest request,
            @Parameter(description = "client-chosen key that makes retries return the first job")
                    @RequestHeader(value = IDEMPOTENCY_KEY, required = false)
                    @Size(max = 200)
                    String idempotencyKey) {
        return accepted(
                jobs.submitFinetune(request.datasetId(), request.modelName(), request.parameters(), idempotencyKey));
    }

    @GetMapping
    @Operation(operationId = "listJobs", summary = "List jobs, newest first, filtered by state, data set or kind")
    public PageResponse<JobView> list(
            @RequestParam(required = false) JobState state,
            @RequestParam(required = false) String datasetId,
            @RequestParam(required = false) @Pattern(regexp = "PRETRAIN|FINETUNE|EMBED") String kind,
            @RequestParam(defaultValue = "0") @Min(0) @Max(PageResponse.MAX_PAGE) int page,
            @RequestParam(defaultValue = "50") @Min(1) @Max(500) int size) {
        return new PageResponse<>(
                jobs.list(state, datasetId, kind, page * size, size), page, size, jobs.count(state, datasetId, kind));
    }

    @GetMapping("/{id}")
    @Operation(
            operationId = "getJob",
            summary = "A job's state and progress (step, total, ETA, latest losses and metrics)")
    public JobView get(@PathVariable String id) {
        return jobs.get(id);
    }

    @PostMapping("/{id}/cancel")
    @Operation(
            operationId = "cancelJob",
            summary = "Cancel a queued or running job (a running job stops within a step; its last checkpoint is kept)")
    public JobView cancel(@PathVariable String id) {
        return jobs.cancel(id);
    }

    @GetMapping(value = "/{id}/events", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    @Operation(
            operationId = "streamJobEvents",
            summary = "Server-Sent Events: 'state' (now and at every change) and 'progress'")
    @io.swagger.v3.oas.annotations.responses.ApiResponse(
            responseCode = "200",
            description =
                    "A stream of events until "
                            + "the job ends: 'event: state' with the job's id and state (and error), 'event: progress' with a JobProgress",
            content =
                    @io.swagger.v3.oas.annotations.media.Content(
                            mediaType = MediaType.TEXT_EVENT_STREAM_VALUE,
                            schema = @io.swagger.v3.oas.annotations.media.Schema(type = "string")))
    public SseEmitter events(@PathVariable String id) {
        return jobs.subscribe(id);
    }

    @GetMapping("/{id}/curves")
    @Operation(operationId = "getJobCurves", summary = "The job's training curves as JSON")
    public TrainingCurves curves(@PathVariable String id) {
        return jobs.curves(id);
    }

    @GetMapping(value = "/{id}/curves.svg", produces = "image/svg+xml")
    @Operation(operationId = "getJobCurvesPlot", summary = "The job's training curves as an SVG plot")
    @io.swagger.v3.oas.annotations.responses.ApiResponse(
            responseCode = "200",
            description = "An SVG document",
            content =
                    @io.swagger.v3.oas.annotations.media.Content(
                            mediaType = "image/svg+xml",
                            schema = @io.swagger.v3.oas.annotations.media.Schema(type = "string")))
    public ResponseEntity<byte[]> curvesSvg(@PathVariable String id) {
        return ResponseEntity.ok()
                .contentType(MediaType.valueOf("image/svg+xml"))
                .body(jobs.curves(id).toSvg().getBytes(StandardCharsets.UTF_8));
    }

    private static ResponseEntity<JobView> accepted(JobService.Submission submission) {
        JobView job = submission.job();
        return ResponseEntity.status(HttpStatus.ACCEPTED)
                .location(URI.create("/api/v1/jobs/" + job.id()))
                .header("Idempotent-Replayed", Boolean.toString(submission.replayed()))
                .body(job);
    }
}
