package com.dipgnn.deployments;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.serving.InvalidInferenceRequestException;
import com.dipgnn.serving.InvalidInferenceRequestException.Reason;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The node keys of a deployed graph (the ids users know, such as {@code p123}), both ways: so a
 * request may name nodes by key and an answer carries each node's key next to its id.
 */
public final class NodeKeys {

    private final HeteroGraph graph;
    private final Map<String, Map<String, Integer>> ids = new LinkedHashMap<>();

    public NodeKeys(HeteroGraph graph) {
        this.graph = graph;
        for (String type : graph.nodeTypes()) {
            String[] keys = graph.nodes(type).keys();
            if (keys != null) {
                Map<String, Integer> byKey = new HashMap<>(keys.length * 2);
                for (int i = 0; i < keys.length; i++) {
                    byKey.put(keys[i], i);
                }
                ids.put(type, byKey);
            }
        }
    }

    /** The key of node {@code id} of {@code type}, or null when the graph has no keys for the type. */
    public String key(String type, int id) {
        NodeTable table = graph.hasNodeType(type) ? graph.nodes(type) : null;
        return table == null || table.keys() == null || id < 0 || id >= table.count() ? null : table.keys()[id];
    }

    /** The id of the node with {@code key} of {@code type}. */
    public int id(String field, String type, String key) {
        if (!graph.hasNodeType(type)) {
            throw new InvalidInferenceRequestException(
                    field,
                    Reason.UNKNOWN_NODE_TYPE,
                    "node type '" + type + "' is not in the graph; its node types are " + graph.nodeTypes());
        }
        Map<String, Integer> byKey = ids.get(type);
        if (byKey == null) {
            throw new InvalidInferenceRequestException(
                    field,
                    Reason.MALFORMED,
                    "nodes of type '" + type + "' have no keys in this graph; name them by id");
        }
        Integer id = byKey.get(key);
        if (id == null) {
            throw new InvalidInferenceRequestException(
                    field,
                    Reason.UNKNOWN_NODE,
                    "no node of type '" + type + "' has the key '" + key + "' (keys are case-sensitive)");
        }
        return id;
    }
}
