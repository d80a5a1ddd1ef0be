package com.dipgnn.graph.synthetic;

/**
 * Settings of {@link SyntheticGraphs#oagShaped}: a graph with the shape of OAG-CS.
 *
 * @param scale multiplies every node and edge count (1.0: 1.1M nodes and 28.4M input edges;
 *     0.01 for tests)
 * @param featureDim width of the dense features of {@code paper}, {@code author} and {@code field}
 * @param numClasses number of topics: the classes of the {@code paper} labels
 * @param seed random seed; the same settings give the same graph
 */
public record OagShapedConfig(double scale, int featureDim, int numClasses, long seed) {

    private static final String NAME = "OagShapedConfig";

    public OagShapedConfig {
        ConfigChecks.positive(NAME, "scale", scale);
        ConfigChecks.atLeast(NAME, "featureDim", featureDim, 1);
        ConfigChecks.atLeast(NAME, "numClasses", numClasses, 1);
    }

    /** Full size, 400 features, 20 topics, seed 0. */
    public static OagShapedConfig defaults() {
        return new OagShapedConfig(1.0, 400, 20, 0L);
    }

    public OagShapedConfig withScale(double newScale) {
        return new OagShapedConfig(newScale, featureDim, numClasses, seed);
    }

    public OagShapedConfig withSeed(long newSeed) {
        return new OagShapedConfig(scale, featureDim, numClasses, newSeed);
    }

    public OagShapedConfig withFeatureDim(int newFeatureDim) {
        return new OagShapedConfig(scale, newFeatureDim, numClasses, seed);
    }
}
