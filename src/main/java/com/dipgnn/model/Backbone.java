package com.dipgnn.model;

import java.util.Locale;

/** The message-passing architecture of an encoder. */
public enum Backbone {
    /** Heterogeneous Graph Transformer (Hu et al., 2020): the paper's default. */
    HGT,
    /** Graph Attention Network (Velickovic et al., 2018). */
    GAT;

    public static Backbone parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown backbone '" + text + "': use hgt or gat", e);
        }
    }
}
