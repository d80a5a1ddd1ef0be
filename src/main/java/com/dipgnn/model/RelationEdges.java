package com.dipgnn.model;

import ai.djl.ndarray.NDArray;
import com.dipgnn.graph.RelationType;
import com.dipgnn.model.kernels.EdgePattern;

/**
 * The edges of one relation of a batch on the device: local source and destination ids (int64),
 * their host copies, and (built on first use, in the ids' manager) the relation's
 * {@link EdgePattern}. A self loop pseudo-relation has {@code relation == null}.
 */
public final class RelationEdges {

    private final RelationType relation;
    private final String sourceType;
    private final String targetType;
    private final NDArray src;
    private final NDArray dst;
    private final int[] srcHost;
    private final int[] dstHost;
    private EdgePattern pattern;

    /**
     * @param relation the relation, or null for the self loops of {@code targetType}
     * @param sourceType node type of the sources
     * @param targetType node type of the destinations
     * @param src source ids, int64, shape (edges)
     * @param dst destination ids, int64, shape (edges)
     * @param srcHost source ids on the host
     * @param dstHost destination ids on the host
     */
    public RelationEdges(RelationType relation, String sourceType, String targetType, NDArray src, NDArray dst,
                         int[] srcHost, int[] dstHost) {
        if (srcHost.length != dstHost.length) {
            throw new IllegalArgumentException("a relation's edges need as many sources as destinations, not "
                    + srcHost.length + " and " + dstHost.length);
        }
        this.relation = relation;
        this.sourceType = sourceType;
        this.targetType = targetType;
        this.src = src;
        this.dst = dst;
        this.srcHost = srcHost;
        this.dstHost = dstHost;
    }

    public RelationType relation() {
        return relation;
    }

    public String sourceType() {
        return sourceType;
    }

    public String targetType() {
        return targetType;
    }

    public NDArray src() {
        return src;
    }

    public NDArray dst() {
        return dst;
    }

    public int[] dstHost() {
        return dstHost;
    }

    public int size() {
        return dstHost.length;
    }

    public boolean isSelfLoop() {
        return relation == null;
    }

    /** The edges as a (destinations x sources) sparsity pattern, built from the host ids on first use. */
    public EdgePattern pattern(int destinations) {
        if (pattern == null || pattern.destinations() != destinations) {
            pattern = EdgePattern.of(src.getManager(), dstHost, srcHost, destinations);
        }
        return pattern;
    }
}
