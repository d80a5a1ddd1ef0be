package com.dipgnn.cli;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.synthetic.GraphLocations;
import com.dipgnn.text.TextInputCache;

/**
 * The command line's graph sources ({@link GraphLocations}) and where it caches text-derived node
 * inputs.
 */
public final class GraphSources {

    public static final String COMMUNITY = GraphLocations.COMMUNITY;
    public static final String QUERY_PRODUCT = GraphLocations.QUERY_PRODUCT;

    private GraphSources() {
    }

    /**
     * Where the CLI caches text-derived node inputs: {@code $DIPGNN_CACHE_DIR/text-inputs}, by
     * default {@code ~/.cache/dipgnn/text-inputs}.
     */
    public static TextInputCache textCache() {
        String dir = System.getenv("DIPGNN_CACHE_DIR");
        java.nio.file.Path root = dir != null && !dir.isBlank() ? java.nio.file.Path.of(dir)
                : java.nio.file.Path.of(System.getProperty("user.home"), ".cache", "dipgnn");
        return new TextInputCache(root.resolve("text-inputs"));
    }

    /** The graph {@code --dataset} names ({@link GraphLocations#load}). */
    public static HeteroGraph load(String source, long seed) {
        return GraphLocations.load(source, seed);
    }
}
