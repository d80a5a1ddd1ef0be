package com.dipgnn.api;

import com.dipgnn.deployments.DeploymentService;
import com.dipgnn.deployments.DeploymentView;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
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

    private final DeploymentService deployments;

    public DeploymentController(DeploymentService deployments) {
        this.deployments = deployments;
    }

    /** @param modelId the fine-tuned model version to serve */
    public record DeployRequest(@Schema(example = "mv-0123456789abcdef") @NotBlank String modelId) {
    }

    @io.swagger.v3.oas.annotations.parameters.RequestBody(content = @io.swagger.v3.oas.annotations.media.Content(
            mediaType = "application/json", examples = @io.swagger.v3.oas.annotations.media.ExampleObject(
            name = "model", summary = "the fine-tuned model version (its id from the fine-tuning job)", value = "{\"modelId\": \"mv-...\"}")))
    @PutMapping(value = "/{name}", consumes = MediaType.APPLICATION_JSON_VALUE)
    @Operation(operationId = "deploy", summary = "Deploy a model version under a name, or switch the name to another version",
            description = "Answers 202 at once: the model is loaded, every node embedded and the top-k index built in the "
                    + "background. The previous version keeps serving until the switch; poll GET until state is READY "
                    + "and pending is empty.")
    @org.springframework.web.bind.annotation.ResponseStatus(HttpStatus.ACCEPTED)
    public ResponseEntity<DeploymentView> deploy(@PathVariable String name, @Valid @RequestBody DeployRequest request) {
        DeploymentView view = deployments.deploy(name, request.modelId());
        return ResponseEntity.status(HttpStatus.ACCEPTED).location(URI.create("/api/v1/deployments/" + name)).body(view);
    }

    @GetMapping
    @Operation(operationId = "listDeployments", summary = "List deployments")
    public List<DeploymentView> list() {
        return deployments.list();
    }

    @GetMapping("/{name}")
    @Operation(operationId = "getDeployment", summary = "A deployment's state, serving model and loading progress")
    public DeploymentView get(@PathVariable String name) {
        return deployments.get(name);
    }

    @DeleteMapping("/{name}")
    @Operation(operationId = "undeploy", summary = "Stop serving a deployment")
    @org.springframework.web.bind.annotation.ResponseStatus(HttpStatus.NO_CONTENT)
    public ResponseEntity<Void> undeploy(@PathVariable String name) {
        deployments.undeploy(name);
        return ResponseEntity.noContent().build();
    }
}
