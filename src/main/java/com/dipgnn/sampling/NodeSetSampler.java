package com.dipgnn.sampling;

import com.dipgnn.graph.HeteroGraph;
import java.util.Map;
import java.util.Random;

/**
 * A sampler that picks a node set; the subgraph is the one induced by those nodes (every edge
 * among them), as DiP-GNN and GPT-GNN use it.
 */
public interface NodeSetSampler extends SubgraphSampler {

    /** The sampled nodes per node type, seeds first; no edges. */
    Map<String, int[]> sampleNodes(HeteroGraph graph, Map<String, int[]> seeds, Random rng);

    /** The per-step sampling settings. */
    SamplingConfig config();

    @Override
    default Subgraph sample(HeteroGraph graph, Map<String, int[]> seeds, Random rng) {
        return Subgraph.induced(graph, sampleNodes(graph, seeds, rng));
    }
}
