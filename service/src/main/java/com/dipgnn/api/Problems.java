package com.dipgnn.api;

import java.net.URI;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;

/** Builds the service's RFC 9457 problem details: one type URI per kind of problem. */
public final class Problems {

    /** Base of every problem type URI; the suffix names the problem. */
    public static final String TYPE_BASE = "urn:dipgnn:problem:";

    private Problems() {
    }

    public static ProblemDetail of(HttpStatus status, String type, String title, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setType(URI.create(TYPE_BASE + type));
        problem.setTitle(title);
        return problem;
    }
}
