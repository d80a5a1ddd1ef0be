package com.dipgnn.sampling;

import com.dipgnn.graph.HeteroGraph;

/** Picks the paper's subgraph sampler for a graph. */
public final class Samplers {

    private Samplers() {}

    /** LADIES for a graph with one node type, HGSampling otherwise. */
    public static SubgraphSampler forGraph(HeteroGraph graph, SamplingConfig config) {
        return graph.isHomogeneous() ? new LadiesSampler(config) : new HgSampler(config);
    }
}
