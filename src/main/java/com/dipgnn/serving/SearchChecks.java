package com.dipgnn.serving;

/** Argument checks shared by the indexes (programming errors, not user input: plain exceptions). */
final class SearchChecks {

    private SearchChecks() {}

    static void require(float[] query, int k, int dim) {
        if (query.length != dim) {
            throw new IllegalArgumentException("query has width " + query.length + ", the index holds width " + dim);
        }
        if (k < 1) {
            throw new IllegalArgumentException("k must be at least 1, got " + k);
        }
    }
}
