package com.dipgnn.serving;

import static com.dipgnn.serving.InvalidInferenceRequestException.Reason;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import java.util.List;

/** Validation of request inputs against the deployed graph, with precise messages. */
final class Requests {

    private Requests() {}

    static InvalidInferenceRequestException invalid(String field, Reason reason, String message) {
        return new InvalidInferenceRequestException(field, reason, message);
    }

    static void requireType(HeteroGraph graph, String field, String type) {
        if (type == null || !graph.hasNodeType(type)) {
            throw invalid(
                    field,
                    Reason.UNKNOWN_NODE_TYPE,
                    "unknown node type '" + type + "': the graph's node types are " + graph.nodeTypes());
        }
    }

    /** Checks the batch size and that every id is a node of {@code type}. */
    static void requireIds(HeteroGraph graph, String field, String type, int[] ids, int maxBatch) {
        if (ids == null) {
            throw invalid(
                    field, Reason.MALFORMED, field + " is missing: give a list of node ids of type '" + type + "'");
        }
        requireBatch(field, ids.length, maxBatch);
        int count = graph.numNodes(type);
        for (int i = 0; i < ids.length; i++) {
            requireId(field + "[" + i + "]", type, ids[i], count);
        }
    }

    static void requireId(String field, String type, int id, int count) {
        if (id < 0 || id >= count) {
            throw invalid(
                    field,
                    Reason.UNKNOWN_NODE,
                    "node " + id + " of type '" + type + "' does not exist: ids of type '" + type + "' are 0.."
                            + (count - 1));
        }
    }

    static void requireBatch(String field, int size, int maxBatch) {
        if (size > maxBatch) {
            throw invalid(
                    field,
                    Reason.BATCH_TOO_LARGE,
                    field + " holds " + size + " items; at most " + maxBatch + " are allowed per request");
        }
    }

    static void requireK(int k, int candidates, int maxK) {
        int upper = Math.min(maxK, candidates);
        if (k < 1 || k > upper) {
            throw invalid(
                    "k",
                    Reason.K_OUT_OF_RANGE,
                    "k must be between 1 and " + upper + " (" + candidates + " candidates, at most " + maxK
                            + " per request); got " + k);
        }
    }

    /** The graph's relation named {@code nameOrKey} (a name or a {@code src__name__dst} key). */
    static RelationType relation(HeteroGraph graph, String field, String nameOrKey) {
        try {
            return graph.relation(nameOrKey);
        } catch (IllegalArgumentException e) {
            List<String> keys =
                    graph.relationTypes().stream().map(RelationType::key).toList();
            throw invalid(
                    field,
                    Reason.UNKNOWN_RELATION,
                    "unknown relation '" + nameOrKey + "': the graph's relations are "
                            + keys
                            + (nameOrKey != null && keys.stream().anyMatch(k -> k.contains("__" + nameOrKey + "__"))
                                    ? " (the name is ambiguous: use the full key)"
                                    : ""));
        }
    }
}
