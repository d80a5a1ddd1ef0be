package com.dipgnn.ranking;

import java.util.Locale;

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
    IN_BATCH;

    public static NegativeSampling parse(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "uniform" -> UNIFORM;
            case "in-batch", "inbatch", "batch" -> IN_BATCH;
            default -> throw new IllegalArgumentException("unknown negative sampling '" + text
                    + "': use uniform or in-batch");
        };
    }
}
