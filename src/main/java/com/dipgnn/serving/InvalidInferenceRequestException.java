package com.dipgnn.serving;

/**
 * A request to a {@link ModelDeployment} that cannot be answered as asked: the message says what
 * is wrong and what would be valid; {@link #field()} names the offending input and
 * {@link #reason()} classifies it; a web layer answers 400 with a problem detail (an unknown
 * node, node type or relation is a value of the request the model cannot use, not a missing resource).
 */
public final class InvalidInferenceRequestException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /** What kind of input was wrong. */
    public enum Reason {
        /** A node type the graph does not have. */
        UNKNOWN_NODE_TYPE,
        /** A node id outside the type's id range. */
        UNKNOWN_NODE,
        /** A relation the graph does not have, or one the model does not score. */
        UNKNOWN_RELATION,
        /** Features of the wrong width for the node type. */
        FEATURE_WIDTH,
        /** A number of results outside the allowed range. */
        K_OUT_OF_RANGE,
        /** More items in one request than allowed. */
        BATCH_TOO_LARGE,
        /** Inputs that do not fit together (arrays of different lengths, a missing value). */
        MALFORMED,
        /** An operation the deployed model has no head for (e.g. link scores of a classifier). */
        NOT_SUPPORTED_BY_MODEL
    }

    private final String field;
    private final Reason reason;

    /**
     * @param field the offending input, e.g. {@code ids[3]}, {@code k}, {@code features}
     * @param reason what kind of error it is
     * @param message a complete sentence naming the value and what would be valid
     */
    public InvalidInferenceRequestException(String field, Reason reason, String message) {
        super(message);
        this.field = field;
        this.reason = reason;
    }

    /** The offending input, e.g. {@code ids[3]}, {@code k}, {@code features}. */
    public String field() {
        return field;
    }

    public Reason reason() {
        return reason;
    }
}
