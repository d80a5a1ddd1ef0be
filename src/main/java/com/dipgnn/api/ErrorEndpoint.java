package com.dipgnn.api;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.boot.web.servlet.error.ErrorController;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /error}, where the servlet container sends errors raised outside Spring MVC: answered
 * as a problem detail of the service's types (on {@code /v2}, the Open Inference Protocol's
 * {@code {"error": ...}}), with the status the error had. Asked for directly
 * (no error), it is an unknown endpoint: 404, never Spring Boot's status 999.
 */
@RestController
@io.swagger.v3.oas.annotations.Hidden
public class ErrorEndpoint implements ErrorController {

    @RequestMapping(
            value = "/error",
            produces = {MediaType.APPLICATION_PROBLEM_JSON_VALUE, MediaType.ALL_VALUE})
    public ResponseEntity<?> error(HttpServletRequest request) {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        HttpStatus status = code instanceof Integer c && HttpStatus.resolve(c) != null && c >= 400
                ? HttpStatus.valueOf(c)
                : HttpStatus.NOT_FOUND;
        Object uri = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
        String detail = code == null
                ? "there is no endpoint /error; the API is under /api/v1 (see /swagger-ui.html)"
                : status.getReasonPhrase()
                        + (uri != null ? " for " + ProblemDetailsAdvice.excerpt(uri) : "")
                        + (status.is5xxServerError() ? "; the service logged the cause" : "");
        if (uri instanceof String path
                && OpenInferenceErrors.covers(path.substring(
                        Math.min(path.length(), request.getContextPath().length())))) {
            return ResponseEntity.status(status)
                    .contentType(MediaType.APPLICATION_JSON)
                    .body(OpenInferenceErrors.body(detail));
        }
        ProblemDetail problem = Problems.of(status, Problems.typeOf(status.value()), status.getReasonPhrase(), detail);
        return ResponseEntity.status(status)
                .contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .body(problem);
    }
}
