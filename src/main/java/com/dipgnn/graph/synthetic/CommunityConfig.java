package com.dipgnn.graph.synthetic;

/**
 * Settings of {@link SyntheticGraphs#community}: a degree-corrected stochastic block model.
 *
 * @param numNodes number of nodes
 * @param numClasses number of classes (blocks), at least 2
 * @param averageDegree mean number of neighbours per node (undirected edges = nodes * degree / 2)
 * @param homophily share of edges that join two nodes of the same class
 * @param degreeExponent exponent of the power-law (Pareto) degree propensities, above 1; smaller
 *     means more skewed degrees
 * @param featureDim width of the dense features
 * @param featureSignal strength of the class centroid against unit noise in the features; the
 *     default is weak on purpose, so that a model that uses neighbours beats one that does not
 * @param firstYear the earliest value of the {@code time} column
 * @param numYears number of distinct years in the {@code time} column
 * @param seed random seed; the same settings give the same graph
 */
public record CommunityConfig(
        int numNodes,
        int numClasses,
        double averageDegree,
        double homophily,
        double degreeExponent,
        int featureDim,
        double featureSignal,
        int firstYear,
        int numYears,
        long seed) {

    private static final String NAME = "CommunityConfig";

    public CommunityConfig {
        ConfigChecks.atLeast(NAME, "numNodes", numNodes, 2);
        ConfigChecks.atLeast(NAME, "numClasses", numClasses, 2);
        ConfigChecks.atLeast(NAME, "numNodes (one per class at least)", numNodes, numClasses);
        ConfigChecks.positive(NAME, "averageDegree", averageDegree);
        ConfigChecks.fraction(NAME, "homophily", homophily);
        ConfigChecks.positive(NAME, "degreeExponent - 1", degreeExponent - 1);
        ConfigChecks.atLeast(NAME, "featureDim", featureDim, 1);
        ConfigChecks.nonNegative(NAME, "featureSignal", featureSignal);
        ConfigChecks.atLeast(NAME, "numYears", numYears, 1);
        if (averageDegree > (numNodes - 1) / 4.0) {
            throw new IllegalArgumentException(NAME + ".averageDegree is " + averageDegree + " but at most "
                    + (numNodes - 1) / 4.0 + " fits " + numNodes + " nodes; use more nodes or a lower degree");
        }
    }

    /** 2,000 nodes, 5 classes, degree 10, homophily 0.8, 64 features, years 2000..2019, seed 0. */
    public static CommunityConfig defaults() {
        return new CommunityConfig(2_000, 5, 10, 0.8, 2.5, 64, 0.15, 2000, 20, 0L);
    }

    public CommunityConfig withSeed(long newSeed) {
        return new CommunityConfig(
                numNodes,
                numClasses,
                averageDegree,
                homophily,
                degreeExponent,
                featureDim,
                featureSignal,
                firstYear,
                numYears,
                newSeed);
    }

    public CommunityConfig withNumNodes(int newNumNodes) {
        return new CommunityConfig(
                newNumNodes,
                numClasses,
                averageDegree,
                homophily,
                degreeExponent,
                featureDim,
                featureSignal,
                firstYear,
                numYears,
                seed);
    }

    public CommunityConfig withNumClasses(int newNumClasses) {
        return new CommunityConfig(
                numNodes,
                newNumClasses,
                averageDegree,
                homophily,
                degreeExponent,
                featureDim,
                featureSignal,
                firstYear,
                numYears,
                seed);
    }

    public CommunityConfig withAverageDegree(double newAverageDegree) {
        return new CommunityConfig(
                numNodes,
                numClasses,
                newAverageDegree,
                homophily,
                degreeExponent,
                featureDim,
                featureSignal,
                firstYear,
                numYears,
                seed);
    }

    public CommunityConfig withHomophily(double newHomophily) {
        return new CommunityConfig(
                numNodes,
                numClasses,
                averageDegree,
                newHomophily,
                degreeExponent,
                featureDim,
                featureSignal,
                firstYear,
                numYears,
                seed);
    }

    public CommunityConfig withFeatures(int newFeatureDim, double newFeatureSignal) {
        return new CommunityConfig(
                numNodes,
                numClasses,
                averageDegree,
                homophily,
                degreeExponent,
                newFeatureDim,
                newFeatureSignal,
                firstYear,
                numYears,
                seed);
    }

    /** Number of undirected edges drawn ({@code numNodes * averageDegree / 2}, rounded). */
    public int numEdges() {
        return (int) Math.round(numNodes * averageDegree / 2);
    }
}
