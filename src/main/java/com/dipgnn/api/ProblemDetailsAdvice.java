package com.dipgnn.api;

import com.dipgnn.errors.ConflictException;
import com.dipgnn.errors.InvalidInputException;
import com.dipgnn.errors.NotFoundException;
import com.dipgnn.errors.ServiceUnavailableException;
import com.dipgnn.graph.io.GraphDataException;
import com.dipgnn.jobs.runner.JobParameterException;
import com.dipgnn.serving.InvalidEmbeddingsException;
import com.dipgnn.serving.InvalidInferenceRequestException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import jakarta.validation.ConstraintViolationException;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.lang.Nullable;
import org.springframework.validation.method.ParameterErrors;
import org.springframework.validation.method.ParameterValidationResult;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.multipart.MaxUploadSizeExceededException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Turns every error into an RFC 9457 problem detail that says what is wrong, where (the field)
 * and how to fix it. Spring MVC's own errors (malformed JSON, failed bean validation, oversized
 * uploads, unknown routes) get the same treatment as the service's.
 */
@RestControllerAdvice
public class ProblemDetailsAdvice extends ResponseEntityExceptionHandler {

    private static final Logger LOG = LoggerFactory.getLogger(ProblemDetailsAdvice.class);

    @ExceptionHandler(NotFoundException.class)
    ProblemDetail notFound(NotFoundException e) {
        ProblemDetail p = Problems.of(ProblemType.NOT_FOUND, e.getMessage());
        p.setProperty("resource", e.resource());
        p.setProperty("id", e.id());
        return p;
    }

    @ExceptionHandler(ConflictException.class)
    ProblemDetail conflict(ConflictException e) {
        return Problems.of(ProblemType.CONFLICT, e.getMessage());
    }

    @ExceptionHandler(ServiceUnavailableException.class)
    ResponseEntity<ProblemDetail> unavailable(ServiceUnavailableException e) {
        ProblemDetail p = Problems.of(ProblemType.UNAVAILABLE, e.getMessage());
        e.details().forEach(p::setProperty);
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                .header(HttpHeaders.RETRY_AFTER, Integer.toString(e.retryAfterSeconds()))
                .body(p);
    }

    @ExceptionHandler(InvalidInputException.class)
    ProblemDetail invalidInput(InvalidInputException e) {
        ProblemDetail p = Problems.of(ProblemType.INVALID_INPUT, e.getMessage());
        if (e.field() != null) {
            p.setProperty("field", e.field());
        }
        return p;
    }

    @ExceptionHandler(JobParameterException.class)
    ProblemDetail invalidJobParameter(JobParameterException e) {
        ProblemDetail p = Problems.of(ProblemType.INVALID_PARAMETERS, "Invalid job parameters", e.getMessage());
        p.setProperty("field", "parameters." + e.field());
        return p;
    }

    @ExceptionHandler(InvalidInferenceRequestException.class)
    ProblemDetail invalidInference(InvalidInferenceRequestException e) {
        ProblemDetail p = Problems.of(ProblemType.INVALID_INPUT, e.getMessage());
        if (e.field() != null) {
            p.setProperty("field", e.field());
        }
        p.setProperty("reason", e.reason().name());
        return p;
    }

    @ExceptionHandler(GraphDataException.class)
    ProblemDetail badGraph(GraphDataException e) {
        return Problems.of(ProblemType.INVALID_GRAPH, e.getMessage());
    }

    @ExceptionHandler(InvalidEmbeddingsException.class)
    ProblemDetail badEmbeddings(InvalidEmbeddingsException e) {
        ProblemDetail p = Problems.of(ProblemType.INVALID_EMBEDDINGS, e.getMessage());
        p.setProperty("field", "embeddingsPath");
        return p;
    }

    @ExceptionHandler(ConstraintViolationException.class)
    ProblemDetail constraintViolation(ConstraintViolationException e) {
        List<Map<String, String>> errors = e.getConstraintViolations().stream()
                .map(v -> Map.of("field", v.getPropertyPath().toString(), "message", v.getMessage()))
                .toList();
        return validationProblem(errors);
    }

