package com.dipgnn.sampling;

import com.dipgnn.graph.HeteroGraph;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;

/**
 * "Samples" the whole graph: every node of every type, seeds first, and every edge. For graphs
 * small enough to fit in one step (Cora's full-batch GAT protocol, small tests).
 */
public final class FullGraphSampler implements SubgraphSampler {

    @Override
    public Subgraph sample(HeteroGraph graph, Map<String, int[]> seeds, Random rng) {
        Map<String, int[]> nodes = new LinkedHashMap<>();
        for (String type : graph.nodeTypes()) {
            int n = graph.numNodes(type);
            int[] first = seeds.getOrDefault(type, new int[0]);
            boolean[] taken = new boolean[n];
            int[] order = new int[n];
            int k = 0;
            for (int id : first) {
                if (!taken[id]) {
                    taken[id] = true;
                    order[k++] = id;
                }
            }
            if (k != first.length) {
                throw new IllegalArgumentException("seed ids of type '" + type + "' contain duplicates");
            }
            for (int id = 0; id < n; id++) {
                if (!taken[id]) {
                    order[k++] = id;
                }
            }
            nodes.put(type, order);
        }
        return Subgraph.induced(graph, nodes);
    }

    @Override
    public boolean coversWholeGraph() {
        return true;
    }

    @Override
    public String toString() {
        return "FullGraphSampler";
    }
}
