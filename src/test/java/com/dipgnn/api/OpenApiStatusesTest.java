package com.dipgnn.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.config.ServiceProperties.Role;
import com.dipgnn.security.AccessRule;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.type.filter.AnnotationTypeFilter;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.RestController;

/**
 * The committed API document declares every status the service can answer an {@code /api/v1}
 * operation with: each problem type ({@link ProblemType}) on every operation its {@link
 * ProblemType.Declared} rule names and on those whose handler declares it ({@link ProblemResponse}),
 * as a problem detail whose description names the type; and, whatever those say, 400 and 415 on
 * every operation with a body, 404 on every path with a variable, 422 on the data set registration
 * and upload and on deployments. The same check finds what a copy of the document lacks.
 */
class OpenApiStatusesTest {

    private static final Path DOCUMENT = Path.of("openapi/openapi.yaml");
    private static final AccessRule ACCESS = new AccessRule(false);
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch");

    @Test
    void everyStatusTheServiceCanAnswerIsDeclared() throws Exception {
        assertThat(undeclared(document())).isEmpty();
    }

    @Test
    void theCheckFindsAStatusMissingFromTheDocument() throws Exception {
        JsonNode document = document();
        remove(document, "/api/v1/deployments/{name}/scores", "post", "415");
        remove(document, "/api/v1/deployments/{name}", "put", "422");
        remove(document, "/api/v1/jobs/{id}", "get", "404");
        remove(document, "/api/v1/jobs/pretrain", "post", "503");
        assertThat(undeclared(document))
                .contains(
                        "post /api/v1/deployments/{name}/scores: 415 unsupported-media-type",
                        "put /api/v1/deployments/{name}: 422 invalid-embeddings",
                        "get /api/v1/jobs/{id}: 404 not-found",
                        "post /api/v1/jobs/pretrain: 503 unavailable");
    }

    @Test
    void theHandlersDeclareWhatOnlyTheyKnow() {
        Map<String, Set<ProblemType>> declared = declaredByHandlers();
        assertThat(declared.get("post /api/v1/datasets"))
                .as("registration and upload")
                .contains(ProblemType.INVALID_GRAPH, ProblemType.UNAVAILABLE);
        assertThat(declared.get("put /api/v1/deployments/{name}"))
                .contains(ProblemType.INVALID_EMBEDDINGS, ProblemType.INVALID_GRAPH);
        assertThat(declared.get("post /api/v1/jobs/finetune"))
                .as("a data set or model named in the body")
                .contains(ProblemType.NOT_FOUND, ProblemType.UNAVAILABLE);
        assertThat(declared.get("post /api/v1/deployments/{name}/recommendations"))
                .as("from the controller")
                .contains(ProblemType.UNAVAILABLE);
    }

    @Test
    void everyErrorStatusInTheDocumentIsThatOfAProblemType() throws Exception {
        Set<String> statuses = new TreeSet<>();
        for (ProblemType type : ProblemType.values()) {
            statuses.add(String.valueOf(type.status().value()));
        }
        List<String> unknown = new ArrayList<>();
        operations(document())
                .forEach((where, operation) -> operation
                        .path("responses")
                        .fieldNames()
                        .forEachRemaining(status -> {
                            if (status.compareTo("400") >= 0 && !statuses.contains(status)) {
                                unknown.add(where + ": " + status);
                            }
                        }));
        assertThat(unknown).isEmpty();
    }

    /** Each status the document lacks, as "method path: status type". */
    static List<String> undeclared(JsonNode document) {
        Map<String, Set<ProblemType>> declared = declaredByHandlers();
        List<String> missing = new ArrayList<>();
        operations(document).forEach((where, operation) -> {
            Set<ProblemType> expected = expected(where, operation);
            expected.addAll(declared.getOrDefault(where, Set.of()));
            for (ProblemType type : expected) {
                if (!declares(operation, type)) {
                    missing.add(where + ": " + type.status().value() + " " + type.kind());
                }
            }
        });
        return missing;
    }