    @ExceptionHandler(IllegalArgumentException.class)
    ProblemDetail illegalArgument(IllegalArgumentException e) {
        return Problems.of(ProblemType.INVALID_INPUT, e.getMessage());
    }

    @Override
    protected ResponseEntity<Object> handleMethodArgumentNotValid(
            MethodArgumentNotValidException ex, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        List<Map<String, String>> errors = ex.getBindingResult().getFieldErrors().stream()
                .map(f -> Map.of(
                        "field", f.getField(), "message", fieldMessage(f.getRejectedValue(), f.getDefaultMessage())))
                .collect(Collectors.toList());
        ex.getBindingResult()
                .getGlobalErrors()
                .forEach(g -> errors.add(
                        Map.of("field", g.getObjectName(), "message", String.valueOf(g.getDefaultMessage()))));
        return ResponseEntity.badRequest().body(validationProblem(errors));
    }

    @Override
    protected ResponseEntity<Object> handleHandlerMethodValidationException(
            HandlerMethodValidationException ex, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        List<Map<String, String>> errors = new ArrayList<>();
        for (ParameterValidationResult result : ex.getParameterValidationResults()) {
            if (result instanceof ParameterErrors body) {
                body.getFieldErrors()
                        .forEach(f -> errors.add(Map.of(
                                "field",
                                f.getField(),
                                "message",
                                fieldMessage(f.getRejectedValue(), f.getDefaultMessage()))));
                body.getGlobalErrors()
                        .forEach(g -> errors.add(
                                Map.of("field", g.getObjectName(), "message", String.valueOf(g.getDefaultMessage()))));
            } else {
                String name = result.getMethodParameter().getParameterName();
                result.getResolvableErrors()
                        .forEach(err -> errors.add(Map.of(
                                "field",
                                name == null ? "?" : name,
                                "message",
                                fieldMessage(result.getArgument(), err.getDefaultMessage()))));
            }
        }
        return ResponseEntity.badRequest().body(validationProblem(errors));
    }

    @Override
    protected ResponseEntity<Object> handleHttpMessageNotReadable(
            HttpMessageNotReadableException ex, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        String detail = "the request body is not valid JSON for this endpoint";
        ProblemDetail p = Problems.of(ProblemType.MALFORMED_REQUEST, detail);
        Throwable cause = ex.getCause();
        for (Throwable t = ex; t != null; t = t.getCause()) {
            if (t instanceof RequestBodyLimit.TooLarge tooLarge) {
                return ResponseEntity.status(HttpStatus.PAYLOAD_TOO_LARGE)
                        .body(Problems.of(ProblemType.REQUEST_TOO_LARGE, tooLarge.getMessage()));
            }
        }
        String field = cause instanceof JsonMappingException mapping ? JsonErrors.field(mapping) : null;
        if (field != null) {
            p.setProperty("field", field);
            p.setDetail("field '" + field + "': " + JsonErrors.problem((JsonMappingException) cause));
        } else if (cause instanceof JsonProcessingException json) {
            p.setDetail("the request body is "
                    + (cause instanceof JsonMappingException ? "not what this endpoint takes: " : "")
                    + JsonErrors.problem(json) + "; send a JSON object");
        } else if (cause == null) {
            p.setDetail("the request body is missing or unreadable; send a JSON object");
        }
        return ResponseEntity.badRequest().body(p);
    }

    @Override
    protected ResponseEntity<Object> handleMaxUploadSizeExceededException(
            MaxUploadSizeExceededException ex, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        ProblemDetail p = Problems.of(
                ProblemType.UPLOAD_TOO_LARGE,
                "the upload exceeds the limit of "
                        + (ex.getMaxUploadSize() > 0 ? ex.getMaxUploadSize() + " bytes" : "the server")
                        + "; register the data set from a server directory instead, or raise dipgnn.datasets.upload-max-bytes");
        return ResponseEntity.status(HttpStatus.PAYLOAD_TOO_LARGE).body(p);
    }

