package com.dipgnn.api;

import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.springframework.core.annotation.MergedAnnotation;
import org.springframework.core.annotation.MergedAnnotations;
import org.springframework.core.annotation.MergedAnnotations.SearchStrategy;
import org.springframework.core.annotation.RepeatableContainers;
import org.springframework.http.HttpStatus;

/**
 * Every kind of problem the service answers with, in one place (docs/service.md's table lists the
 * same): the suffix of its type URI ({@link Problems#TYPE_BASE}), its status and title, when it
 * happens, and which operations of the API document declare it ({@link Declared}). The advice and
 * filters build problems from it; {@code ProblemResponsesDocumentation} documents it.
 */
public enum ProblemType {
    INVALID_PARAMETERS(
            HttpStatus.BAD_REQUEST,
            "invalid-parameters",
            "Invalid parameters",
            Declared.EVERYWHERE,
            "a field or query parameter out of its range, of the wrong type, or missing (the field in 'field' or"
                    + " 'errors')"),
    INVALID_INPUT(
            HttpStatus.BAD_REQUEST,
            "invalid-input",
            "Invalid input",
            Declared.EVERYWHERE,
            "a value the service cannot use, or a query parameter the operation does not take"),
    MALFORMED_REQUEST(
            HttpStatus.BAD_REQUEST,
            "malformed-request",
            "Malformed request body",
            Declared.EVERYWHERE,
            "a body that is not JSON of the operation's shape, or a request that cannot be parsed"),
    MISSING_TOKEN(
            HttpStatus.UNAUTHORIZED,
            "missing-token",
            "Authentication required",
            Declared.TOKEN,
            "no 'Authorization: Bearer <token>' header"),
    INVALID_TOKEN(
            HttpStatus.UNAUTHORIZED,
            "invalid-token",
            "Authentication failed",
            Declared.TOKEN,
            "a bearer token the service does not know"),
    FORBIDDEN(
            HttpStatus.FORBIDDEN,
            "forbidden",
            "Not allowed",
            Declared.ADMIN_TOKEN,
            "a reader token on an operation that needs an admin one"),
    NOT_FOUND(
            HttpStatus.NOT_FOUND,
            "not-found",
            "Not found",
            Declared.PATH_VARIABLE,
            "no data set, job, model or deployment of that id or name"),
    NOT_SERVED_HERE(
            HttpStatus.NOT_FOUND,
            "not-served-here",
            "Not served by this process",
            Declared.NOWHERE,
            "an API or inference request to a process without the api role (dipgnn.roles)"),
    METHOD_NOT_ALLOWED(
            HttpStatus.METHOD_NOT_ALLOWED,
            "method-not-allowed",
            "Method not allowed",
            Declared.NOWHERE,
            "a method the path does not take"),
    NOT_ACCEPTABLE(
            HttpStatus.NOT_ACCEPTABLE,
            "not-acceptable",
            "Not acceptable",
            Declared.EVERYWHERE,
            "an Accept header that names none of the operation's response types"),
    CONFLICT(
            HttpStatus.CONFLICT,
            "conflict",
            "Conflict with the current state",
            Declared.CHANGE,
            "a name taken, a data set or model in use, a job already ended, a deployment loading or failed"),
    REQUEST_TOO_LARGE(
            HttpStatus.PAYLOAD_TOO_LARGE,
            "request-too-large",
            "Request too large",
            Declared.CHANGE,
            "a body over dipgnn.serving.max-request-bytes, declared or streamed"),
    UPLOAD_TOO_LARGE(
            HttpStatus.PAYLOAD_TOO_LARGE,
            "upload-too-large",
            "Upload too large",
            Declared.MULTIPART_BODY,
            "an upload over dipgnn.datasets.upload-max-bytes"),
    UNSUPPORTED_MEDIA_TYPE(
            HttpStatus.UNSUPPORTED_MEDIA_TYPE,
            "unsupported-media-type",
            "Unsupported media type",
            Declared.REQUEST_BODY,
            "a body of a Content-Type the operation does not take (the detail names the ones it does)"),
    INVALID_GRAPH(
            HttpStatus.UNPROCESSABLE_ENTITY,
            "invalid-graph",
            "The graph data is not valid",
            Declared.BY_HANDLER,
            "the uploaded or registered graph does not load, or exceeds a limit (file, line, limit and setting"
                    + " in the detail)"),
    INVALID_EMBEDDINGS(
            HttpStatus.UNPROCESSABLE_ENTITY,
            "invalid-embeddings",
            "The precomputed embeddings cannot serve this model",
            Declared.BY_HANDLER,
            "the precomputed embeddings do not belong to the model or its graph, or are damaged (file, row and fix"
                    + " in the detail)"),
    THROTTLED(
            HttpStatus.TOO_MANY_REQUESTS,
            "throttled",
            "Too many failed authentications",
            Declared.TOKEN,
            "a client locked out after too many failed authentications: refused, whatever its token, until"
                    + " dipgnn.security.failed-auth-window has passed (with Retry-After)"),
    UNAVAILABLE(
            HttpStatus.SERVICE_UNAVAILABLE,
            "unavailable",
            "Try again later",
            Declared.BY_HANDLER,
            "the service cannot take the request now; send it again after Retry-After"),
    INTERNAL(
            HttpStatus.INTERNAL_SERVER_ERROR,
            "internal",
            "Internal error",
            Declared.EVERYWHERE,
            "a failure of the service itself (logged; the detail names no class, stack or SQL)");