    /**
     * The problems an operation can answer, from its shape as the document gives it; the last
     * lines are the floor whatever the types say.
     */
    private static Set<ProblemType> expected(String where, JsonNode operation) {
        String method = where.substring(0, where.indexOf(' '));
        String path = where.substring(where.indexOf(' ') + 1);
        Role role = ACCESS.required(method.toUpperCase(java.util.Locale.ROOT), path.replaceAll("\\{[^}]+}", "x"));
        boolean body = operation.has("requestBody");
        Set<ProblemType> expected = EnumSet.noneOf(ProblemType.class);
        for (ProblemType type : ProblemType.values()) {
            boolean applies = switch (type.declared()) {
                case EVERYWHERE -> true;
                case TOKEN -> role != null;
                case ADMIN_TOKEN -> role == Role.ADMIN;
                case PATH_VARIABLE -> path.contains("{");
                case CHANGE -> !method.equals("get");
                case REQUEST_BODY -> body;
                case MULTIPART_BODY -> operation.at("/requestBody/content").has("multipart/form-data");
                case BY_HANDLER, NOWHERE -> false;
            };
            if (applies) {
                expected.add(type);
            }
        }
        if (body) {
            expected.addAll(List.of(ProblemType.UNSUPPORTED_MEDIA_TYPE, ProblemType.MALFORMED_REQUEST));
        }
        if (path.contains("{")) {
            expected.add(ProblemType.NOT_FOUND);
        }
        if (where.equals("post /api/v1/datasets")) {
            expected.add(ProblemType.INVALID_GRAPH);
        }
        if (where.equals("put /api/v1/deployments/{name}")) {
            expected.add(ProblemType.INVALID_EMBEDDINGS);
        }
        return expected;
    }

    /** Whether the operation answers {@code type}: a problem detail of its status naming it. */
    private static boolean declares(JsonNode operation, ProblemType type) {
        JsonNode response =
                operation.path("responses").path(String.valueOf(type.status().value()));
        return response.at("/content/application~1problem+json/schema/$ref")
                        .asText()
                        .equals("#/components/schemas/Problem")
                && response.path("description").asText().contains(type.kind() + ":");
    }

    /** Every {@code /api/v1} operation of the document, by "method path". */
    private static Map<String, JsonNode> operations(JsonNode document) {
        Map<String, JsonNode> operations = new HashMap<>();
        document.path("paths").fields().forEachRemaining(path -> {
            if (path.getKey().startsWith("/api/v1/")) {
                path.getValue().fields().forEachRemaining(op -> {
                    if (METHODS.contains(op.getKey())) {
                        operations.put(op.getKey() + " " + path.getKey(), op.getValue());
                    }
                });
            }
        });
        return operations;
    }

    /** What the handlers of the service's controllers declare, by "method path", read from their mappings. */
    private static Map<String, Set<ProblemType>> declaredByHandlers() {
        ClassPathScanningCandidateComponentProvider scanner = new ClassPathScanningCandidateComponentProvider(false);
        scanner.addIncludeFilter(new AnnotationTypeFilter(RestController.class));
        Map<String, Set<ProblemType>> declared = new HashMap<>();
        for (BeanDefinition bean : scanner.findCandidateComponents("com.dipgnn.api")) {
            Class<?> controller = load(bean.getBeanClassName());
            RequestMapping base = AnnotatedElementUtils.findMergedAnnotation(controller, RequestMapping.class);
            for (Method handler : controller.getDeclaredMethods()) {
                RequestMapping mapping = AnnotatedElementUtils.findMergedAnnotation(handler, RequestMapping.class);
                if (mapping == null) {
                    continue;
                }
                for (String path : paths(base, mapping)) {
                    for (RequestMethod method : mapping.method()) {
                        for (ProblemResponse problem : ProblemType.declaredBy(handler)) {
                            declared.computeIfAbsent(
                                            method.name().toLowerCase(java.util.Locale.ROOT) + " " + path,
                                            k -> EnumSet.noneOf(ProblemType.class))
                                    .add(problem.value());
                        }
                    }
                }
            }
        }
        return declared;
    }

    private static List<String> paths(RequestMapping base, RequestMapping mapping) {
        String[] prefixes = base == null || base.path().length == 0 ? new String[] {""} : base.path();
        String[] suffixes = mapping.path().length == 0 ? new String[] {""} : mapping.path();
        List<String> paths = new ArrayList<>();
        for (String prefix : prefixes) {
            for (String suffix : suffixes) {
                paths.add(prefix + suffix);
            }
        }
        return paths;
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void remove(JsonNode document, String path, String method, String status) {
        ((ObjectNode) document.path("paths").path(path).path(method).path("responses")).remove(status);
    }

    private static JsonNode document() throws Exception {
        return new ObjectMapper(new YAMLFactory()).readTree(DOCUMENT.toFile());
    }
}
