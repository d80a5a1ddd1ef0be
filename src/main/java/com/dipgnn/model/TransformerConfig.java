package com.dipgnn.model;

/**
 * Shape of a small bidirectional Transformer encoder (the paper's text generator and
 * discriminator: 4 layers, embedding 128, feed-forward 512).
 *
 * @param width embedding width
 * @param layers encoder layers
 * @param heads attention heads (width must be a multiple)
 * @param feedForward hidden width of each layer's feed-forward block
 * @param dropout dropout on attention outputs and feed-forward outputs while training
 */
public record TransformerConfig(int width, int layers, int heads, int feedForward, double dropout) {

    /** The paper's text Transformer: 4 layers, width 128, 4 heads, feed-forward 512, dropout 0.1. */
    public static final TransformerConfig PAPER_DEFAULT = new TransformerConfig(128, 4, 4, 512, 0.1);

    public TransformerConfig {
        if (width < 1 || layers < 1 || heads < 1 || feedForward < 1) {
            throw new IllegalArgumentException("width, layers, heads and feedForward must be at least 1; got " + width
                    + ", " + layers + ", " + heads + ", " + feedForward);
        }
        if (width % heads != 0) {
            throw new IllegalArgumentException("width " + width + " is not a multiple of heads " + heads);
        }
        if (dropout < 0 || dropout >= 1) {
            throw new IllegalArgumentException("dropout must be in [0, 1); got " + dropout);
        }
    }
}
