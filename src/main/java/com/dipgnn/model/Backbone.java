package com.dipgnn.model;

import com.dipgnn.naming.EnumNames;

/** The message-passing architecture of an encoder. */
public enum Backbone {
    /** Heterogeneous Graph Transformer (Hu et al., 2020): the paper's default. */
    HGT,
    /** Graph Attention Network (Velickovic et al., 2018). */
    GAT,
    /**
     * Symmetric-normalised propagation without attention ({@link PropagationLayer}): LightGCN (He
     * et al., 2020), or GCN-like with per-layer weights ({@link PropagationConfig}); it keeps no
     * per-edge arrays, so a whole graph costs O(edges + nodes x hidden).
     */
    PROPAGATION;

    private static final EnumNames<Backbone> NAMES =
            EnumNames.of(Backbone.class, "backbone").build();

    /** Parses {@code hgt}, {@code gat} or {@code propagation}, case-insensitively. */
    public static Backbone parse(String text) {
        return NAMES.parse(text);
    }
}
