package com.dipgnn.model;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The identity of a node type's ids, which a per-node embedding table is indexed by: the node
 * count and a hash of the node keys. Two graphs whose type has the same id space give node
 * {@code i} the same row; a re-indexed graph (such as a part of the node-transfer split) does not.
 * Types without keys are told apart by their count alone.
 *
 * @param count nodes of the type
 * @param keyHash a hash of the keys in id order, or {@link #NO_KEYS}
 */
public record NodeIdSpace(int count, String keyHash) {

    /** The key hash of a type whose nodes have no keys. */
    public static final String NO_KEYS = "no-keys";

    public NodeIdSpace {
        if (count < 0 || keyHash == null) {
            throw new IllegalArgumentException("an id space needs a count >= 0 and a key hash");
        }
    }

    /** The id space of a node table. */
    public static NodeIdSpace of(NodeTable table) {
        if (table.keys() == null) {
            return new NodeIdSpace(table.count(), NO_KEYS);
        }
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (String key : table.keys()) {
                digest.update(key.getBytes(StandardCharsets.UTF_8));
                digest.update((byte) '\n');
            }
            return new NodeIdSpace(
                    table.count(), HexFormat.of().formatHex(digest.digest()).substring(0, 16));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The id space of every node type of a graph, in the graph's type order. */
    public static Map<String, NodeIdSpace> of(HeteroGraph graph) {
        Map<String, NodeIdSpace> spaces = new LinkedHashMap<>();
        for (String type : graph.nodeTypes()) {
            spaces.put(type, of(graph.nodes(type)));
        }
        return spaces;
    }

    @Override
    public String toString() {
        return count + " nodes, keys " + keyHash;
    }
}
