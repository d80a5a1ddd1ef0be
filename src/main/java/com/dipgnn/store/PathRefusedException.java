package com.dipgnn.store;

/**
 * A path the service may not read: missing, not a directory, outside the allowed roots, or holding
 * a link whose target leaves them ({@link AllowedRoots}). The message says what, where and how to
 * fix it; callers wrap it into their own error (a request field's problem, a refused model,
 * embeddings or checkpoint).
 */
public class PathRefusedException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public PathRefusedException(String message) {
        super(message);
    }
}
