package com.dipgnn.graph;

import java.util.Arrays;
import java.util.Objects;

/**
 * How a model's node features are prepared for its input layer, the same way in training, at
 * deployment and for a new node sent to a deployment: either standardised per column
 * ({@link FeatureScaling}) or scaled to sum 1 per row ({@code --normalize-features}, GCN/GAT
 * preprocessing), never both: row sums of standardised (partly negative) values mean nothing, so a
 * run that row-normalises does not standardise.
 *
 * @param scaling the per-column standardisation (the identity when none)
 * @param rowNormalize whether each feature row is scaled to sum 1 instead
 */
public record FeaturePreprocessing(FeatureScaling scaling, boolean rowNormalize) {

    /** Features as loaded. */
    public static final FeaturePreprocessing NONE = new FeaturePreprocessing(FeatureScaling.identity(), false);

    /**
     * @throws IllegalArgumentException when both a (non-identity) scaling and row normalisation are asked for
     */
    public FeaturePreprocessing {
        Objects.requireNonNull(scaling, "scaling");
        if (rowNormalize && !scaling.isIdentity()) {
            throw new IllegalArgumentException("features are either standardised per column or row-normalised, not "
                    + "both; the model standardises " + scaling.types().keySet() + " and asks for row normalisation");
        }
    }

    /** Standardisation with {@code scaling}. */
    public static FeaturePreprocessing standardized(FeatureScaling scaling) {
        return new FeaturePreprocessing(scaling, false);
    }

    /** Row normalisation, without standardisation. */
    public static FeaturePreprocessing rowNormalized() {
        return new FeaturePreprocessing(FeatureScaling.identity(), true);
    }

    /** {@code graph} with its features prepared (new arrays; {@code graph} itself is unchanged). */
    public HeteroGraph apply(HeteroGraph graph) {
        return rowNormalize ? graph.withRowNormalizedFeatures() : scaling.apply(graph);
    }

    /**
     * A new node's dense feature row prepared as its type's rows are in {@link #apply} (the row itself
     * when nothing changes it).
     */
    public float[] applyRow(String type, float[] row) {
        return applyRow(type, row, row.length);
    }

    /**
     * A new node's row of data features (the first {@code dataWidth} columns) and text-derived
     * columns (the rest), prepared as its type's rows are in {@link #apply}: row normalisation
     * takes the whole row, standardisation only the data columns.
     */
    public float[] applyRow(String type, float[] row, int dataWidth) {
        if (rowNormalize) {
            return row.length == 0
                    ? row
                    : new DenseFeatures(1, row.length, row).rowNormalized().gather(new int[] {0});
        }
        if (dataWidth == row.length) {
            return scaling.applyRow(type, row);
        }
        float[] out = row.clone();
        float[] data = scaling.applyRow(type, Arrays.copyOf(row, dataWidth));
        System.arraycopy(data, 0, out, 0, dataWidth);
        return out;
    }
}
