package com.dipgnn.graph;

/**
 * Input features computed from the nodes' own text (TF-IDF rows, see
 * {@code com.dipgnn.text.TextInputs}) for a type that has text and no vector features. They
 * behave like any sparse features for the models; the graph's fingerprint counts them as absent,
 * because they are a function of the text and of the model's stored text inputs, not data of
 * their own.
 *
 * @param values the rows, one per node
 * @param source the fingerprint of the text inputs that computed them
 */
public record TextDerivedFeatures(SparseFeatures values, String source) implements NodeFeatures {

    @Override
    public int count() {
        return values.count();
    }

    @Override
    public int dim() {
        return values.dim();
    }

    @Override
    public void copyRow(int node, float[] dest, int offset) {
        values.copyRow(node, dest, offset);
    }

    @Override
    public long memoryBytes() {
        return values.memoryBytes();
    }

    @Override
    public NodeFeatures select(int[] keptNodes) {
        return new TextDerivedFeatures((SparseFeatures) values.select(keptNodes), source);
    }

    @Override
    public NodeFeatures rowNormalized() {
        return new TextDerivedFeatures((SparseFeatures) values.rowNormalized(), source);
    }
}
