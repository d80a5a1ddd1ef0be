package com.dipgnn.security;

import com.dipgnn.api.OpenInferenceErrors;
import com.dipgnn.config.ServiceProperties.Role;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.stereotype.Component;

/**
 * Puts the error responses of {@code /api/v1} into the API document, so that a generated client
 * knows them: RFC 9457 problem details ({@code Problem}) with the statuses each operation can
 * answer (docs/service.md lists the problem types). Which need a token, and which an admin one,
 * comes from {@link AccessRule}, as the service enforces it; the rest from the operation's shape:
 * every operation validates its query (400) and can fail (500); a path with an id can name
 * nothing (404); a change can conflict (409), carry too large a body (413) or find the service
 * busy (503); a client locked out after failed tokens gets 429 wherever a token is needed. The
 * Open Inference Protocol's routes ({@code /v2}) answer in that protocol's own shape,
 * {@code {"error": "..."}} ({@code InferenceError}).
 */
@Component
class ProblemResponsesDocumentation implements OpenApiCustomizer {

    static final String SCHEMA = "Problem";
    static final String INFERENCE_ERROR = "InferenceError";
    private static final String PROBLEM_JSON = org.springframework.http.MediaType.APPLICATION_PROBLEM_JSON_VALUE;
    private static final AccessRule ACCESS = new AccessRule(false);
    private static final String THROTTLED = "Too many failed authentications from this client: refused, whatever its "
            + "token, until dipgnn.security.failed-auth-window has passed (with Retry-After)";

    @Override
    public void customise(OpenAPI openApi) {
        if (openApi.getPaths() == null) {
            return;
        }
        openApi.getComponents().addSchemas(SCHEMA, problemSchema());
        openApi.getComponents()
                .addSchemas(
                        INFERENCE_ERROR,
                        new ObjectSchema()
                                .addProperty("error", new StringSchema().description("what is wrong and how to fix it"))
                                .description("An error of the Open Inference Protocol's routes"));
        openApi.getPaths().forEach((path, item) -> {
            if (path.startsWith("/api/v1/")) {
                item.readOperationsMap().forEach((method, operation) -> document(path, method, operation));
            } else if (OpenInferenceErrors.covers(path)) {
                item.readOperationsMap().forEach((method, operation) -> documentInference(path, method, operation));
            }
        });
    }

    private static void document(String path, PathItem.HttpMethod method, Operation operation) {
        Role role = ACCESS.required(method.name(), path.replaceAll("\\{[^}]+}", "x"));
        boolean change = method != PathItem.HttpMethod.GET;
        add(
                operation,
                "400",
                "The request is not valid: invalid-parameters, invalid-input or malformed-request "
                        + "(the detail says what, where and how to fix it)");
        if (role != null) {
            add(operation, "401", "No bearer token, or an unknown one: missing-token, invalid-token");
        }
        if (role == Role.ADMIN) {
            add(operation, "403", "A reader token on an operation that needs an admin one: forbidden");
        }
        if (role != null) {
            add(operation, "429", THROTTLED + ": throttled");
        }
        if (path.contains("{")) {
            add(operation, "404", "No data set, job, model or deployment of that id or name: not-found");
        }
        if (change) {
            add(
                    operation,
                    "409",
                    "A name taken, a data set or model in use, a job already ended, a deployment "
                            + "already loading: conflict");
            add(operation, "413", "A body larger than the service accepts: request-too-large, upload-too-large");
            add(
                    operation,
                    "503",
                    "The job queue is full, uploads are busy or the deployment is loading: unavailable "
                            + "(with Retry-After)");
        }
        add(operation, "500", "A failure of the service itself (logged): internal");
    }

    private static void documentInference(String path, PathItem.HttpMethod method, Operation operation) {
        Role role = ACCESS.required(method.name(), path.replaceAll("\\{[^}]+}", "x"));
        String json = org.springframework.http.MediaType.APPLICATION_JSON_VALUE;
        if (role != null) {
            add(operation, "401", "No bearer token, or an unknown one", json, INFERENCE_ERROR);
            add(operation, "429", THROTTLED, json, INFERENCE_ERROR);
        }
        if (method == PathItem.HttpMethod.POST) {
            add(
                    operation,
                    "400",
                    "The request is not valid: the error says what, where and how to fix it",
                    json,
                    INFERENCE_ERROR);
            add(operation, "413", "A body larger than dipgnn.serving.max-request-bytes", json, INFERENCE_ERROR);
        }
        if (path.contains("{")) {
            add(operation, "404", "No deployment of that name, or not that version", json, INFERENCE_ERROR);
            add(operation, "503", "The deployment is loading (with Retry-After)", json, INFERENCE_ERROR);
        }
        add(operation, "500", "A failure of the service itself (logged)", json, INFERENCE_ERROR);
    }

    private static void add(Operation operation, String status, String description) {
        add(operation, status, description, PROBLEM_JSON, SCHEMA);
    }

    private static void add(Operation operation, String status, String description, String mediaType, String schema) {
        ApiResponses responses = operation.getResponses();
        if (responses == null) {
            responses = new ApiResponses();
            operation.setResponses(responses);
        }
        if (!responses.containsKey(status)) {
            responses.addApiResponse(
                    status,
                    new ApiResponse()
                            .description(description)
                            .content(new Content()
                                    .addMediaType(
                                            mediaType,
                                            new MediaType()
                                                    .schema(new Schema<>().$ref("#/components/schemas/" + schema)))));
        }
    }

    private static Schema<?> problemSchema() {
        ObjectSchema fieldError = new ObjectSchema();
        fieldError.setProperties(new LinkedHashMap<>(Map.of(
                "field", new StringSchema().description("the request field at fault"),
                "message", new StringSchema().description("what is wrong with it"))));
        ObjectSchema problem = new ObjectSchema();
        problem.description("An RFC 9457 problem detail");
        LinkedHashMap<String, Schema> properties = new LinkedHashMap<>();
        properties.put("type", new StringSchema().format("uri").description("urn:dipgnn:problem:<kind>"));
        properties.put("title", new StringSchema());
        properties.put("status", new IntegerSchema());
        properties.put("detail", new StringSchema().description("what is wrong and how to fix it"));
        properties.put("instance", new StringSchema().format("uri"));
        properties.put("field", new StringSchema().description("the request field at fault, when one is"));
        properties.put(
                "errors", new ArraySchema().items(fieldError).description("every field, for validation failures"));
        problem.setProperties(properties);
        return problem;
    }
}
