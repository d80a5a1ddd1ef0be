package com.dipgnn.pretraining;

import com.dipgnn.model.TransformerConfig;

/**
 * Settings of the text generator / discriminator pair.
 *
 * @param transformer the shape of both Transformers (the paper's: 4 layers, width 128, 4 heads,
 *     feed-forward 512)
 * @param tokenMaskRatio share of each chosen text's word tokens that is masked (20%, as the paper)
 * @param maxTokensPerStep the most padded token positions per node type a step runs through the
 *     pair: of the nodes whose features are generated, texts are taken in random order while
 *     {@code texts × longest text} stays within it (at least one text; see
 *     {@link #DEFAULT_MAX_TOKENS_PER_STEP})
 */
public record TextPairConfig(TransformerConfig transformer, double tokenMaskRatio, int maxTokensPerStep) {

    /**
     * Default token budget per node type and step. The pair's cost grows with padded positions
     * (four Transformer layers in each network, and the generator's softmax over the vocabulary at
     * masked ones). 64 Debian descriptions padded to 128 ids took about 6 s per step on one CPU
     * thread against 0.27 s for the rest of the step; 2,048 positions (16 long descriptions, or
     * about 200 dblp titles) keep it near 1 s (figures in docs/pretraining.md).
     */
    public static final int DEFAULT_MAX_TOKENS_PER_STEP = 2048;

    public static final TextPairConfig PAPER_DEFAULT =
            new TextPairConfig(TransformerConfig.PAPER_DEFAULT, 0.2, DEFAULT_MAX_TOKENS_PER_STEP);

    public TextPairConfig {
        if (transformer == null) {
            throw new IllegalArgumentException("the text pair needs a Transformer configuration");
        }
        if (!(tokenMaskRatio > 0 && tokenMaskRatio < 1)) {
            throw new IllegalArgumentException("token mask ratio must be in (0, 1) (got " + tokenMaskRatio + ")");
        }
        if (maxTokensPerStep < 1) {
            throw new IllegalArgumentException("tokens per step must be at least 1 (got " + maxTokensPerStep + ")");
        }
    }
}
