package com.dipgnn.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Activation;
import ai.djl.nn.Parameter;
import ai.djl.training.initializer.ConstantInitializer;
import ai.djl.training.initializer.XavierInitializer;
import com.dipgnn.graph.RelationType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A Heterogeneous Graph Transformer layer (Hu et al., 2020): type-specific key, query, value and
 * output projections; relation-specific attention and message matrices per head and a
 * relation prior per head; softmax over each destination's in-edges of every relation; GELU,
 * output projection, dropout, a residual mixed in by a learnable skip gate, and layer norm.
 */
public final class HgtLayer extends MessagePassingLayer<HgtLayer.KeyQueryValue> {

    private final int hidden;
    private final double dropout;
    private final double scale;
    /** Key, query and value projections of a type, fused into one (3 hidden x hidden) product. */
    private final Map<String, Linear> keyQueryValue = new LinkedHashMap<>();

    private final Map<String, Linear> outputs = new LinkedHashMap<>();
    private final Map<String, Parameter> skips = new LinkedHashMap<>();
    private final Map<String, LayerNorm> norms = new LinkedHashMap<>();
    private final Map<RelationType, Parameter> relationAttention = new LinkedHashMap<>();
    private final Map<RelationType, Parameter> relationMessage = new LinkedHashMap<>();
    private final Map<RelationType, Parameter> relationPrior = new LinkedHashMap<>();

    public HgtLayer(List<String> nodeTypes, List<RelationType> relations, ModelConfig config) {
        super(config.heads(), config.headDim());
        this.hidden = config.hidden();
        this.dropout = config.dropout();
        this.scale = 1.0 / Math.sqrt(config.headDim());
        for (String type : nodeTypes) {
            keyQueryValue.put(type, addChild("kqv_" + type, new Linear(hidden, 3 * hidden, true)));
            outputs.put(type, addChild("a_" + type, new Linear(hidden, hidden, true)));
            skips.put(type, addParameter("skip_" + type, new Shape(1), new ConstantInitializer(1f)));
            norms.put(type, addChild("norm_" + type, new LayerNorm(hidden)));
        }
        Shape perHead = new Shape(config.heads(), config.headDim(), config.headDim());
        for (RelationType r : relations) {
            relationAttention.put(r, addParameter("att_" + r.key(), perHead, new XavierInitializer()));
            relationMessage.put(r, addParameter("msg_" + r.key(), perHead, new XavierInitializer()));
            relationPrior.put(
                    r, addParameter("pri_" + r.key(), new Shape(config.heads()), new ConstantInitializer(1f)));
        }
    }

    @Override
    protected boolean selfLoops() {
        return false;
    }

    @Override
    protected double attentionDropout() {
        return 0;
    }

    /**
     * A node type's projection.
     *
     * @param key keys, heads first: (heads, nodes, headDim)
     * @param query queries: (nodes, heads, headDim)
     * @param value values, heads first: (heads, nodes, headDim)
     */
    record KeyQueryValue(NDArray key, NDArray query, NDArray value) {}

    @Override
    protected Map<String, KeyQueryValue> project(GraphBatch batch, Map<String, NDArray> states, boolean training) {
        Map<String, KeyQueryValue> projected = new LinkedHashMap<>();
        for (Map.Entry<String, NDArray> e : states.entrySet()) {
            String type = e.getKey();
            NDArray h = e.getValue();
            long n = h.getShape().get(0);
            NDList fused = keyQueryValue.get(type).forward(h).split(3, 1); // key, query, value columns
            NDArray key = fused.get(0);
            NDArray query = fused.get(1);
            NDArray value = fused.get(2);
            projected.put(
                    type,
                    new KeyQueryValue(headsFirst(key, n), query.reshape(n, heads(), headDim()), headsFirst(value, n)));
        }
        return projected;
    }

    /** (n, hidden) to (heads, n, headDim), ready for per-head matrix products. */
    private NDArray headsFirst(NDArray x, long n) {
        return x.reshape(n, heads(), headDim()).transpose(1, 0, 2);
    }

    @Override
    protected Messages message(RelationEdges edges, Map<String, KeyQueryValue> projected, boolean training) {
        RelationType r = edges.relation();
        KeyQueryValue source = projected.get(edges.sourceType());
        KeyQueryValue target = projected.get(edges.targetType());
        NDArray keyR =
                source.key().batchMatMul(relationAttention.get(r).getArray()).transpose(1, 0, 2);
        NDArray valueR =
                source.value().batchMatMul(relationMessage.get(r).getArray()).transpose(1, 0, 2);
        NDArray k = GraphOps.gatherToEdges(keyR, edges.src());
        NDArray q = GraphOps.gatherToEdges(target.query(), edges.dst());
        NDArray logits = k.mul(q).sum(new int[] {2}).mul(relationPrior.get(r).getArray());
        logits = ScalarOps.mul(logits, scale);
        return new Messages(logits, valueR, edges.src());
    }

    @Override
    protected NDArray update(String type, NDArray aggregated, NDArray previous, boolean training) {
        NDArray transformed = outputs.get(type).forward(Activation.gelu(aggregated));
        transformed = Dropouts.apply(transformed, dropout, training);
        NDArray gate = Scopes.into(Activation.sigmoid(skips.get(type).getArray()), aggregated.getManager());
        NDArray mixed = transformed.mul(gate).add(previous.mul(gate.neg().add(1f)));
        return norms.get(type).forward(mixed);
    }
}
