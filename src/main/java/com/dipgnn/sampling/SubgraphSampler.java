package com.dipgnn.sampling;

import com.dipgnn.graph.HeteroGraph;
import java.util.Map;
import java.util.Random;

/**
 * Samples a dense subgraph around seed nodes. Implementations must be deterministic for a given
 * {@code rng} state and must put the seeds first in each type's node list, in the order given.
 */
public interface SubgraphSampler {

    /**
     * @param graph the graph to sample from
     * @param seeds seed node ids per node type
     * @param rng the source of randomness (one per call for reproducibility)
     * @return the subgraph induced by the seeds and the sampled nodes
     */
    Subgraph sample(HeteroGraph graph, Map<String, int[]> seeds, Random rng);

    /**
     * Whether every call returns the whole graph, whatever the seeds: then one call with every node
     * as a seed encodes them all, and embedding in chunks would repeat the same whole-graph pass
     * once per chunk.
     */
    default boolean coversWholeGraph() {
        return false;
    }
}
