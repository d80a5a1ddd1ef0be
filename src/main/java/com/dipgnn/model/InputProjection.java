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
 */
public final class InputProjection extends GraphModule {

    private final Map<String, Linear> projections = new LinkedHashMap<>();
    private final Map<String, Parameter> typeEmbeddings = new LinkedHashMap<>();
    private final ModelConfig config;

    public InputProjection(GraphSchema schema, ModelConfig config) {
        this.config = config;
        for (Map.Entry<String, Integer> e : schema.featureDims().entrySet()) {
            if (e.getValue() > 0) {
                projections.put(e.getKey(), addChild("in_" + e.getKey(), new Linear(e.getValue(), config.hidden(), true)));
            } else {
                typeEmbeddings.put(e.getKey(), addParameter("emb_" + e.getKey(), new Shape(config.hidden()),
                        new NormalInitializer(0.1f)));
            }
        }
    }

    /** Hidden states per node type, shape (nodes, hidden). */
    public Map<String, NDArray> forward(GraphBatch batch, boolean training) {
        Map<String, NDArray> states = new LinkedHashMap<>();
        for (String type : batch.nodeTypes()) {
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
