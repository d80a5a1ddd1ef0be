package com.dipgnn.pretraining;

import com.dipgnn.naming.EnumNames;

/** How each pre-training loss term reduces over its items (edges, nodes, feature entries). */
public enum LossReduction {

    /**
     * Means: over masked edges, over E_g and E_u^d, over the feature width and the hidden nodes,
     * over the featured nodes; every term near 1 whatever the subgraph's size and feature width.
     */
    MEAN,

    /**
     * The paper's sums (its Eqs. 3, 5 and appendix): over masked edges, over E_g and E_u^d, of
     * squared error over the whole feature width and all hidden nodes, over all featured nodes.
     * Terms then weigh by their item counts: on Cora the feature regression outweighs the edge
     * generation about 1,400-fold more than under means.
     */
    SUM;

    private static final EnumNames<LossReduction> NAMES =
            EnumNames.of(LossReduction.class, "loss reduction").build();

    /** The CLI / API name. */
    public String cliName() {
        return NAMES.name(this);
    }

    /** Parses a CLI / API name, case-insensitively. */
    public static LossReduction parse(String name) {
        return NAMES.parse(name);
    }
}
