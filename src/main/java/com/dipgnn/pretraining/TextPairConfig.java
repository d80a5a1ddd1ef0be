package com.dipgnn.pretraining;

import com.dipgnn.model.TransformerConfig;

/**
 * Settings of the text generator / discriminator pair.
 *
 * @param transformer the shape of both Transformers (the paper's: 4 layers, width 128, 4 heads,
 *     feed-forward 512)
 * @param tokenMaskRatio share of each chosen text's word tokens that is masked (20%, as the paper)
 * @param maxTextsPerStep the most texts per node type a step generates and discriminates (the nodes
 *     whose features are generated, capped; see {@link #DEFAULT_MAX_TEXTS_PER_STEP})
 */
public record TextPairConfig(TransformerConfig transformer, double tokenMaskRatio, int maxTextsPerStep) {

    /**
     * Default cap on texts per node type and step. The generator's softmax runs over the whole
     * vocabulary at every masked position; 64 Debian descriptions (about 13 masked ids each) keep
     * that product near the size of the GNN's own step on two CPU cores (figures in
     * docs/pretraining.md).
     */
    public static final int DEFAULT_MAX_TEXTS_PER_STEP = 64;

    public static final TextPairConfig PAPER_DEFAULT = new TextPairConfig(TransformerConfig.PAPER_DEFAULT, 0.2,
            DEFAULT_MAX_TEXTS_PER_STEP);

    public TextPairConfig {
        if (transformer == null) {
            throw new IllegalArgumentException("the text pair needs a Transformer configuration");
        }
        if (!(tokenMaskRatio > 0 && tokenMaskRatio < 1)) {
            throw new IllegalArgumentException("token mask ratio must be in (0, 1) (got " + tokenMaskRatio + ")");
        }
        if (maxTextsPerStep < 1) {
            throw new IllegalArgumentException("texts per step must be at least 1 (got " + maxTextsPerStep + ")");
        }
    }
}
