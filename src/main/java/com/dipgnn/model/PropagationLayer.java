package com.dipgnn.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Activation;
import com.dipgnn.graph.RelationType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A propagation layer of the {@link Backbone#PROPAGATION} backbone (LightGCN, He et al., 2020;
 * GCN-like with weights): per relation {@code r} into a node type, the sources' states multiplied
 * by the relation's symmetric-normalised adjacency {@code D^-1/2 A_r D^-1/2} ({@link
 * NormalisedAdjacency}), and the mean over the schema's relations into the type (a relation
 * without edges in the batch adds zeros; on a user-item graph each type has one relation in, so
 * this is LightGCN's propagation). No self loops: a node's own state reaches the output through
 * the combination of layers. With {@link PropagationConfig#layerWeights} the states are first
 * multiplied by this layer's (hidden x hidden) matrix, and every layer but the last applies ReLU.
 *
 * <p>The encoder's output combines the states of layers 0..L ({@link
 * PropagationConfig#combination}); so that each layer's output is still a function of the states
 * below alone (what layer-wise inference needs), a layer below the last outputs its new state and
 * the running sum of the states so far side by side, (nodes x 2 hidden), and the last layer
 * outputs the combination, (nodes x hidden). A layer costs O(edges + nodes x hidden) memory and
 * time, and keeps no (edges x hidden) array.
 */
public final class PropagationLayer extends EncoderLayer {

    private final int hidden;
    private final boolean first;
    private final boolean last;
    private final int layers;
    private final PropagationConfig options;
    private final Linear weight;
    /** Per node type, the schema's relations into it. */
    private final Map<String, List<RelationType>> relationsInto = new LinkedHashMap<>();

    /**
     * @param schema the node types and relations
     * @param config the architecture (hidden width, layer count, propagation options)
     * @param index this layer's index, 0 for the first
     */
    public PropagationLayer(GraphSchema schema, ModelConfig config, int index) {
        if (index < 0 || index >= config.layers()) {
            throw new IllegalArgumentException("layer index " + index + " outside [0, " + config.layers() + ")");
        }
        this.hidden = config.hidden();
        this.layers = config.layers();
        this.first = index == 0;
        this.last = index == config.layers() - 1;
        this.options = config.propagation();
        this.weight = options.layerWeights() ? addChild("w", new Linear(hidden, hidden, false)) : null;
        for (String type : schema.nodeTypes()) {
            relationsInto.put(
                    type,
                    schema.relations().stream()
                            .filter(r -> r.target().equals(type))
                            .toList());
        }
    }

    @Override
    public Map<String, NDArray> forward(GraphBatch batch, Map<String, NDArray> states, boolean training) {
        Map<String, NDArray> current = new LinkedHashMap<>();
        Map<String, NDArray> sums = new LinkedHashMap<>();
        for (Map.Entry<String, NDArray> e : states.entrySet()) {
            NDArray state = e.getValue();
            NDArray h = first ? state : state.get(":, 0:" + hidden);
            current.put(e.getKey(), weight == null ? h : weight.forward(h));
            sums.put(e.getKey(), first ? state : state.get(":, " + hidden + ":"));
        }
        Map<String, NDArray> output = new LinkedHashMap<>();
        for (String type : batch.nodeTypes()) {
            NDArray next = propagate(batch, type, current);
            if (weight != null && !last) {
                next = Activation.relu(next);
            }
            NDArray sum = sums.get(type).add(next);
            output.put(type, last ? combine(sum) : next.concat(sum, 1));
        }
        return output;
    }

    /** The mean over the schema's relations into {@code type} of each relation's normalised propagation. */
    private NDArray propagate(GraphBatch batch, String type, Map<String, NDArray> current) {
        List<RelationType> into = relationsInto.getOrDefault(type, List.of());
        NDArray total = null;
        for (RelationType r : into) {
            NormalisedAdjacency adjacency = batch.normalisedAdjacency(r);
            if (adjacency != null) {
                NDArray part = adjacency.times(current.get(r.source()));
                total = total == null ? part : total.add(part);
            }
        }
        if (total == null) {
            return batch.manager().zeros(new Shape(batch.numNodes(type), hidden));
        }
        return into.size() == 1 ? total : ScalarOps.div(total, into.size());
    }

    /** The encoder's output from the sum of the states of layers 0..L. */
    private NDArray combine(NDArray sum) {
        return options.combination() == PropagationConfig.LayerCombination.MEAN ? ScalarOps.div(sum, layers + 1) : sum;
    }
}
