package com.dipgnn.errors;

/**
 * A request field has a value the service cannot accept; the message says what is wrong and
 * what would be accepted.
 */
public class InvalidInputException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String field;

    public InvalidInputException(String field, String message) {
        super(message);
        this.field = field;
    }

    public InvalidInputException(String field, String message, Throwable cause) {
        super(message, cause);
        this.field = field;
    }

    /** The request field at fault (a JSON property or form part), or null when no single one is. */
    public String field() {
        return field;
    }
}
