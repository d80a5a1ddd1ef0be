package com.dipgnn.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Activation;
import ai.djl.nn.Parameter;
import ai.djl.training.initializer.ConstantInitializer;
import ai.djl.training.initializer.XavierInitializer;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A Graph Attention layer (Velickovic et al., 2018): one shared projection, attention logit
 * LeakyReLU_0.2(a_dst . z_i + a_src . z_j) per head over each node's in-edges and a self loop,
 * heads concatenated, bias, then ELU and dropout unless it is the last layer. Relations are all
 * treated alike (GAT has no notion of edge type).
 */
public final class GatLayer extends MessagePassingLayer<GatLayer.Projected> {

    private static final float NEGATIVE_SLOPE = 0.2f;

    private final Linear projection;
    private final Parameter attentionSource;
    private final Parameter attentionTarget;
    private final Parameter bias;
    private final ModelConfig config;
    private final boolean last;

    /**
     * @param inputDim width of the incoming node states (the hidden width, or the raw feature
     *     width for a first layer without input projection)
     * @param config the architecture
     * @param last whether this is the encoder's last layer (no activation and dropout after it)
     */
    public GatLayer(int inputDim, ModelConfig config, boolean last) {
        super(config.heads(), config.headDim());
        this.config = config;
        this.last = last;
        this.projection = addChild("w", new Linear(inputDim, config.hidden(), false));
        Shape perHead = new Shape(config.heads(), config.headDim());
        this.attentionSource = addParameter("att_src", perHead, new XavierInitializer());
        this.attentionTarget = addParameter("att_dst", perHead, new XavierInitializer());
        this.bias = addParameter("bias", new Shape(config.hidden()), new ConstantInitializer(0f));
    }

    @Override
    protected boolean selfLoops() {
        return true;
    }

    @Override
    protected double attentionDropout() {
        return config.attentionDropout();
    }

    /**
     * A node type's projection.
     *
     * @param z the projected states, (nodes, heads, headDim)
     * @param sourceScore each node's attention term as a source, (nodes, heads)
     * @param targetScore each node's attention term as a target, (nodes, heads)
     */
    record Projected(NDArray z, NDArray sourceScore, NDArray targetScore) {}

    @Override
    protected Map<String, Projected> project(GraphBatch batch, Map<String, NDArray> states, boolean training) {
        Map<String, Projected> projected = new LinkedHashMap<>();
        for (Map.Entry<String, NDArray> e : states.entrySet()) {
            NDArray h = e.getValue();
            NDArray z = projection.forward(h).reshape(h.getShape().get(0), heads(), headDim());
            NDArray scoreSrc = z.mul(attentionSource.getArray()).sum(new int[] {2});
            NDArray scoreDst = z.mul(attentionTarget.getArray()).sum(new int[] {2});
            projected.put(e.getKey(), new Projected(z, scoreSrc, scoreDst));
        }
        return projected;
    }

    @Override
    protected Messages message(RelationEdges edges, Map<String, Projected> projected, boolean training) {
        Projected source = projected.get(edges.sourceType());
        Projected target = projected.get(edges.targetType());
        NDArray logits = GraphOps.gatherToEdges(source.sourceScore(), edges.src())
                .add(GraphOps.gatherToEdges(target.targetScore(), edges.dst()));
        logits = Activation.leakyRelu(logits, NEGATIVE_SLOPE);
        return new Messages(logits, source.z(), edges.src());
    }

    @Override
    protected NDArray update(String type, NDArray aggregated, NDArray previous, boolean training) {
        NDArray out = aggregated.add(bias.getArray());
        if (last) {
            return out;
        }
        return Dropouts.apply(Activation.elu(out, 1f), config.dropout(), training);
    }
}
