package com.dipgnn.errors;

/**
 * The request is valid but clashes with the current state: a name already taken, a data set
 * still used by a job, a model still deployed, a job that can no longer be cancelled.
 */
public class ConflictException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ConflictException(String message) {
        super(message);
    }
}
