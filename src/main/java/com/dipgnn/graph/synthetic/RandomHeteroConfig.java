package com.dipgnn.graph.synthetic;

/**
 * Settings of {@link SyntheticGraphs#randomHetero}: a generic heterogeneous graph for benchmarks.
 *
 * @param numNodeTypes number of node types ({@code t0, t1, ...})
 * @param nodesPerType number of nodes of each type
 * @param numRelations number of directed relations ({@code r0, r1, ...}), each between a random
 *     pair of types (GraphBuilder adds the reverse of each)
 * @param numEdges distinct input edges over all relations, spread evenly
 * @param featureDim width of the dense features of every type
 * @param numClasses number of classes of the labels every type gets
 * @param seed random seed; the same settings give the same graph
 */
public record RandomHeteroConfig(
        int numNodeTypes, int nodesPerType, int numRelations, int numEdges, int featureDim, int numClasses, long seed) {

    private static final String NAME = "RandomHeteroConfig";

    public RandomHeteroConfig {
        ConfigChecks.atLeast(NAME, "numNodeTypes", numNodeTypes, 1);
        ConfigChecks.atLeast(NAME, "nodesPerType", nodesPerType, 2);
        ConfigChecks.atLeast(NAME, "numRelations", numRelations, 1);
        ConfigChecks.atLeast(NAME, "numEdges", numEdges, numRelations);
        ConfigChecks.atLeast(NAME, "featureDim", featureDim, 1);
        ConfigChecks.atLeast(NAME, "numClasses", numClasses, 1);
    }

    /** The benchmark graph: 4 node types of 250, 12 relations, 20,000 edges, 400 features, seed 0. */
    public static RandomHeteroConfig defaults() {
        return new RandomHeteroConfig(4, 250, 12, 20_000, 400, 4, 0L);
    }

    public RandomHeteroConfig withSeed(long newSeed) {
        return new RandomHeteroConfig(
                numNodeTypes, nodesPerType, numRelations, numEdges, featureDim, numClasses, newSeed);
    }

    public RandomHeteroConfig withShape(
            int newNumNodeTypes, int newNodesPerType, int newNumRelations, int newNumEdges) {
        return new RandomHeteroConfig(
                newNumNodeTypes, newNodesPerType, newNumRelations, newNumEdges, featureDim, numClasses, seed);
    }

    public RandomHeteroConfig withFeatureDim(int newFeatureDim) {
        return new RandomHeteroConfig(
                numNodeTypes, nodesPerType, numRelations, numEdges, newFeatureDim, numClasses, seed);
    }
}
