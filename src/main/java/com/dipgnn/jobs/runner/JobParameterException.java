package com.dipgnn.jobs.runner;

/** Job parameters that do not fit the data or the pre-trained model: names the field and the fix. */
public final class JobParameterException extends IllegalArgumentException {

    private final String field;
    private final String reason;

    public JobParameterException(String field, String reason) {
        super(field + ": " + reason);
        this.field = field;
        this.reason = reason;
    }

    /** What is wrong and how to fix it, without the field name. */
    public String reason() {
        return reason;
    }

    /** The offending parameter, as named in the request body. */
    public String field() {
        return field;
    }
}