    /** A body of a type the operation does not take: the detail names what was sent and what it takes. */
    @Override
    protected ResponseEntity<Object> handleHttpMediaTypeNotSupported(
            HttpMediaTypeNotSupportedException ex, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        ProblemDetail p =
                Problems.unsupportedMediaType(request.getHeader(HttpHeaders.CONTENT_TYPE), ex.getSupportedMediaTypes());
        return handleExceptionInternal(ex, p, headers, status, request);
    }

    @Override
    protected ResponseEntity<Object> handleTypeMismatch(
            org.springframework.beans.TypeMismatchException ex,
            HttpHeaders headers,
            HttpStatusCode status,
            WebRequest request) {
        String field = ex.getPropertyName() != null ? ex.getPropertyName() : "?";
        String expected = ex.getRequiredType() != null ? typeName(ex.getRequiredType()) : "another type";
        ProblemDetail p = validationProblem(List.of(
                Map.of("field", field, "message", "must be " + expected + "; got '" + excerpt(ex.getValue()) + "'")));
        return ResponseEntity.badRequest().body(p);
    }

    @Override
    protected ResponseEntity<Object> handleMissingServletRequestParameter(
            org.springframework.web.bind.MissingServletRequestParameterException ex,
            HttpHeaders headers,
            HttpStatusCode status,
            WebRequest request) {
        return ResponseEntity.badRequest()
                .body(validationProblem(List.of(Map.of(
                        "field", ex.getParameterName(), "message", "is required (" + ex.getParameterType() + ")"))));
    }

    /** Spring MVC's own problem details (unknown route, wrong method or media type) get a type of the service's. */
    @Override
    protected ResponseEntity<Object> handleExceptionInternal(
            Exception ex, @Nullable Object body, HttpHeaders headers, HttpStatusCode statusCode, WebRequest request) {
        ResponseEntity<Object> response = super.handleExceptionInternal(ex, body, headers, statusCode, request);
        if (response != null
                && response.getBody() instanceof ProblemDetail p
                && (p.getType() == null || "about:blank".equals(p.getType().toString()))) {
            p.setType(URI.create(Problems.TYPE_BASE + Problems.typeOf(statusCode.value())));
        }
        if (response != null && response.getBody() instanceof ProblemDetail p && isOpenInference(request)) {
            // the Open Inference Protocol's own error shape, also where no handler was chosen (405, 415, 404)
            return ResponseEntity.status(response.getStatusCode())
                    .headers(response.getHeaders())
                    .contentType(org.springframework.http.MediaType.APPLICATION_JSON)
                    .body(OpenInferenceErrors.body(p.getDetail()));
        }
        return response;
    }

    private static boolean isOpenInference(WebRequest request) {
        return request instanceof org.springframework.web.context.request.ServletWebRequest servlet
                && OpenInferenceErrors.covers(servlet.getRequest());
    }

    /** A value from the request, shortened for a message: never more than 64 characters of it. */
    static String excerpt(@Nullable Object value) {
        String text = String.valueOf(value);
        return text.length() <= 64 ? text : text.substring(0, 64) + "...";
    }

    private static String typeName(Class<?> type) {
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
            return "an integer";
        }
        if (type == Double.class || type == double.class || type == Float.class || type == float.class) {
            return "a number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (type.isEnum()) {
            return "one of " + Arrays.toString(type.getEnumConstants());
        }
        return "a value of another form (see the API document)";
    }

    @ExceptionHandler(RuntimeException.class)
    ProblemDetail unexpected(RuntimeException e) {
        LOG.error("unexpected error", e);
        // the cause stays in the log: its class and message name the service's internals, not the request
        return Problems.of(ProblemType.INTERNAL, "the service failed to handle the request; it logged the cause");
    }

    private static ProblemDetail validationProblem(List<Map<String, String>> errors) {
        String detail = errors.stream()
                .map(e -> e.get("field") + ": " + e.get("message"))
                .collect(Collectors.joining("; "));
        ProblemDetail p = Problems.of(ProblemType.INVALID_PARAMETERS, detail);
        p.setProperty("errors", errors);
        if (errors.size() == 1) {
            p.setProperty("field", errors.get(0).get("field"));
        }
        return p;
    }

    private static String fieldMessage(@Nullable Object rejected, @Nullable String message) {
        return message + " (got " + excerpt(rejected) + ")";
    }
}
