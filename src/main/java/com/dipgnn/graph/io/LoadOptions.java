package com.dipgnn.graph.io;

/**
 * Options of the graph loaders.
 *
 * @param loadText whether to keep the free text of the nodes (titles, descriptions); text can
 *     take more memory than the whole graph structure, so leave it out when no model reads it
 * @param limits the most the files may ask the loader to hold
 */
public record LoadOptions(boolean loadText, InputLimits limits) {

    /** Options with the {@link InputLimits#DEFAULT default limits}. */
    public LoadOptions(boolean loadText) {
        this(loadText, InputLimits.DEFAULT);
    }

    /** Everything loaded, text included. */
    public static LoadOptions defaults() {
        return new LoadOptions(true);
    }

    /** Everything but node text. */
    public static LoadOptions withoutText() {
        return new LoadOptions(false);
    }

    /** These options with other limits. */
    public LoadOptions withLimits(InputLimits other) {
        return new LoadOptions(loadText, other);
    }
}
