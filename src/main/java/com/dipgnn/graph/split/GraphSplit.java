package com.dipgnn.graph.split;

import com.dipgnn.graph.HeteroGraph;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.StringJoiner;

/**
 * The graphs and node sets of one experiment: an optional pre-training graph, the fine-tuning
 * graph, and the train/val/test nodes of the target type (ids in the fine-tuning graph, disjoint).
 * Both graphs renumber their nodes; the original-id maps give, per node type, the id in the
 * graph that was split of each new id ({@code originalIds.get(type)[newId]}).
 *
 * @param pretrainGraph the graph to pre-train on, or null when there is none
 * @param finetuneGraph the graph to fine-tune and evaluate on
 * @param targetType the node type that is classified
 * @param train training nodes of {@code targetType}, ids in {@code finetuneGraph}, ascending
 * @param val validation nodes, likewise
 * @param test test nodes, likewise
 * @param pretrainOriginalIds per node type, original id of each pre-training node (empty map
 *     when there is no pre-training graph)
 * @param finetuneOriginalIds per node type, original id of each fine-tuning node
 */
public record GraphSplit(
        HeteroGraph pretrainGraph,
        HeteroGraph finetuneGraph,
        String targetType,
        int[] train,
        int[] val,
        int[] test,
        Map<String, int[]> pretrainOriginalIds,
        Map<String, int[]> finetuneOriginalIds) {

    public GraphSplit {
        Objects.requireNonNull(finetuneGraph, "finetuneGraph");
        Objects.requireNonNull(targetType, "targetType");
        Objects.requireNonNull(train, "train");
        Objects.requireNonNull(val, "val");
        Objects.requireNonNull(test, "test");
        pretrainOriginalIds = readOnly(pretrainGraph == null ? Map.of() : pretrainOriginalIds, pretrainGraph);
        finetuneOriginalIds = readOnly(finetuneOriginalIds, finetuneGraph);
        checkDisjointNodes(finetuneGraph.numNodes(targetType), train, val, test);
    }

    private static Map<String, int[]> readOnly(Map<String, int[]> ids, HeteroGraph graph) {
        Objects.requireNonNull(ids, "original id map");
        if (graph != null) {
            for (String type : graph.nodeTypes()) {
                int[] map = ids.get(type);
                if (map == null || map.length != graph.numNodes(type)) {
                    throw new IllegalArgumentException("graph '" + graph.name() + "' has " + graph.numNodes(type)
                            + " nodes of type '" + type + "' but " + (map == null ? "no" : map.length)
                            + " original ids for them");
                }
            }
        }
        return Collections.unmodifiableMap(new LinkedHashMap<>(ids));
    }

    private static void checkDisjointNodes(int count, int[]... sets) {
        String[] names = {"train", "val", "test"};
        byte[] owner = new byte[count];
        for (int s = 0; s < sets.length; s++) {
            for (int node : sets[s]) {
                if (node < 0 || node >= count) {
                    throw new IllegalArgumentException(names[s] + " node " + node + " is outside 0.." + (count - 1));
                }
                if (owner[node] != 0) {
                    throw new IllegalArgumentException(
                            "node " + node + " is in both " + names[owner[node] - 1] + " and " + names[s]);
                }
                owner[node] = (byte) (s + 1);
            }
        }
    }

    public boolean hasPretrainGraph() {
        return pretrainGraph != null;
    }

    /** A few lines of counts: the target node sets and the nodes and edges of each graph. */
    public String describe() {
        StringBuilder out = new StringBuilder();
        out.append("target '")
                .append(targetType)
                .append("': train ")
                .append(train.length)
                .append(", val ")
                .append(val.length)
                .append(", test ")
                .append(test.length)
                .append('\n');
        out.append("pre-training graph: ")
                .append(pretrainGraph == null ? "none" : counts(pretrainGraph))
                .append('\n');
        out.append("fine-tuning graph: ").append(counts(finetuneGraph));
        return out.toString();
    }

    private static String counts(HeteroGraph graph) {
        StringJoiner nodes = new StringJoiner(", ");
        for (String type : graph.nodeTypes()) {
            nodes.add(type + " " + graph.numNodes(type));
        }
        return "'" + graph.name() + "', " + graph.totalNodes() + " nodes (" + nodes + "), " + graph.totalEdges()
                + " stored edges in " + graph.relationTypes().size() + " relations";
    }

    @Override
    public String toString() {
        return "GraphSplit[" + describe().replace('\n', ';') + "]";
    }
}
