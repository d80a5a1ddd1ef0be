package com.dipgnn.api;

import com.dipgnn.errors.InvalidInputException;
import com.dipgnn.errors.NotFoundException;
import com.dipgnn.errors.ServiceUnavailableException;
import com.fasterxml.jackson.databind.JsonMappingException;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Errors of the Open Inference Protocol endpoints ({@code /v2}) in that protocol's own shape,
 * {@code {"error": "<message>"}}, with the status the service's problem details would have; every
 * other endpoint answers RFC 9457 problem details ({@link ProblemDetailsAdvice}).
 */
@RestControllerAdvice(assignableTypes = OpenInferenceController.class)
@Order(Ordered.HIGHEST_PRECEDENCE)
public class OpenInferenceErrors {

    private static final Logger LOG = LoggerFactory.getLogger(OpenInferenceErrors.class);

    /** Whether {@code path} (without the context path) is one of the protocol's routes: {@code /v2} and below. */
    public static boolean covers(String path) {
        return path != null && (path.equals(PREFIX) || path.startsWith(PREFIX + "/"));
    }

    /** Whether {@code request} is on one of the protocol's routes. */
    public static boolean covers(jakarta.servlet.http.HttpServletRequest request) {
        String uri = request.getRequestURI();
        String context = request.getContextPath();
        return uri != null
                && covers(context != null && uri.startsWith(context) ? uri.substring(context.length()) : uri);
    }

    /** The protocol's error body. */
    public static Map<String, String> body(String message) {
        return Map.of("error", message == null || message.isBlank() ? "the request failed" : message);
    }

    private static final String PREFIX = "/v2";

    @ExceptionHandler(Exception.class)
    ResponseEntity<Map<String, String>> error(Exception e) {
        HttpStatusCode status = statusOf(e);
        if (status.is5xxServerError() && !(e instanceof ServiceUnavailableException)) {
            LOG.error("unexpected error on the Open Inference Protocol endpoint", e);
        }
        ResponseEntity.BodyBuilder answer = ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON);
        if (status.value() == HttpStatus.SERVICE_UNAVAILABLE.value()) {
            // the wait the error advises (a deployment being prepared: its job's ETA), as on /api/v1
            int wait = e instanceof ServiceUnavailableException unavailable
                    ? unavailable.retryAfterSeconds()
                    : ServiceUnavailableException.DEFAULT_RETRY_AFTER_SECONDS;
            answer.header(org.springframework.http.HttpHeaders.RETRY_AFTER, Integer.toString(wait));
        }
        return answer.body(body(message(e, status)));
    }

    private static HttpStatusCode statusOf(Exception e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof RequestBodyLimit.TooLarge) {
                return HttpStatus.PAYLOAD_TOO_LARGE;
            }
        }
        if (e instanceof NotFoundException) {
            return HttpStatus.NOT_FOUND;
        }
        if (e instanceof com.dipgnn.errors.ConflictException) {
            return HttpStatus.CONFLICT;
        }
        if (e instanceof com.dipgnn.graph.io.GraphDataException) {
            return HttpStatus.UNPROCESSABLE_ENTITY;
        }
        if (e instanceof ServiceUnavailableException) {
            return HttpStatus.SERVICE_UNAVAILABLE;
        }
        if (e instanceof ErrorResponse response) {
            return response.getStatusCode();
        }
        if (e instanceof IllegalArgumentException || e instanceof HttpMessageNotReadableException) {
            return HttpStatus.BAD_REQUEST;
        }
        return HttpStatus.INTERNAL_SERVER_ERROR;
    }

    private static String message(Exception e, HttpStatusCode status) {
        if (e instanceof InvalidInputException invalid && invalid.field() != null) {
            return invalid.field() + ": " + invalid.getMessage();
        }
        if (status.value() == HttpStatus.PAYLOAD_TOO_LARGE.value()) {
            return "the request body is longer than dipgnn.serving.max-request-bytes allows; send fewer ids per request";
        }
        if (e instanceof HttpMessageNotReadableException unreadable) {
            if (unreadable.getCause() instanceof JsonMappingException mapping && JsonErrors.field(mapping) != null) {
                return JsonErrors.field(mapping) + ": " + JsonErrors.problem(mapping);
            }
            if (unreadable.getCause() instanceof com.fasterxml.jackson.core.JsonProcessingException json) {
                return "the request body is not a valid inference request: " + JsonErrors.problem(json);
            }
            return "the request body is not a valid inference request (JSON)";
        }
        if (status.is5xxServerError() && !(e instanceof ServiceUnavailableException)) {
            return "the service failed to handle the request; it logged the cause";
        }
        return e.getMessage() != null ? e.getMessage() : status.toString();
    }
}
