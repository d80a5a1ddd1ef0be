package com.dipgnn.security;

import com.dipgnn.api.OpenInferenceErrors;
import com.dipgnn.api.ProblemResponse;
import com.dipgnn.api.ProblemType;
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
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Component;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * Puts the error responses of {@code /api/v1} into the API document, so that a generated client
 * knows them: RFC 9457 problem details ({@code Problem}) with the statuses each operation can
 * answer, one response per status naming its problem types ({@link ProblemType}, which
 * docs/service.md lists). Each type says which operations answer it ({@link ProblemType.Declared}),
 * derived from the operation: every one validates its request, can be asked for a type it does not
 * produce (406) and can fail (500); which need a token (401, 429), and which an admin one (403),
 * comes from {@link AccessRule}, as the service enforces it; a path with an id or name can name
 * nothing (404); a change can conflict (409) or carry too large a body (413); an operation with a
 * body refuses another Content-Type (415), an upload too large a file (413). What only the code
 * knows (422 for a graph or embeddings that do not load, 404 for an id in the body, 503 when busy)
 * its handler declares ({@link ProblemResponse}). The Open Inference Protocol's routes ({@code /v2})
 * answer in that protocol's own shape, {@code {"error": "..."}} ({@code InferenceError}).
 */
@Component
class ProblemResponsesDocumentation implements OpenApiCustomizer {

    static final String SCHEMA = "Problem";
    static final String INFERENCE_ERROR = "InferenceError";
    private static final String PROBLEM_JSON = org.springframework.http.MediaType.APPLICATION_PROBLEM_JSON_VALUE;
    private static final String MULTIPART = org.springframework.http.MediaType.MULTIPART_FORM_DATA_VALUE;
    private static final AccessRule ACCESS = new AccessRule(false);
    private static final String THROTTLED = "Too many failed authentications from this client: refused, whatever its "
            + "token, until dipgnn.security.failed-auth-window has passed (with Retry-After)";

    private final RequestMappingHandlerMapping handlers;

    ProblemResponsesDocumentation(@Qualifier("requestMappingHandlerMapping") RequestMappingHandlerMapping handlers) {
        this.handlers = handlers;
    }

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
        Map<String, List<ProblemResponse>> declared = declaredByHandlers();
        openApi.getPaths().forEach((path, item) -> {
            if (path.startsWith("/api/v1/")) {
                item.readOperationsMap()
                        .forEach((method, operation) -> document(
                                path, method, operation, declared.getOrDefault(key(method.name(), path), List.of())));
            } else if (OpenInferenceErrors.covers(path)) {
                item.readOperationsMap().forEach((method, operation) -> documentInference(path, method, operation));
            }
        });
    }

    /** The problems each handler declares, by method and path ("POST /api/v1/datasets"). */
    private Map<String, List<ProblemResponse>> declaredByHandlers() {
        Map<String, List<ProblemResponse>> declared = new HashMap<>();
        handlers.getHandlerMethods().forEach((mapping, handler) -> {
            List<ProblemResponse> problems = ProblemType.declaredBy(handler.getMethod());
            for (RequestMethod method : mapping.getMethodsCondition().getMethods()) {
                for (String path : mapping.getPatternValues()) {
                    declared.computeIfAbsent(key(method.name(), path), k -> new ArrayList<>())
                            .addAll(problems);
                }
            }
        });
        return declared;
    }

    private static String key(String method, String path) {
        return method + " " + path;
    }

    private static void document(
            String path, PathItem.HttpMethod method, Operation operation, List<ProblemResponse> declared) {
        Role role = ACCESS.required(method.name(), path.replaceAll("\\{[^}]+}", "x"));
        Map<ProblemType, Set<String>> problems = new EnumMap<>(ProblemType.class);
        for (ProblemType type : ProblemType.values()) {
            if (applies(type.declared(), path, method, operation, role)) {
                problems.computeIfAbsent(type, t -> new LinkedHashSet<>()).add(type.when());
            }
        }
        for (ProblemResponse problem : declared) {
            problems.computeIfAbsent(problem.value(), t -> new LinkedHashSet<>())
                    .add(problem.when().isEmpty() ? problem.value().when() : problem.when());
        }
        Map<Integer, List<String>> byStatus = new TreeMap<>();
        problems.forEach((type, whens) ->
                whens.forEach(when -> byStatus.computeIfAbsent(type.status().value(), s -> new ArrayList<>())
                        .add(type.kind() + ": " + when)));
        byStatus.forEach((status, lines) -> add(operation, String.valueOf(status), String.join("; ", lines)));
    }

    /** Whether an operation of this shape answers the problems of {@code declared} ({@link ProblemType.Declared}). */
    private static boolean applies(
            ProblemType.Declared declared, String path, PathItem.HttpMethod method, Operation operation, Role role) {
        return switch (declared) {
            case EVERYWHERE -> true;
            case TOKEN -> role != null;
            case ADMIN_TOKEN -> role == Role.ADMIN;
            case PATH_VARIABLE -> path.contains("{");
            case CHANGE -> method != PathItem.HttpMethod.GET;
            case REQUEST_BODY -> operation.getRequestBody() != null;
            case MULTIPART_BODY ->
                operation.getRequestBody() != null
                        && operation.getRequestBody().getContent() != null
                        && operation.getRequestBody().getContent().containsKey(MULTIPART);
            case BY_HANDLER, NOWHERE -> false;
        };
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
