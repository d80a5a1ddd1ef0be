package com.dipgnn.api;

import com.dipgnn.deployments.DeploymentService;
import com.dipgnn.deployments.DeploymentView;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import java.net.URI;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Deployments: serve a model version under a name, switch it, undeploy it. */
@RestController
@RequestMapping(value = "/api/v1/deployments", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Deployments", description = "Model versions served online under a name")
public class DeploymentController {

    /** A deployment that the first start's quick start is still preparing: 503 until it exists. */
    private static final String PREPARING = "the quick start is still preparing this deployment: its job, step and "
            + "ETA in the detail (with Retry-After)";

    private final DeploymentService deployments;

    public DeploymentController(DeploymentService deployments) {
        this.deployments = deployments;
    }

    /**
     * @param modelId the fine-tuned model version to serve
     * @param embeddingsPath optional: a server directory with the embeddings of every node precomputed
     *     for this model by the Spark batch job (docs/batch-embeddings.md), served instead of
     *     computing them; it must lie under dipgnn.datasets.roots or the data directory
     */
    public record DeployRequest(
            @Schema(example = "mv-0123456789abcdef") @NotBlank
            String modelId,

            @Schema(
                    description = "optional: a server directory (under dipgnn.datasets.roots or the data directory) "
                            + "holding the Spark batch job's embeddings of every node for this model; they are checked "
                            + "against the model and its graph and served instead of computing them",
                    example = "/data/embeddings/recommendations-2026-11-23",
                    nullable = true)
            @Size(max = 4096)
            String embeddingsPath) {}

    @io.swagger.v3.oas.annotations.parameters.RequestBody(
            content =
                    @io.swagger.v3.oas.annotations.media.Content(
                            mediaType = "application/json",
                            examples = {
                                @io.swagger.v3.oas.annotations.media.ExampleObject(
                                        name = "model",
                                        summary = "the fine-tuned model version (its id from the fine-tuning job)",
                                        value = "{\"modelId\": \"mv-...\"}"),
                                @io.swagger.v3.oas.annotations.media.ExampleObject(
                                        name = "precomputed",
                                        summary =
                                                "the same model, serving the embeddings the Spark batch job computed for it",
                                        value =
                                                "{\"modelId\": \"mv-...\", \"embeddingsPath\": \"/data/embeddings/run-1\"}")
                            }))
    @PutMapping(value = "/{name}", consumes = MediaType.APPLICATION_JSON_VALUE)
    @ProblemResponse(ProblemType.INVALID_EMBEDDINGS)
    @ProblemResponse(
            value = ProblemType.INVALID_GRAPH,
            when = "the graph of the model's data set, read to check the embeddings of embeddingsPath, no longer "
                    + "loads within the configured limits")
    @Operation(
            operationId = "deploy",
            summary = "Deploy a model version under a name, or switch the name to another version",
            description =
                    "Answers 202 at once: the model is loaded, every node embedded and the top-k index built in the "
                            + "background. The previous version keeps serving until the switch; poll GET until state is READY "
                            + "and pending is empty. With embeddingsPath the embeddings are not computed: the Spark batch job's "
                            + "files are read and checked first (model fingerprint, graph, width, every node exactly once), "
                            + "and a directory that does not belong to the model is refused with 422 invalid-embeddings "
                            + "before anything changes.")
    @org.springframework.web.bind.annotation.ResponseStatus(HttpStatus.ACCEPTED)
    public ResponseEntity<DeploymentView> deploy(@PathVariable String name, @Valid @RequestBody DeployRequest request) {
        DeploymentView view = deployments.deploy(name, request.modelId(), request.embeddingsPath());
        return ResponseEntity.status(HttpStatus.ACCEPTED)
                .location(URI.create("/api/v1/deployments/" + name))
                .body(view);
    }

    @GetMapping
    @Operation(operationId = "listDeployments", summary = "List deployments")
    public List<DeploymentView> list() {
        return deployments.list();
    }

    @GetMapping("/{name}")
    @ProblemResponse(value = ProblemType.UNAVAILABLE, when = PREPARING)
    @Operation(operationId = "getDeployment", summary = "A deployment's state, serving model and loading progress")
    public DeploymentView get(@PathVariable String name) {
        return deployments.get(name);
    }

    @DeleteMapping("/{name}")
    @ProblemResponse(value = ProblemType.UNAVAILABLE, when = PREPARING)
    @Operation(operationId = "undeploy", summary = "Stop serving a deployment")
    @org.springframework.web.bind.annotation.ResponseStatus(HttpStatus.NO_CONTENT)
    public ResponseEntity<Void> undeploy(@PathVariable String name) {
        deployments.undeploy(name);
        return ResponseEntity.noContent().build();
    }
}
