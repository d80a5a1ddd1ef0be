package com.dipgnn.graph.io;

import com.dipgnn.graph.SparseFeatures;

/**
 * Collects sparse feature rows written as {@code index:value} pairs, checking that the indices of a
 * row increase strictly and stay below the declared width.
 */
final class SparseFeatureBuilder {

    private final int declaredDim;
    private final String dimSource;
    private final IntList offsets;
    private final IntList indices;
    private final FloatList values;
    private final InputLimits limits;
    private int maxIndex = -1;

    /**
     * @param declaredDim the feature width, or -1 to infer it as the largest index + 1
     * @param dimSource where the width comes from, for messages (e.g. "feature_dim in meta.json")
     * @param expectedRows a capacity hint
     * @param limits the most rows ({@code maxNodes}) and pairs ({@code maxValuesPerType}) it may hold
     */
    SparseFeatureBuilder(int declaredDim, String dimSource, int expectedRows, InputLimits limits) {
        this.declaredDim = declaredDim;
        this.dimSource = dimSource;
        this.limits = limits;
        int capacity = InputLimits.initialCapacity(expectedRows);
        this.offsets = new IntList(capacity + 1, limits.maxNodes() + 1);
        this.indices = new IntList(capacity * 8, limits.maxValuesPerType());
        this.values = new FloatList(capacity * 8, limits.maxValuesPerType());
        offsets.add(0);
    }

    /** Adds the row in {@code reader.chars()[start, end)}: pairs separated by {@code separator}. */
    void addRow(RecordReader reader, int start, int end, char separator) {
        CharSequence s = reader.chars();
        int previous = -1;
        int tokenStart = start;
        while (tokenStart < end) {
            int tokenEnd = indexOf(s, separator, tokenStart, end);
            if (tokenEnd > tokenStart) {
                previous = addPair(reader, tokenStart, tokenEnd, previous);
            }
            tokenStart = tokenEnd + 1;
        }
        offsets.add(indices.size());
    }

    private int addPair(RecordReader reader, int start, int end, int previous) {
        int colon = indexOf(reader.chars(), ':', start, end);
        if (colon == end) {
            throw reader.error(
                    "feature entry " + reader.show(start, end) + " has no ':'",
                    "sparse features are index:value pairs such as 12:0.5");
        }
        int index = reader.intAt(start, colon, "feature index");
        checkIndex(reader, index, previous);
        float value = reader.floatAt(colon + 1, end, "feature value of index ", index);
        limits.requireValues(
                indices.size() + 1L,
                "the sparse features' index:value pairs up to this one",
                reader.file(),
                reader.line());
        indices.add(index);
        values.add(value);
        maxIndex = Math.max(maxIndex, index);
        return index;
    }

    private void checkIndex(RecordReader reader, int index, int previous) {
        if (index < 0) {
            throw reader.error("feature index " + index + " is negative", "indices start at 0");
        }
        if (index >= reader.limits().maxFeatureDim()) {
            throw reader.error(
                    "feature index " + index + " makes the features wider than "
                            + reader.limits().maxFeatureDim() + " (the limit max-feature-dim)",
                    reader.limits().raise("max-feature-dim"));
        }
        if (declaredDim >= 0 && index >= declaredDim) {
            throw reader.error(
                    "feature index " + index + " is out of range",
                    "expected an index below " + declaredDim + " (" + dimSource + ")");
        }
        if (index <= previous) {
            throw reader.error(
                    "feature index " + index + " follows index " + previous,
                    "the indices of a row must be strictly increasing (sort them, and merge duplicates)");
        }
    }

    private static int indexOf(CharSequence s, char c, int from, int end) {
        for (int i = from; i < end; i++) {
            if (s.charAt(i) == c) {
                return i;
            }
        }
        return end;
    }

    int rows() {
        return offsets.size() - 1;
    }

    int nnz() {
        return indices.size();
    }

    /** The features; the width is the declared one, or the largest index + 1. */
    SparseFeatures build() {
        int dim = declaredDim >= 0 ? declaredDim : maxIndex + 1;
        return new SparseFeatures(rows(), dim, offsets.toArray(), indices.toArray(), values.toArray());
    }
}
