package com.dipgnn.model;

import com.dipgnn.naming.EnumNames;

/** The message-passing architecture of an encoder. */
public enum Backbone {
    /** Heterogeneous Graph Transformer (Hu et al., 2020): the paper's default. */
    HGT,
    /** Graph Attention Network (Velickovic et al., 2018). */
    GAT;

    private static final EnumNames<Backbone> NAMES =
            EnumNames.of(Backbone.class, "backbone").build();

    /** Parses {@code hgt} or {@code gat}, case-insensitively. */
    public static Backbone parse(String text) {
        return NAMES.parse(text);
    }
}
