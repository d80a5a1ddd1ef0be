package com.dipgnn.finetuning;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.sampling.EdgeList;
import com.dipgnn.sampling.Subgraph;
import com.dipgnn.sampling.SubgraphSampler;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;

/**
 * Samples the same nodes as another sampler but drops every edge: a message-passing encoder then
 * sees each node's own features only (HGT: projection, gate and norm; GAT: the self loop), which
 * makes it a feature-only baseline trained by exactly the same pipeline.
 */
final class EdgelessSampler implements SubgraphSampler {

    private static final EdgeList NO_EDGES = new EdgeList(new int[0], new int[0]);

    private final SubgraphSampler nodes;

    EdgelessSampler(SubgraphSampler nodes) {
        this.nodes = nodes;
    }

    @Override
    public Subgraph sample(HeteroGraph graph, Map<String, int[]> seeds, Random rng) {
        Subgraph sampled = nodes.sample(graph, seeds, rng);
        Map<RelationType, EdgeList> none = new LinkedHashMap<>();
        for (RelationType r : sampled.edgeMap().keySet()) {
            none.put(r, NO_EDGES);
        }
        return sampled.withEdges(none);
    }
}
