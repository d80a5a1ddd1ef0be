package com.dipgnn.api;

import java.io.IOException;
import java.net.URI;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;

/** Builds the service's RFC 9457 problem details: one type URI per kind of problem. */
public final class Problems {

    /** Base of every problem type URI; the suffix names the problem. */
    public static final String TYPE_BASE = "urn:dipgnn:problem:";

    private Problems() {}

    /** The problem type (URI suffix) of an error that only has a status: Spring MVC's own errors. */
    public static String typeOf(int status) {
        return switch (status) {
            case 400 -> "malformed-request";
            case 404 -> "not-found";
            case 405 -> "method-not-allowed";
            case 406 -> "not-acceptable";
            case 413 -> "upload-too-large";
            case 415 -> "unsupported-media-type";
            case 429 -> "throttled";
            case 503 -> "unavailable";
            default -> status >= 500 ? "internal" : "invalid-input";
        };
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

    public static ProblemDetail of(HttpStatus status, String type, String title, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setType(URI.create(TYPE_BASE + type));
        problem.setTitle(title);
        return problem;
    }
}
