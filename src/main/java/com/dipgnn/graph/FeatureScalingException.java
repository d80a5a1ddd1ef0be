package com.dipgnn.graph;

/** A stored {@link FeatureScaling} cannot be read, is malformed, holds non-finite values or is of a newer format. */
public class FeatureScalingException extends RuntimeException {

    public FeatureScalingException(String message) {
        super(message);
    }

    public FeatureScalingException(String message, Throwable cause) {
        super(message, cause);
    }
}
