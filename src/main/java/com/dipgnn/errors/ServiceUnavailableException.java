package com.dipgnn.errors;

import java.util.Map;

/**
 * The service cannot take the request now (a full job queue, a model still loading, a deployment
 * still being prepared); retrying later may succeed.
 */
public class ServiceUnavailableException extends RuntimeException {

    /** The wait advised when the service cannot say better (the {@code Retry-After} header, seconds). */
    public static final int DEFAULT_RETRY_AFTER_SECONDS = 30;

    private static final long serialVersionUID = 1L;

    private final int retryAfterSeconds;
    private final transient Map<String, Object> details;

    public ServiceUnavailableException(String message) {
        this(message, DEFAULT_RETRY_AFTER_SECONDS, Map.of());
    }

    /**
     * @param retryAfterSeconds how long to wait before retrying (at least 1)
     * @param details what the client can act on (a job id, its ETA), as problem-detail properties
     */
    public ServiceUnavailableException(String message, int retryAfterSeconds, Map<String, Object> details) {
        super(message);
        if (retryAfterSeconds < 1) {
            throw new IllegalArgumentException("retry after must be at least 1 s; got " + retryAfterSeconds);
        }
        this.retryAfterSeconds = retryAfterSeconds;
        this.details = Map.copyOf(details);
    }

    /** Seconds to wait before retrying. */
    public int retryAfterSeconds() {
        return retryAfterSeconds;
    }

    /** What the client can act on, by property name; empty when there is nothing more to say. */
    public Map<String, Object> details() {
        return details;
    }
}