    /** Which operations of the API document ({@code /api/v1}) declare a problem type. */
    public enum Declared {
        /** Every operation. */
        EVERYWHERE,
        /** Operations that need a token ({@code security.AccessRule}). */
        TOKEN,
        /** Operations that need an admin token. */
        ADMIN_TOKEN,
        /** Operations whose path names a resource ({@code {id}}, {@code {name}}). */
        PATH_VARIABLE,
        /** Operations that change something (every method but GET). */
        CHANGE,
        /** Operations that take a request body. */
        REQUEST_BODY,
        /** Operations that take a {@code multipart/form-data} body (uploads). */
        MULTIPART_BODY,
        /** Only operations whose handler declares it ({@link ProblemResponse}). */
        BY_HANDLER,
        /** No operation: the request reaches none (a method the path does not take, a worker process). */
        NOWHERE
    }

    private final HttpStatus status;
    private final String kind;
    private final String title;
    private final Declared declared;
    private final String when;

    ProblemType(HttpStatus status, String kind, String title, Declared declared, String when) {
        this.status = status;
        this.kind = kind;
        this.title = title;
        this.declared = declared;
        this.when = when;
    }

    public HttpStatus status() {
        return status;
    }

    /** The suffix of the type URI: {@code urn:dipgnn:problem:<kind>}. */
    public String kind() {
        return kind;
    }

    public String title() {
        return title;
    }

    /** Which operations declare it, besides those whose handler does ({@link ProblemResponse}). */
    public Declared declared() {
        return declared;
    }

    /** When the service answers with it, for the API document. */
    public String when() {
        return when;
    }

    /**
     * The problems a handler declares ({@link ProblemResponse}): on its controller or itself, directly
     * or through an annotation of its own that carries them.
     */
    public static List<ProblemResponse> declaredBy(Method handler) {
        List<ProblemResponse> declared = new ArrayList<>();
        for (AnnotatedElement element : List.of(handler.getDeclaringClass(), handler)) {
            MergedAnnotations.from(element, SearchStrategy.DIRECT, RepeatableContainers.standardRepeatables()).stream(
                            ProblemResponse.class)
                    .map(MergedAnnotation::synthesize)
                    .forEach(declared::add);
        }
        return declared;
    }

    /** The type of an error that has only a status: Spring MVC's and the servlet container's own. */
    public static ProblemType ofStatus(int status) {
        return switch (status) {
            case 400 -> MALFORMED_REQUEST;
            case 404 -> NOT_FOUND;
            case 405 -> METHOD_NOT_ALLOWED;
            case 406 -> NOT_ACCEPTABLE;
            case 413 -> UPLOAD_TOO_LARGE;
            case 415 -> UNSUPPORTED_MEDIA_TYPE;
            case 429 -> THROTTLED;
            case 503 -> UNAVAILABLE;
            default -> status >= 500 ? INTERNAL : INVALID_INPUT;
        };
    }
}
