package com.dipgnn.api;

import java.io.IOException;
import java.net.URI;
import java.util.Collection;
import java.util.stream.Collectors;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.lang.Nullable;

/** Builds the service's RFC 9457 problem details: one type URI per kind of problem. */
public final class Problems {

    /** Base of every problem type URI; the suffix names the problem. */
    public static final String TYPE_BASE = "urn:dipgnn:problem:";

    private Problems() {}

    /** The problem type (URI suffix) of an error that only has a status: Spring MVC's own errors. */
    public static String typeOf(int status) {
        return ProblemType.ofStatus(status).kind();
    }

    /**
     * Writes {@code problem} as the whole response, with its status, for a servlet filter that
     * answers before Spring MVC (whose advice does the same for controllers).
     */
    public static void write(
            jakarta.servlet.http.HttpServletResponse response,
            com.fasterxml.jackson.databind.ObjectMapper json,
            ProblemDetail problem)
            throws IOException {
        response.setStatus(problem.getStatus());
        response.setContentType(org.springframework.http.MediaType.APPLICATION_PROBLEM_JSON_VALUE);
        json.writeValue(response.getOutputStream(), problem);
    }

    /**
     * Writes {@code problem} as the whole response, for a servlet filter that answers before Spring
     * MVC: as a problem detail, or on the Open Inference Protocol's routes as that protocol's
     * {@code {"error": "<detail>"}} ({@link OpenInferenceErrors#covers}), with the same status.
     */
    public static void write(
            jakarta.servlet.http.HttpServletRequest request,
            jakarta.servlet.http.HttpServletResponse response,
            com.fasterxml.jackson.databind.ObjectMapper json,
            ProblemDetail problem)
            throws IOException {
        if (!OpenInferenceErrors.covers(request)) {
            write(response, json, problem);
            return;
        }
        response.setStatus(problem.getStatus());
        response.setContentType(org.springframework.http.MediaType.APPLICATION_JSON_VALUE);
        json.writeValue(response.getOutputStream(), OpenInferenceErrors.body(problem.getDetail()));
    }

    /**
     * A 415 whose detail names the Content-Type sent ({@code sent}, the header; null when there was
     * none) and those the operation takes, e.g. "Content-Type text/plain is not accepted here; send
     * application/json".
     */
    public static ProblemDetail unsupportedMediaType(
            @Nullable String sent, Collection<org.springframework.http.MediaType> accepted) {
        String given = sent == null || sent.isBlank()
                ? "the request has no Content-Type"
                : "Content-Type " + ProblemDetailsAdvice.excerpt(sent.split(";", 2)[0].trim())
                        + " is not accepted here";
        String wanted = accepted.stream()
                .map(t -> t.getType() + "/" + t.getSubtype())
                .distinct()
                .sorted() // Spring's order of an operation's types varies from start to start
                .collect(Collectors.joining(" or "));
        return of(ProblemType.UNSUPPORTED_MEDIA_TYPE, given + (wanted.isEmpty() ? "" : "; send " + wanted));
    }

    /** A problem of {@code type}, with its title. */
    public static ProblemDetail of(ProblemType type, String detail) {
        return of(type, type.title(), detail);
    }

    /** A problem of {@code type} with a title of its own. */
    public static ProblemDetail of(ProblemType type, String title, String detail) {
        return of(type.status(), type.kind(), title, detail);
    }

    public static ProblemDetail of(HttpStatus status, String type, String title, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setType(URI.create(TYPE_BASE + type));
        problem.setTitle(title);
        return problem;
    }
}
