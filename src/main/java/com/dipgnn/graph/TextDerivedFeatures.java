package com.dipgnn.graph;

/**
 * Input features computed from the nodes' own text (TF-IDF rows, see
 * {@code com.dipgnn.text.TextInputs}), after the features the data set gives the type, if any:
 * row {@code n} is the data row (width {@link #dataDim()}) followed by the text row. They behave
 * like any features for the models; the graph's fingerprint counts only the data part, because the
 * text part is a function of the text and of the model's stored text inputs, not data of its own.
 *
 * @param data the features given with the data set, or null for a type that has only text
 * @param values the text-derived rows, one per node
 * @param source the fingerprint of the text inputs that computed them
 */
public record TextDerivedFeatures(NodeFeatures data, SparseFeatures values, String source) implements NodeFeatures {

    /**
     * @throws IllegalArgumentException when the data part is itself text-derived or has another row count
     */
    public TextDerivedFeatures {
        if (data instanceof TextDerivedFeatures) {
            throw new IllegalArgumentException("text-derived features are appended once; these already hold "
                    + data.dim() + " text-derived columns");
        }
        if (data != null && data.count() != values.count()) {
            throw new IllegalArgumentException("the data features have " + data.count() + " rows but the text-derived "
                    + "ones " + values.count());
        }
    }

    /** Features of a type that has text and nothing else. */
    public TextDerivedFeatures(SparseFeatures values, String source) {
        this(null, values, source);
    }

    /** The width of the data part (0 without one); the text columns start there. */
    public int dataDim() {
        return data == null ? 0 : data.dim();
    }

    @Override
    public int count() {
        return values.count();
    }

    @Override
    public int dim() {
        return dataDim() + values.dim();
    }

    @Override
    public void copyRow(int node, float[] dest, int offset) {
        if (data != null) {
            data.copyRow(node, dest, offset);
        }
        values.copyRow(node, dest, offset + dataDim());
    }

    @Override
    public long memoryBytes() {
        return values.memoryBytes() + (data == null ? 0 : data.memoryBytes());
    }

    @Override
    public NodeFeatures select(int[] keptNodes) {
        return new TextDerivedFeatures(
                data == null ? null : data.select(keptNodes), (SparseFeatures) values.select(keptNodes), source);
    }

    @Override
    public double rowSum(int node) {
        return values.rowSum(node) + (data == null ? 0 : data.rowSum(node));
    }

    @Override
    public NodeFeatures divideRows(double[] divisors) {
        return new TextDerivedFeatures(
                data == null ? null : data.divideRows(divisors), (SparseFeatures) values.divideRows(divisors), source);
    }

    /** The same text columns after {@code newData} (of the same row count). */
    public TextDerivedFeatures withData(NodeFeatures newData) {
        return new TextDerivedFeatures(newData, values, source);
    }
}
