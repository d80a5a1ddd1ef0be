package com.dipgnn.model;

import ai.djl.ndarray.NDArray;
import ai.djl.nn.Activation;

/**
 * One post-norm Transformer encoder layer (as in BERT and ELECTRA): self-attention, then a GELU
 * feed-forward block, each with dropout, a residual connection and layer normalisation.
 */
public final class TransformerLayer extends GraphModule {

    private final SelfAttention attention;
    private final LayerNorm attentionNorm;
    private final Linear expand;
    private final Linear contract;
    private final LayerNorm outputNorm;
    private final double dropout;

    public TransformerLayer(TransformerConfig config) {
        this.attention = addChild("attention", new SelfAttention(config.width(), config.heads()));
        this.attentionNorm = addChild("attention_norm", new LayerNorm(config.width()));
        this.expand = addChild("expand", new Linear(config.width(), config.feedForward(), true));
        this.contract = addChild("contract", new Linear(config.feedForward(), config.width(), true));
        this.outputNorm = addChild("output_norm", new LayerNorm(config.width()));
        this.dropout = config.dropout();
    }

    /** (batch, length, width) to the same shape; {@code mask} is (batch, length), 1 for real tokens. */
    public NDArray forward(NDArray x, NDArray mask, boolean training) {
        NDArray attended = attentionNorm.forward(x.add(Dropouts.apply(attention.forward(x, mask), dropout, training)));
        NDArray hidden = Activation.gelu(expand.forward(attended));
        return outputNorm.forward(attended.add(Dropouts.apply(contract.forward(hidden), dropout, training)));
    }
}
