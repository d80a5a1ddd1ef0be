package com.dipgnn.graph;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The standardisation of dense numeric feature columns: per node type and column, the affine map
 * {@code x -> (x - mean) / scale}, so that a year (about 2000) or a size in bytes does not swamp
 * the other inputs and the feature-regression loss of pre-training.
 *
 * <p>{@link #fit Fitted} on the features of a graph's nodes (in the engine, the nodes pre-training
 * may see), in double precision, with these rules:
 * <ul>
 *   <li>only the dense features a data set gives ({@link DenseFeatures}, alone or before
 *       text-derived columns) are fitted; sparse features and text-derived columns are left as they are;
 *   <li>a column whose values are all 0 or 1 is a binary indicator, already on a unit scale: it is
 *       left as it is (mean 0, scale 1);
 *   <li>a constant column is centred but not scaled (scale 1);
 *   <li>any other column gets its mean and its population standard deviation (divided by the
 *       number of rows).
 * </ul>
 * A type whose every column is left as it is gets no entry, so a graph with nothing to scale gives
 * the {@link #identity() identity}, which {@link #save} writes no file for. Immutable.
 */
public final class FeatureScaling {

    /** The file in a model directory that holds a model's scaling (absent: the model scales nothing). */
    public static final String FILE_NAME = "feature-scaling.json";

    private static final FeatureScaling IDENTITY = new FeatureScaling(Map.of());

    private final Map<String, Columns> types;

    /**
     * The maps of one node type's columns: column {@code j} becomes
     * {@code (x - means[j]) / scales[j]}; a column left as it is has mean 0 and scale 1.
     *
     * @param means the value subtracted from each column, finite
     * @param scales the divisor of each column, finite and positive
     */
    public record Columns(double[] means, double[] scales) {

        public Columns {
            if (means.length != scales.length || means.length == 0) {
                throw new IllegalArgumentException("feature scaling columns need one scale per mean and at least one "
                        + "column; got " + means.length + " means and " + scales.length + " scales");
            }
            for (int j = 0; j < means.length; j++) {
                if (!Double.isFinite(means[j]) || !Double.isFinite(scales[j]) || scales[j] <= 0) {
                    throw new IllegalArgumentException("feature scaling column " + j + " has mean " + means[j]
                            + " and scale " + scales[j] + "; means must be finite and scales finite and positive");
                }
            }
            means = means.clone();
            scales = scales.clone();
        }

        @Override
        public double[] means() {
            return means.clone();
        }

        @Override
        public double[] scales() {
            return scales.clone();
        }

        public int width() {
            return means.length;
        }

        /** Column {@code j}'s map applied to {@code x}. */
        public float apply(int j, float x) {
            return (float) ((x - means[j]) / scales[j]);
        }

        boolean isIdentity() {
            for (int j = 0; j < means.length; j++) {
                if (means[j] != 0 || scales[j] != 1) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Columns c && Arrays.equals(means, c.means) && Arrays.equals(scales, c.scales);
        }

        @Override
        public int hashCode() {
            return 31 * Arrays.hashCode(means) + Arrays.hashCode(scales);
        }

        @Override
        public String toString() {
            return "Columns[means=" + Arrays.toString(means) + ", scales=" + Arrays.toString(scales) + "]";
        }
    }

    /** A scaling of the given types (in the order given); types whose columns are all left as they are are dropped. */
    public FeatureScaling(Map<String, Columns> types) {
        Map<String, Columns> kept = new LinkedHashMap<>();
        types.forEach((type, columns) -> {
            if (!columns.isIdentity()) {
                kept.put(type, columns);
            }
        });
        this.types = Collections.unmodifiableMap(kept);
    }

    /** The scaling that changes nothing. */
    public static FeatureScaling identity() {
        return IDENTITY;
    }

    /** Fitted on every node of {@code graph}. */
    public static FeatureScaling fit(HeteroGraph graph) {
        Map<String, int[]> all = new LinkedHashMap<>();
        for (String type : graph.nodeTypes()) {
            int[] ids = new int[graph.numNodes(type)];
            Arrays.setAll(ids, i -> i);
            all.put(type, ids);
        }
        return fit(graph, all);
    }

    /**
     * Fitted on the features of {@code nodes} (per type, node ids of {@code graph}); a type the map
     * leaves out, or gives no node, is left as it is.
     *
     * @throws IllegalArgumentException when a fitted value is not finite
     */
    public static FeatureScaling fit(HeteroGraph graph, Map<String, int[]> nodes) {
        Map<String, Columns> types = new LinkedHashMap<>();
        for (String type : graph.nodeTypes()) {
            int[] rows = nodes.get(type);
            if (graph.nodes(type).dataFeatures() instanceof DenseFeatures dense && rows != null && rows.length > 0) {
                types.put(type, fitColumns(type, dense, rows));
            }
        }
        return new FeatureScaling(types);
    }

    private static Columns fitColumns(String type, DenseFeatures features, int[] rows) {
        int dim = features.dim();
        double[] means = new double[dim];
        double[] scales = new double[dim];
        for (int j = 0; j < dim; j++) {
            double sum = 0;
            float min = Float.POSITIVE_INFINITY;
            float max = Float.NEGATIVE_INFINITY;
            boolean binary = true;
            for (int n : rows) {
                float x = features.get(n, j);
                if (!Float.isFinite(x)) {
                    throw new IllegalArgumentException("node " + n + " of type '" + type + "' has feature " + j + " = "
                            + x + "; features must be finite to be standardised: fix the data set's feature file, "
                            + "or train with --standardize-features none (standardizeFeatures: none in a job)");
                }
                sum += x;
                min = Math.min(min, x);
                max = Math.max(max, x);
                binary &= x == 0f || x == 1f;
            }
            scales[j] = 1;
            if (binary) {
                continue;
            }
            if (min == max) {
                means[j] = min;
                continue;
            }
            double mean = sum / rows.length;
            double squares = 0;
            for (int n : rows) {
                double d = features.get(n, j) - mean;
                squares += d * d;
            }
            double std = Math.sqrt(squares / rows.length);
            means[j] = mean;
            scales[j] = std > 0 && Double.isFinite(std) ? std : 1;
        }
        return new Columns(means, scales);
    }

    /** Whether the scaling changes nothing (no type is scaled). */
    public boolean isIdentity() {
        return types.isEmpty();
    }

    /** The scaled types and their columns' maps, in a stable order. */
    public Map<String, Columns> types() {
        return types;
    }

    /**
     * {@code graph} with the features of every scaled type replaced by their scaled copy (new
     * arrays; {@code graph} is unchanged).
     *
     * @throws IllegalArgumentException when a scaled type is missing from the graph or its features
     *     are not dense features of the scaling's width
     */
    public HeteroGraph apply(HeteroGraph graph) {
        HeteroGraph out = graph;
        for (Map.Entry<String, Columns> e : types.entrySet()) {
            NodeTable table = requireDense(graph, e.getKey(), e.getValue());
            DenseFeatures dense = (DenseFeatures) table.dataFeatures();
            Columns c = e.getValue();
            int dim = dense.dim();
            float[] values = dense.values();
            float[] scaled = new float[values.length];
            for (int i = 0; i < values.length; i++) {
                scaled[i] = c.apply(i % dim, values[i]);
            }
            DenseFeatures data = new DenseFeatures(dense.count(), dim, scaled);
            out = out.withNodes(table.withFeatures(
                    table.features() instanceof TextDerivedFeatures derived ? derived.withData(data) : data));
        }
        return out;
    }

    private static NodeTable requireDense(HeteroGraph graph, String type, Columns columns) {
        if (!graph.hasNodeType(type)) {
            throw new IllegalArgumentException("graph '" + graph.name() + "' has no node type '" + type
                    + "', whose features the model standardises; use the data set the model was trained on");
        }
        NodeTable table = graph.nodes(type);
        if (!(table.dataFeatures() instanceof DenseFeatures) || table.dataFeatureDim() != columns.width()) {
            String has = table.dataFeatures() == null
                    ? "no features"
                    : table.dataFeatureDim() + " "
                            + (table.dataFeatures() instanceof DenseFeatures ? "dense" : "sparse") + " features";
            throw new IllegalArgumentException("the model standardises " + columns.width() + " dense features of '"
                    + type + "' nodes, but graph '" + graph.name() + "' gives them " + has
                    + "; use the data set the model was trained on");
        }
        return table;
    }

    /**
     * A new node's feature row scaled as the type's rows are (a copy; the row itself when the type
     * is not scaled).
     *
     * @throws IllegalArgumentException when the row's width is not the type's
     */
    public float[] applyRow(String type, float[] row) {
        Columns c = types.get(type);
        if (c == null) {
            return row;
        }
        if (row.length != c.width()) {
            throw new IllegalArgumentException(
                    "a node of type '" + type + "' has " + c.width() + " features; got " + row.length);
        }
        float[] out = new float[row.length];
        for (int j = 0; j < row.length; j++) {
            out[j] = c.apply(j, row[j]);
        }
        return out;
    }

    /**
     * Writes {@link #FILE_NAME} into {@code modelDir}, or nothing for the identity (a model directory
     * without the file scales nothing).
     */
    public void save(Path modelDir) throws IOException {
        if (!isIdentity()) {
            FeatureScalingJson.write(this, modelDir.resolve(FILE_NAME));
        }
    }

    /**
     * The scaling stored in {@code modelDir}, or empty when it holds no {@link #FILE_NAME} (a model
     * that scales nothing, or one saved before scalings were stored).
     *
     * @throws FeatureScalingException when the file cannot be read, is malformed, holds non-finite
     *     values or is of a newer format version
     */
    public static Optional<FeatureScaling> loadIfPresent(Path modelDir) {
        Path file = modelDir.resolve(FILE_NAME);
        return Files.exists(file) ? Optional.of(FeatureScalingJson.read(file)) : Optional.empty();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FeatureScaling s && types.equals(s.types);
    }

    @Override
    public int hashCode() {
        return types.hashCode();
    }

    @Override
    public String toString() {
        return isIdentity() ? "FeatureScaling[identity]" : "FeatureScaling" + types;
    }
}
