package com.dipgnn.api;

import com.dipgnn.registry.ModelFilter;
import com.dipgnn.registry.ModelKind;
import com.dipgnn.registry.ModelRegistry;
import com.dipgnn.registry.ModelVersion;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/** The model registry: list, describe, download and delete model versions. */
@RestController
@RequestMapping(value = "/api/v1/models", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Models", description = "Model versions produced by jobs")
public class ModelController {

    private final ModelRegistry registry;

    public ModelController(ModelRegistry registry) {
        this.registry = registry;
    }

    @GetMapping
    @Operation(operationId = "listModels", summary = "List model versions, newest first")
    public PageResponse<ModelVersion> list(
            @RequestParam(required = false) String name,
            @RequestParam(required = false) String datasetId,
            @RequestParam(required = false) ModelKind kind,
            @RequestParam(defaultValue = "0") @Min(0) @Max(PageResponse.MAX_PAGE) int page,
            @RequestParam(defaultValue = "50") @Min(1) @Max(500) int size) {
        ModelFilter filter = new ModelFilter(name, datasetId, kind);
        return new PageResponse<>(registry.list(filter, page * size, size), page, size, registry.count(filter));
    }

    @GetMapping("/{id}")
    @Operation(operationId = "getModel", summary = "A model version with its manifest")
    public ModelVersion get(@PathVariable String id) {
        return registry.get(id);
    }

    @GetMapping(value = "/{id}/archive", produces = "application/zip")
    @Operation(
            operationId = "downloadModel",
            summary = "Download a model version as a zip archive (manifest.json and parameters)")
    public ResponseEntity<StreamingResponseBody> archive(@PathVariable String id) {
        registry.get(id);
        StreamingResponseBody body = out -> registry.writeArchive(id, out);
        return ResponseEntity.ok()
                .header(HttpHeaders.CONTENT_DISPOSITION, "attachment; filename=\"" + id + ".zip\"")
                .contentType(MediaType.parseMediaType("application/zip"))
                .body(body);
    }

    @DeleteMapping("/{id}")
    @Operation(
            operationId = "deleteModel",
            summary = "Delete a model version (refused while deployed or while a job fine-tunes from it)")
    @org.springframework.web.bind.annotation.ResponseStatus(HttpStatus.NO_CONTENT)
    public ResponseEntity<Void> delete(@PathVariable String id) {
        registry.delete(id);
        return ResponseEntity.noContent().build();
    }
}
