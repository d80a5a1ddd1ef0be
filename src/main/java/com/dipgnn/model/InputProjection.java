package com.dipgnn.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Parameter;
import ai.djl.training.initializer.NormalInitializer;
import com.dipgnn.graph.RelationType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Maps each node type's inputs to the hidden width, summing what the type has: its dropped-out
 * raw features through a type-specific linear map, its structural inputs (log-degrees) through
 * another, and its per-node embeddings ({@link NodeEmbeddingInput}); then, for HGT as in GPT-GNN,
 * tanh, and dropout. A featureless type with none of these gets one learned type embedding shared
 * by all its nodes (the only input of featureless types before per-node inputs existed).
 *
 * <p>A GAT encoder on a graph with a single featured node type and no other inputs skips the
 * linear map, as the GAT paper does: its first attention layer projects the (dropped-out) raw
 * features itself.
 */
public final class InputProjection extends GraphModule {

    /**
     * Initial scale of the structural weights: log-degrees are large (1 to 10) and shared by many
     * nodes, so a Xavier-sized map would swamp the per-node embeddings and saturate tanh.
     */
    private static final float STRUCTURAL_INIT_STD = 0.01f;

    private final Map<String, Linear> projections = new LinkedHashMap<>();
    private final Map<String, Parameter> typeEmbeddings = new LinkedHashMap<>();
    private final Map<String, Linear> structural = new LinkedHashMap<>();
    private final Map<String, List<RelationType>> structuralRelations = new LinkedHashMap<>();
    private final Map<String, NodeEmbeddingInput> nodeEmbeddings = new LinkedHashMap<>();
    private final ModelConfig config;

    private final boolean passThrough;

    /** An input layer without embedding tables (nodes of embedding types read the unknown vector). */
    public InputProjection(GraphSchema schema, ModelConfig config) {
        this(schema, config, Map.of());
    }

    /**
     * @param idSpaces the id space of each type's embedding table; a selected type that is absent
     *     gets no table
     */
    public InputProjection(GraphSchema schema, ModelConfig config, Map<String, NodeIdSpace> idSpaces) {
        this.config = config;
        this.passThrough = passesRawFeatures(schema, config);
        if (passThrough) {
            return;
        }
        Set<String> embedded = config.nodeInputs().embeddings().resolve(schema.featureDims());
        int width = config.nodeInputs().width(config.hidden());
        for (Map.Entry<String, Integer> e : schema.featureDims().entrySet()) {
            String type = e.getKey();
            if (e.getValue() > 0) {
                projections.put(type, addChild("in_" + type, new Linear(e.getValue(), config.hidden(), true)));
            }
            addStructural(schema, type);
            if (embedded.contains(type)) {
                nodeEmbeddings.put(
                        type,
                        addChild(
                                "node_" + type,
                                new NodeEmbeddingInput(
                                        type,
                                        width,
                                        config.hidden(),
                                        idSpaces.get(type),
                                        config.nodeInputs().rowDropout())));
            }
            if (e.getValue() == 0 && !structural.containsKey(type) && !nodeEmbeddings.containsKey(type)) {
                typeEmbeddings.put(
                        type, addParameter("emb_" + type, new Shape(config.hidden()), new NormalInitializer(0.1f)));
            }
        }
    }

    private void addStructural(GraphSchema schema, String type) {
        int width = schema.structuralDims().get(type);
        if (width == 0) {
            return;
        }
        List<RelationType> relations = schema.relationsFrom(type);
        if (relations.size() != width) {
            throw new IllegalArgumentException("node type '" + type + "' has " + width + " structural inputs in the "
                    + "schema but " + relations.size() + " relations leave it");
        }
        structuralRelations.put(type, relations);
        structural.put(
                type,
                addChild(
                        "struct_" + type,
                        new Linear(width, config.hidden(), true, new NormalInitializer(STRUCTURAL_INIT_STD))));
    }

    /**
     * Whether the encoder feeds raw features to its first layer (GAT on a single featured node type
     * with neither per-node embeddings nor structural inputs).
     */
    public static boolean passesRawFeatures(GraphSchema schema, ModelConfig config) {
        if (config.backbone() != Backbone.GAT || schema.featureDims().size() != 1) {
            return false;
        }
        String type = schema.nodeTypes().get(0);
        return schema.featureDims().get(type) > 0
                && schema.structuralDims().get(type) == 0
                && config.nodeInputs()
                        .embeddings()
                        .resolve(schema.featureDims())
                        .isEmpty();
    }

    /** Hidden states per node type, shape (nodes, hidden), or the dropped-out raw features when passing them through. */
    public Map<String, NDArray> forward(GraphBatch batch, boolean training) {
        Map<String, NDArray> states = new LinkedHashMap<>();
        for (String type : batch.nodeTypes()) {
            if (passThrough) {
                states.put(type, Dropouts.apply(batch.input(type), config.dropout(), training));
                continue;
            }
            NDArray h = inputs(batch, type, training);
            if (h == null) {
                h = batch.manager()
                        .zeros(new Shape(batch.numNodes(type), config.hidden()))
                        .add(typeEmbeddings.get(type).getArray());
            } else if (config.backbone() == Backbone.HGT) {
                h = h.tanh();
            }
            states.put(type, Dropouts.apply(h, config.dropout(), training));
        }
        return states;
    }

    /** The sum of the type's projected features, structural inputs and node embeddings; null when it has none. */
    private NDArray inputs(GraphBatch batch, String type, boolean training) {
        NDArray sum = null;
        Linear projection = projections.get(type);
        if (projection != null) {
            sum = projection.forward(Dropouts.apply(batch.input(type), config.dropout(), training));
        }
        Linear degrees = structural.get(type);
        if (degrees != null) {
            sum = plus(sum, degrees.forward(batch.structural(type, structuralRelations.get(type))));
        }
        NodeEmbeddingInput embeddings = nodeEmbeddings.get(type);
        if (embeddings != null) {
            sum = plus(sum, embeddings.forward(batch, training));
        }
        return sum;
    }

    private static NDArray plus(NDArray sum, NDArray term) {
        return sum == null ? term : sum.add(term);
    }

    /** The per-node embedding table of each type that has one. */
    public Map<String, NodeEmbeddingTable> nodeTables() {
        Map<String, NodeEmbeddingTable> out = new LinkedHashMap<>();
        nodeEmbeddings.forEach((type, input) -> {
            if (input.table() != null) {
                out.put(type, input.table());
            }
        });
        return out;
    }
}
