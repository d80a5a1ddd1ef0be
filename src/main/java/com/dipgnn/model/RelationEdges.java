package com.dipgnn.model;

import ai.djl.ndarray.NDArray;
import com.dipgnn.graph.RelationType;

/**
 * The edges of one relation of a batch on the device: local source and destination ids (int64).
 * A self loop pseudo-relation has {@code relation == null}.
 *
 * @param relation the relation, or null for the self loops of {@code targetType}
 * @param sourceType node type of the sources
 * @param targetType node type of the destinations
 * @param src source ids, int64, shape (edges)
 * @param dst destination ids, int64, shape (edges)
 * @param dstHost destination ids on the host
 */
public record RelationEdges(
        RelationType relation, String sourceType, String targetType, NDArray src, NDArray dst, int[] dstHost) {

    public int size() {
        return dstHost.length;
    }

    public boolean isSelfLoop() {
        return relation == null;
    }
}
