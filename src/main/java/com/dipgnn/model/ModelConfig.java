package com.dipgnn.model;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import java.util.List;

/**
 * Architecture hyper-parameters of a graph encoder. Defaults are the paper's: HGT, 3 layers,
 * hidden 400, 8 heads, dropout 0.2; plus the node inputs of {@link NodeInputConfig#DEFAULT}.
 *
 * @param backbone the message-passing architecture
 * @param layers number of message-passing layers
 * @param hidden width of node states (a multiple of {@code heads})
 * @param heads attention heads
 * @param dropout dropout on inputs and layer outputs
 * @param attentionDropout dropout on attention weights (GAT uses it; 0 disables)
 * @param nodeInputs per-node embeddings and structural inputs
 * @param propagation the {@link Backbone#PROPAGATION} backbone's options (null: {@link
 *     PropagationConfig#DEFAULT}); the attention backbones ignore them
 */
public record ModelConfig(
        Backbone backbone,
        int layers,
        int hidden,
        int heads,
        double dropout,
        double attentionDropout,
        NodeInputConfig nodeInputs,
        PropagationConfig propagation) {

    public static final ModelConfig PAPER_DEFAULT = new ModelConfig(Backbone.HGT, 3, 400, 8, 0.2, 0.0);

    public ModelConfig {
        if (layers < 1) {
            throw new IllegalArgumentException("layers must be at least 1, got " + layers);
        }
        if (heads < 1 || hidden < heads || hidden % heads != 0) {
            throw new IllegalArgumentException(
                    "hidden (" + hidden + ") must be a positive multiple of heads (" + heads + ")");
        }
        if (dropout < 0 || dropout >= 1 || attentionDropout < 0 || attentionDropout >= 1) {
            throw new IllegalArgumentException("dropout rates must be in [0, 1)");
        }
        if (nodeInputs == null) {
            throw new IllegalArgumentException("node inputs must be given (NodeInputConfig.DEFAULT for the defaults)");
        }
        propagation = propagation == null ? PropagationConfig.DEFAULT : propagation;
    }

    /** An architecture with the default propagation options ({@link PropagationConfig#DEFAULT}). */
    public ModelConfig(
            Backbone backbone,
            int layers,
            int hidden,
            int heads,
            double dropout,
            double attentionDropout,
            NodeInputConfig nodeInputs) {
        this(backbone, layers, hidden, heads, dropout, attentionDropout, nodeInputs, PropagationConfig.DEFAULT);
    }

    /** An architecture with the default node inputs ({@link NodeInputConfig#DEFAULT}). */
    public ModelConfig(Backbone backbone, int layers, int hidden, int heads, double dropout, double attentionDropout) {
        this(backbone, layers, hidden, heads, dropout, attentionDropout, NodeInputConfig.DEFAULT);
    }

    public ModelConfig withBackbone(Backbone b) {
        return new ModelConfig(b, layers, hidden, heads, dropout, attentionDropout, nodeInputs, propagation);
    }

    /** This architecture at another hidden width (a multiple of the heads). */
    public ModelConfig withHidden(int width) {
        return new ModelConfig(backbone, layers, width, heads, dropout, attentionDropout, nodeInputs, propagation);
    }

    public ModelConfig withDropout(double d) {
        return new ModelConfig(backbone, layers, hidden, heads, d, attentionDropout, nodeInputs, propagation);
    }

    public ModelConfig withNodeInputs(NodeInputConfig inputs) {
        return new ModelConfig(backbone, layers, hidden, heads, dropout, attentionDropout, inputs, propagation);
    }

    public ModelConfig withPropagation(PropagationConfig p) {
        return new ModelConfig(backbone, layers, hidden, heads, dropout, attentionDropout, nodeInputs, p);
    }

    public int headDim() {
        return hidden / heads;
    }

    /**
     * This model where every node of {@code relation}'s two types is seen in training (an edge split
     * of the link task): {@code auto} node inputs give those types a row per node and their
     * log-degrees, with or without features, as recommenders give every user and item an id vector
     * (features alone cannot tell two users of the same profile apart, and the degree is the
     * popularity a ranking leans on); explicit choices are kept. Returns this model when nothing changes.
     *
     * @param graph the graph the model reads (its text-derived inputs added)
     */
    public ModelConfig withEveryNodeOf(HeteroGraph graph, RelationType relation) {
        NodeInputConfig resolved = nodeInputs.withEveryNodeSeen(
                GraphSchema.of(graph, nodeInputs).featureDims(), List.of(relation.source(), relation.target()));
        return resolved.equals(nodeInputs) ? this : withNodeInputs(resolved);
    }
}
