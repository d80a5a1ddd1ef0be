package com.dipgnn.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Parameter;
import ai.djl.training.initializer.NormalInitializer;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Maps each node type's raw features to the hidden width: dropout, a type-specific linear map,
 * and (for HGT, as in GPT-GNN) tanh. A featureless type gets a learned type embedding instead.
 *
 * <p>A GAT encoder on a graph with a single node type skips the linear map, as the GAT paper
 * does: its first attention layer projects the (dropped-out) raw features itself.
 */
public final class InputProjection extends GraphModule {

    private final Map<String, Linear> projections = new LinkedHashMap<>();
    private final Map<String, Parameter> typeEmbeddings = new LinkedHashMap<>();
    private final ModelConfig config;

    private final boolean passThrough;

    public InputProjection(GraphSchema schema, ModelConfig config) {
        this.config = config;
        this.passThrough = passesRawFeatures(schema, config);
        for (Map.Entry<String, Integer> e : schema.featureDims().entrySet()) {
            if (passThrough) {
                continue;
            }
            if (e.getValue() > 0) {
                projections.put(e.getKey(), addChild("in_" + e.getKey(), new Linear(e.getValue(), config.hidden(), true)));
            } else {
                typeEmbeddings.put(e.getKey(), addParameter("emb_" + e.getKey(), new Shape(config.hidden()),
                        new NormalInitializer(0.1f)));
            }
        }
    }

    /** Whether the encoder feeds raw features to its first layer (GAT on a single featured node type). */
    public static boolean passesRawFeatures(GraphSchema schema, ModelConfig config) {
        return config.backbone() == Backbone.GAT && schema.featureDims().size() == 1
                && schema.featureDims().values().iterator().next() > 0;
    }

    /** Hidden states per node type, shape (nodes, hidden), or the dropped-out raw features when passing them through. */
    public Map<String, NDArray> forward(GraphBatch batch, boolean training) {
        Map<String, NDArray> states = new LinkedHashMap<>();
        for (String type : batch.nodeTypes()) {
            if (passThrough) {
                states.put(type, Dropouts.apply(batch.input(type), config.dropout(), training));
                continue;
            }
            Linear projection = projections.get(type);
            NDArray h;
            if (projection != null) {
                NDArray x = Dropouts.apply(batch.input(type), config.dropout(), training);
                h = projection.forward(x);
                if (config.backbone() == Backbone.HGT) {
                    h = h.tanh();
                }
            } else {
                h = batch.manager().zeros(new Shape(batch.numNodes(type), config.hidden()))
                        .add(typeEmbeddings.get(type).getArray());
            }
            states.put(type, Dropouts.apply(h, config.dropout(), training));
        }
        return states;
    }
}
