package com.dipgnn.pretraining;

/** Names of the figures a pre-training step reports (logs, manifests, reports). */
public final class PretrainMetrics {

    /** Total loss L = L_gen + lambda * L_disc. */
    public static final String LOSS = "loss";
    /** Edge generator's softmax cross-entropy over each masked edge's candidates. */
    public static final String GEN_EDGE_LOSS = "gen_edge_loss";
    /**
     * Feature generator's loss per hidden node: squared error per entry (regressed replacement) or
     * softmax cross-entropy over the pool of real vectors (sampled replacement).
     */
    public static final String GEN_FEATURE_LOSS = "gen_feature_loss";
    /** Share of hidden nodes whose own vector the feature generator picks (sampled replacement only). */
    public static final String GEN_FEATURE_ACCURACY = "gen_feature_accuracy";
    /** Share of featured nodes the discriminator sees with a replaced (different) vector. */
    public static final String FEATURE_REPLACED = "feature_replaced";
    /** Edge discriminator's binary cross-entropy on E_g and E_u^d. */
    public static final String DISC_EDGE_LOSS = "disc_edge_loss";
    /** Feature discriminator's binary cross-entropy over featured nodes. */
    public static final String DISC_FEATURE_LOSS = "disc_feature_loss";
    /** GAE's reconstruction loss. */
    public static final String GAE_LOSS = "gae_loss";
    /**
     * Share of the generated sources (the discriminator's generated edges) that are the true source:
     * the generator's top-1 accuracy when it picks its most likely candidate, lower when sources are
     * drawn from it or mixed with uniform draws.
     */
    public static final String GEN_ACCURACY = "gen_accuracy";
    /** Share of masked edges whose most likely candidate under the generator is the true source. */
    public static final String GEN_TOP1_ACCURACY = "gen_top1_accuracy";
    /** Edge discriminator's accuracy on E_g and E_u^d. */
    public static final String DISC_ACCURACY = "disc_accuracy";
    /** Feature discriminator's accuracy. */
    public static final String DISC_FEATURE_ACCURACY = "disc_feature_accuracy";
    /** Share of the subgraph's true edges the generator sees: |E_u| / |E|. */
    public static final String GEN_COVERAGE = "gen_coverage";
    /** Share the discriminator sees: (|E_u| + correctly generated) / |E|. */
    public static final String DISC_COVERAGE = "disc_coverage";
    /** disc_coverage / gen_coverage (the paper's Table 6 ratio). */
    public static final String COVERAGE_RATIO = "coverage_ratio";
    /** Text generator's softmax cross-entropy at masked token positions (summed over text types). */
    public static final String GEN_TEXT_LOSS = "gen_text_loss";
    /** Share of masked tokens the text generator predicts exactly. */
    public static final String GEN_TEXT_ACCURACY = "gen_text_accuracy";
    /** Text discriminator's binary cross-entropy over real tokens (summed over text types). */
    public static final String DISC_TEXT_LOSS = "disc_text_loss";
    /** Text discriminator's accuracy over real tokens. */
    public static final String DISC_TEXT_ACCURACY = "disc_text_accuracy";
    /** Share of the discriminator's real tokens that were replaced by a different token. */
    public static final String TEXT_REPLACED = "text_replaced";
    /**
     * Edge discriminator's trivial rate: the accuracy of a constant answer (the more common of its
     * labels), (1 + generator accuracy) / 2 with alpha = 1. {@link #DISC_ACCURACY} means something
     * only above it.
     */
    public static final String DISC_TRIVIAL_RATE = "disc_trivial_rate";
    /** {@link #DISC_ACCURACY} minus {@link #DISC_TRIVIAL_RATE}. */
    public static final String DISC_MARGIN = "disc_margin";
    /** Feature discriminator's trivial rate: the share of its more common label (1 - replaced share, mostly). */
    public static final String DISC_FEATURE_TRIVIAL_RATE = "disc_feature_trivial_rate";
    /** {@link #DISC_FEATURE_ACCURACY} minus {@link #DISC_FEATURE_TRIVIAL_RATE}. */
    public static final String DISC_FEATURE_MARGIN = "disc_feature_margin";
    /** Text discriminator's trivial rate over real tokens. */
    public static final String DISC_TEXT_TRIVIAL_RATE = "disc_text_trivial_rate";
    /** {@link #DISC_TEXT_ACCURACY} minus {@link #DISC_TEXT_TRIVIAL_RATE}. */
    public static final String DISC_TEXT_MARGIN = "disc_text_margin";
    /** Masked edges in the step. */
    public static final String MASKED_EDGES = "masked_edges";

    private PretrainMetrics() {}
}
