package com.dipgnn.graph.io;

/**
 * Options of the graph loaders.
 *
 * @param loadText whether to keep the free text of the nodes (titles, descriptions); text can
 *     take more memory than the whole graph structure, so leave it out when no model reads it
 */
public record LoadOptions(boolean loadText) {

    /** Everything loaded, text included. */
    public static LoadOptions defaults() {
        return new LoadOptions(true);
    }

    /** Everything but node text. */
    public static LoadOptions withoutText() {
        return new LoadOptions(false);
    }
}
