package com.dipgnn.api;

import com.dipgnn.datasets.Dataset;
import com.dipgnn.datasets.DatasetIds;
import com.dipgnn.datasets.DatasetService;
import com.dipgnn.datasets.SyntheticSpec;
import com.dipgnn.errors.InvalidInputException;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RequestPart;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

/** Data sets: register a server directory or upload an archive, list, describe, delete. */
@RestController
@RequestMapping(value = "/api/v1/datasets", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Data sets", description = "Graphs the service trains and serves on")
public class DatasetController {

    private final DatasetService datasets;

    public DatasetController(DatasetService datasets) {
        this.datasets = datasets;
    }

    /**
     * @param id the new data set's name
     * @param path a server directory under a configured data set root, in gnnfmt-1 or CSV/TSV layout
     * @param synthetic instead of a path: a synthetic graph of this kind (query-product or
     *     interactions) and size
     */
    public record RegisterDataset(
            @Schema(description = "name of the new data set", example = "my-graph")
            @NotBlank
            @Pattern(regexp = DatasetIds.PATTERN, message = "use 1 to 64 lower-case letters, digits, '.', '_' or '-'")
            String id,

            @Schema(
                    description =
                            "server directory holding the graph (gnnfmt-1 or CSV/TSV layout), under a configured root",
                    example = "/data/graphs/my-graph")
            String path,

            @Valid SyntheticSpec synthetic) {}

    @io.swagger.v3.oas.annotations.parameters.RequestBody(
            content =
                    @io.swagger.v3.oas.annotations.media.Content(
                            mediaType = "application/json",
                            examples = {
                                @io.swagger.v3.oas.annotations.media.ExampleObject(
                                        name = "synthetic",
                                        summary =
                                                "a generated query-product graph of a chosen size (or give path: a server directory)",
                                        value =
                                                "{\"id\": \"shop\", \"synthetic\": {\"queries\": 2000, \"products\": 5000, \"clicks\": 50000, \"seed\": 0}}"),
                                @io.swagger.v3.oas.annotations.media.ExampleObject(
                                        name = "interactions",
                                        summary =
                                                "a generated user-item interaction graph with per-user test/validation marks",
                                        value =
                                                "{\"id\": \"recs\", \"synthetic\": {\"kind\": \"interactions\", \"users\": 200000, \"items\": 50000, \"interactions\": 2000000, \"seed\": 0}}")
                            }))
    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    @ProblemResponse(ProblemType.INVALID_GRAPH)
    @Operation(
            operationId = "registerDataset",
            summary = "Register a graph from a server directory, or a synthetic graph",
            description =
                    "Give either 'path' (a directory under a configured data set root) or 'synthetic': a generated "
                            + "graph of a kind, 'query-product' (the default: queries, products, clicks) or "
                            + "'interactions' (users, items, interactions and the generator's settings), and a size "
                            + "within dipgnn.datasets.limits.max-synthetic-nodes and max-synthetic-edges.")
    @org.springframework.web.bind.annotation.ResponseStatus(HttpStatus.CREATED)
    public ResponseEntity<Dataset> register(@Valid @RequestBody RegisterDataset request) {
        if ((request.path() == null) == (request.synthetic() == null)) {
            throw new InvalidInputException(
                    "path",
                    "give exactly one of 'path' (a server directory) and 'synthetic' " + "(a generated graph's size)");
        }
        Dataset dataset = request.path() != null
                ? datasets.registerDirectory(request.id(), request.path())
                : datasets.registerSynthetic(request.id(), request.synthetic());
        return ResponseEntity.created(location(dataset)).body(dataset);
    }

    @PostMapping(consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    @ProblemResponse(ProblemType.INVALID_GRAPH)
    @ProblemResponse(
            value = ProblemType.UNAVAILABLE,
            when = "as many uploads as dipgnn.datasets.max-concurrent-uploads are being received (with Retry-After)")
    @Operation(
            operationId = "uploadDataset",
            summary = "Upload a graph as an archive (.zip, .tar, .tar.gz)",
            description = "The archive is streamed to disk, extracted with every entry confined to the data set's "
                    + "folder, and loaded to validate it before the data set is recorded.")
    @org.springframework.web.bind.annotation.ResponseStatus(HttpStatus.CREATED)
    public ResponseEntity<Dataset> upload(
            @RequestParam("id")
                    @Pattern(
                            regexp = DatasetIds.PATTERN,
                            message = "use 1 to 64 lower-case letters, digits, '.', '_' or '-'")
                    String id,
            @RequestPart("file") MultipartFile file)
            throws IOException {
        try (InputStream in = file.getInputStream()) {
            Dataset dataset = datasets.upload(id, file.getOriginalFilename(), in);
            return ResponseEntity.created(location(dataset)).body(dataset);
        }
    }

    @GetMapping
    @Operation(operationId = "listDatasets", summary = "List data sets")
    public PageResponse<Dataset> list(
            @RequestParam(defaultValue = "0") @Min(0) @Max(PageResponse.MAX_PAGE) int page,
            @RequestParam(defaultValue = "50") @Min(1) @Max(500) int size) {
        return new PageResponse<>(datasets.list(page * size, size), page, size, datasets.count());
    }

    @GetMapping("/{id}")
    @Operation(
            operationId = "getDataset",
            summary = "Describe a data set: node and edge counts per type, feature widths, labels, split")
    public Dataset get(@PathVariable String id) {
        return datasets.get(id);
    }

    @DeleteMapping("/{id}")
    @Operation(operationId = "deleteDataset", summary = "Delete a data set (refused while a job or deployment uses it)")
    @org.springframework.web.bind.annotation.ResponseStatus(HttpStatus.NO_CONTENT)
    public ResponseEntity<Void> delete(@PathVariable String id) {
        datasets.delete(id);
        return ResponseEntity.noContent().build();
    }

    private static URI location(Dataset dataset) {
        return URI.create("/api/v1/datasets/" + dataset.id());
    }
}
