package com.dipgnn.serving;

/**
 * A request to a {@link ModelDeployment} that cannot be answered as asked: the message says what
 * is wrong and what would be valid; {@link #field()} names the offending input and
 * {@link #reason()} classifies it, so a web layer can answer 404 (see {@link Reason#notFound()}) or
 * 400 with a problem detail.
 */
public final class InvalidInferenceRequestException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /** What kind of input was wrong. */
    public enum Reason {
        /** A node type the graph does not have. */
        UNKNOWN_NODE_TYPE(true),
        /** A node id outside the type's id range. */
        UNKNOWN_NODE(true),
        /** A relation the graph does not have, or one the model does not score. */
        UNKNOWN_RELATION(true),
        /** Features of the wrong width for the node type. */
        FEATURE_WIDTH(false),
        /** A number of results outside the allowed range. */
        K_OUT_OF_RANGE(false),
        /** More items in one request than allowed. */
        BATCH_TOO_LARGE(false),
        /** Inputs that do not fit together (arrays of different lengths, a missing value). */
        MALFORMED(false),
        /** An operation the deployed model has no head for (e.g. link scores of a classifier). */
        NOT_SUPPORTED_BY_MODEL(false);

        private final boolean notFound;

        Reason(boolean notFound) {
            this.notFound = notFound;
        }

        /** Whether the request named something that does not exist (HTTP 404 rather than 400). */
        public boolean notFound() {
            return notFound;
        }
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
