package com.dipgnn.model;

import ai.djl.ndarray.NDArray;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A graph neural network: an input projection per node type, then a stack of layers of the
 * chosen backbone (message passing with attention, or normalised propagation). Produces a hidden-width embedding for every node of a batch.
 * Per-node embedding tables exist only when the encoder is built with the id spaces they index.
 */
public final class GraphEncoder extends GraphModule {

    private final GraphSchema schema;
    private final ModelConfig config;
    private final InputProjection input;
    private final List<EncoderLayer> layers = new ArrayList<>();

    /** An encoder without per-node embedding tables (their nodes read the unknown vectors). */
    public GraphEncoder(GraphSchema schema, ModelConfig config) {
        this(schema, config, Map.of());
    }

    /**
     * An encoder whose per-node embedding tables (for the types {@code config} selects) index the
     * given id spaces, typically {@link NodeIdSpace#of} the graph it trains on.
     */
    public GraphEncoder(GraphSchema schema, ModelConfig config, Map<String, NodeIdSpace> idSpaces) {
        this.schema = schema;
        this.config = config;
        this.input = addChild("input", new InputProjection(schema, config, idSpaces));
        for (int i = 0; i < config.layers(); i++) {
            EncoderLayer layer = switch (config.backbone()) {
                case HGT -> new HgtLayer(schema.nodeTypes(), schema.relations(), config);
                case GAT ->
                    new GatLayer(
                            i == 0 && InputProjection.passesRawFeatures(schema, config)
                                    ? schema.featureDims().values().iterator().next()
                                    : config.hidden(),
                            config,
                            i == config.layers() - 1);
                case PROPAGATION -> new PropagationLayer(schema, config, i);
            };
            layers.add(addChild("layer" + i, layer));
        }
    }

    /** Embeddings per node type, shape (nodes, hidden), in the batch's local node order. */
    public Map<String, NDArray> forward(GraphBatch batch, boolean training) {
        Map<String, NDArray> states = inputStates(batch, training);
        for (EncoderLayer layer : layers) {
            states = layer.forward(batch, states, training);
        }
        return states;
    }

    /**
     * The states the first layer reads: the input projection of every node of the batch (layer by
     * layer inference runs {@link #layers()} on them itself).
     */
    public Map<String, NDArray> inputStates(GraphBatch batch, boolean training) {
        return input.forward(batch, training);
    }

    public GraphSchema schema() {
        return schema;
    }

    public ModelConfig config() {
        return config;
    }

    /** The per-node embedding table of each type that has one, by type. */
    public Map<String, NodeEmbeddingTable> nodeTables() {
        return input.nodeTables();
    }

    public List<EncoderLayer> layers() {
        return List.copyOf(layers);
    }
}
