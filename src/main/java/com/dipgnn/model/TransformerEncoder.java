package com.dipgnn.model;

import ai.djl.ndarray.NDArray;

/**
 * A stack of {@link TransformerLayer}s: the bidirectional encoder of the text generator and
 * discriminator. Inputs are already embedded (token embedding plus whatever the caller adds);
 * padded positions are masked out of every attention.
 */
public final class TransformerEncoder extends GraphModule {

    private final TransformerConfig config;
    private final TransformerLayer[] layers;

    public TransformerEncoder(TransformerConfig config) {
        this.config = config;
        this.layers = new TransformerLayer[config.layers()];
        for (int i = 0; i < layers.length; i++) {
            layers[i] = addChild("layer" + i, new TransformerLayer(config));
        }
    }

    /**
     * @param x (batch, length, width) embedded tokens
     * @param mask (batch, length): 1 for real tokens, 0 for padding
     * @param training whether dropout is active
     * @return (batch, length, width) contextual token representations
     */
    public NDArray forward(NDArray x, NDArray mask, boolean training) {
        NDArray h = x;
        for (TransformerLayer layer : layers) {
            h = layer.forward(h, mask, training);
        }
        return h;
    }

    public TransformerConfig config() {
        return config;
    }
}
