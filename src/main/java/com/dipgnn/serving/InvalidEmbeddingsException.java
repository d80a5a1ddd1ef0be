package com.dipgnn.serving;

/**
 * Precomputed embeddings that cannot serve a model: not the batch job's output, damaged, or
 * computed with another model, on another graph, or missing nodes. The message says what is
 * wrong, in which file, and how to fix it.
 */
public class InvalidEmbeddingsException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public InvalidEmbeddingsException(String message) {
        super(message);
    }

    public InvalidEmbeddingsException(String message, Throwable cause) {
        super(message, cause);
    }
}
