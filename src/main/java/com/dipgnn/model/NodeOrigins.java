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
     * Structural inputs of the type's nodes, row-major (nodes x relations): log(1 + degree) along
     * each given relation leaving the type.
     */
    float[] structural(String type, List<RelationType> relations);

    /** The origins of a subgraph sampled from {@code graph}: ids are rows, degrees are {@code graph}'s. */
    static NodeOrigins of(HeteroGraph graph, Subgraph subgraph) {
        return new NodeOrigins() {
            @Override
            public int[] tableRows(String type) {
                return subgraph.nodes(type);
            }

            @Override
            public float[] structural(String type, List<RelationType> relations) {
                return logDegrees(graph, relations, subgraph.nodes(type));
            }
        };
    }

    /** log(1 + degree) of each node of {@code ids} along each relation, row-major (ids x relations). */
    static float[] logDegrees(HeteroGraph graph, List<RelationType> relations, int[] ids) {
        int width = relations.size();
        float[] out = new float[ids.length * width];
        for (int r = 0; r < width; r++) {
            CsrAdjacency adjacency = graph.adjacency(relations.get(r));
            for (int i = 0; i < ids.length; i++) {
                out[i * width + r] = logDegree(adjacency.degree(ids[i]));
            }
        }
        return out;
    }

    /** The structural input of a node with {@code degree} neighbours along a relation. */
    static float logDegree(int degree) {
        return (float) Math.log1p(degree);
    }
}
