package com.dipgnn.sampling;

import com.dipgnn.graph.HeteroGraph;
import java.util.Map;

/** Validates seed nodes and starts the sampled set of a type with them, in the order given. */
final class SeedCheck {

    private SeedCheck() {}

    /** Checks that every seed type exists in the graph. */
    static void requireKnownTypes(HeteroGraph graph, Map<String, int[]> seeds) {
        for (String type : seeds.keySet()) {
            if (!graph.hasNodeType(type)) {
                throw new IllegalArgumentException("seed node type '" + type + "' is not a node type of graph '"
                        + graph.name() + "'; its types are " + graph.nodeTypes());
            }
        }
    }

    /**
     * A set holding the seeds of {@code type} in the order given.
     *
     * @throws IllegalArgumentException on an id out of range or a repeated seed
     */
    static IntOrderedSet startWith(HeteroGraph graph, String type, int[] seeds) {
        int count = graph.numNodes(type);
        IntOrderedSet set = new IntOrderedSet(Math.max(16, seeds.length * 4));
        for (int i = 0; i < seeds.length; i++) {
            int id = seeds[i];
            if (id < 0 || id >= count) {
                throw new IllegalArgumentException("seed " + i + " of type '" + type + "' is node " + id
                        + ", outside 0.." + (count - 1) + " (graph '" + graph.name() + "')");
            }
            if (!set.add(id)) {
                throw new IllegalArgumentException("seed node " + id + " of type '" + type
                        + "' is given twice (positions " + indexOf(seeds, id) + " and " + i
                        + "); pass each seed once");
            }
        }
        return set;
    }

    private static int indexOf(int[] values, int value) {
        for (int i = 0; i < values.length; i++) {
            if (values[i] == value) {
                return i;
            }
        }
        return -1;
    }
}
