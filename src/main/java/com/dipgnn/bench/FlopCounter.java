package com.dipgnn.bench;

import com.dipgnn.graph.RelationType;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.sampling.Subgraph;

/**
 * Analytic floating-point operations of one forward pass of an encoder on a subgraph (2 per
 * multiply-add; matrix products and per-edge products only, element-wise activations and
 * normalisations ignored). A training step is counted as 3 forward passes (forward, and a
 * backward pass of twice the forward's work), the usual convention.
 */
public final class FlopCounter {

    private FlopCounter() {}

    /** Forward FLOPs of the encoder alone (input projections and message-passing layers). */
    public static double encoderFlops(GraphSchema schema, ModelConfig config, Subgraph subgraph) {
        return forwardFlops(schema, config, subgraph, 0, 0);
    }

    /** Forward FLOPs of the encoder plus a {@code headWidth}-wide linear head on {@code headRows} rows. */
    public static double forwardFlops(
            GraphSchema schema, ModelConfig config, Subgraph subgraph, int headRows, int headWidth) {
        long d = config.hidden();
        long dk = config.headDim();
        double macs = 0;
        for (String type : schema.nodeTypes()) {
            macs += (double) subgraph.numNodes(type) * schema.featureDims().get(type) * d;
        }
        for (int layer = 0; layer < config.layers(); layer++) {
            macs += layerMacs(schema, config, subgraph, d, dk);
        }
        macs += (double) headRows * d * headWidth;
        return 2 * macs;
    }

    private static double layerMacs(GraphSchema schema, ModelConfig config, Subgraph subgraph, long d, long dk) {
        double macs = 0;
        long totalNodes = 0;
        for (String type : schema.nodeTypes()) {
            totalNodes += subgraph.numNodes(type);
        }
        long edges = subgraph.totalEdges();
        if (config.backbone() == Backbone.HGT) {
            macs += 4.0 * totalNodes * d * d; // K, Q, V and output projections
            for (RelationType r : schema.relations()) {
                if (subgraph.edges(r).size() > 0) {
                    macs += 2.0 * subgraph.numNodes(r.source()) * d * dk; // relation attention and message matrices
                }
            }
            macs += 3.0 * edges * d; // key.query, attention x value, scatter-sum
        } else {
            long withSelfLoops = edges + totalNodes;
            macs += (double) totalNodes * d * d; // shared projection
            macs += 2.0 * totalNodes * d; // attention scores
            macs += 2.0 * withSelfLoops * d; // attention x value, scatter-sum
        }
        return macs;
    }
}
