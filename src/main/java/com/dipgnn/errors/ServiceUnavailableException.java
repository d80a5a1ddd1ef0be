package com.dipgnn.errors;

/** The service cannot take the request now (a full job queue); retrying later may succeed. */
public class ServiceUnavailableException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ServiceUnavailableException(String message) {
        super(message);
    }
}
