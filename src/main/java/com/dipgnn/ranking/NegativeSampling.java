package com.dipgnn.ranking;

import com.dipgnn.naming.EnumNames;

/** Where a training step's negatives come from. */
public enum NegativeSampling {
    /**
     * Items drawn uniformly among those the user has no training interaction with. The GNN's link
     * task draws a pool of them per step, shared by the step's anchors, and also ranks each anchor's
     * positive against the step's other positives (a mixed pool, as in mixed negative sampling); the
     * baseline recommenders use the uniform pool alone.
     */
    UNIFORM,
    /** The other positives of the same batch (popularity-weighted, free to compute). */
    IN_BATCH,
    /**
     * The GNN link task's {@link #UNIFORM} pool with the log-Q correction of sampled softmax (Yi et
     * al., RecSys 2019): each candidate's logit is lowered by the log of its probability to be in a
     * step's pool, so that the items the other positives bring in most often, the popular ones, are
     * not pushed down for being sampled often. Training only; scores are used as they are.
     */
    UNIFORM_LOGQ;

    private static final EnumNames<NegativeSampling> NAMES = EnumNames.of(NegativeSampling.class, "negative sampling")
            .alias(IN_BATCH, "inbatch", "batch")
            .note(UNIFORM_LOGQ, "the GNN's link task")
            .build();

    /** The name the command line and the API take ({@link #parse} reads it back). */
    public String cliName() {
        return NAMES.name(this);
    }

    /** Parses a command-line / API name, case-insensitively. */
    public static NegativeSampling parse(String text) {
        return NAMES.parse(text);
    }
}
