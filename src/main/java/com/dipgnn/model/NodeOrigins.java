package com.dipgnn.model;

import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.sampling.Subgraph;
import java.util.List;

/**
 * Where a batch's nodes come from, for the inputs that are not features: each node's row in the
 * per-node embedding tables and its structural inputs. For a subgraph sampled from the graph the
 * model runs on ({@link #of}) the row is the node's id and the structure is that graph's; a new
 * node in serving has no row and brings its own edges.
 */
public interface NodeOrigins {

    /** Rows of the type's nodes in the embedding table, in local order; -1 for a node without a row. */
    int[] tableRows(String type);

    /**
     * Each of the type's nodes' degree along {@code relation} (leaving the type) in the graph the
     * nodes come from, in local order: what the {@link Backbone#PROPAGATION} backbone normalises a
     * source's messages by, and what the structural inputs are the logarithm of.
     */
    int[] degrees(String type, RelationType relation);

    /**
     * Structural inputs of the type's nodes, row-major (nodes x relations): log(1 + degree) along
     * each given relation leaving the type ({@link #degrees}).
     */
    default float[] structural(String type, List<RelationType> relations) {
        int width = relations.size();
        float[] out = null;
        for (int r = 0; r < width; r++) {
            int[] degrees = degrees(type, relations.get(r));
            if (out == null) {
                out = new float[degrees.length * width];
            }
            for (int i = 0; i < degrees.length; i++) {
                out[i * width + r] = logDegree(degrees[i]);
            }
        }
        return out == null ? new float[0] : out;
    }

    /** The origins of a subgraph sampled from {@code graph}: ids are rows, degrees are {@code graph}'s. */
    static NodeOrigins of(HeteroGraph graph, Subgraph subgraph) {
        return new NodeOrigins() {
            @Override
            public int[] tableRows(String type) {
                return subgraph.nodes(type);
            }

            @Override
            public int[] degrees(String type, RelationType relation) {
                return NodeOrigins.degrees(graph, relation, subgraph.nodes(type));
            }
        };
    }

    /** The degree of each node of {@code ids} along {@code relation} in {@code graph}. */
    static int[] degrees(HeteroGraph graph, RelationType relation, int[] ids) {
        CsrAdjacency adjacency = graph.adjacency(relation);
        int[] out = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            out[i] = adjacency.degree(ids[i]);
        }
        return out;
    }

    /** The structural input of a node with {@code degree} neighbours along a relation. */
    static float logDegree(int degree) {
        return (float) Math.log1p(degree);
    }
}
