package com.dipgnn.cli;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.io.GraphLoaders;
import com.dipgnn.graph.io.LoadOptions;
import com.dipgnn.graph.synthetic.SyntheticGraphs;
import com.dipgnn.text.TextInputCache;
import java.util.Locale;

/**
 * Resolves the {@code --dataset} argument: {@code synthetic:community} and
 * {@code synthetic:query-product} are the built-in generators (no data needed); anything else is
 * a data set name under the datasets folder or a path to a gnnfmt-1 or CSV/TSV graph directory.
 */
public final class GraphSources {

    public static final String COMMUNITY = "synthetic:community";
    public static final String QUERY_PRODUCT = "synthetic:query-product";

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

    public static HeteroGraph load(String source, long seed) {
        return switch (source.toLowerCase(Locale.ROOT)) {
            case COMMUNITY -> SyntheticGraphs.community(seed);
            case QUERY_PRODUCT -> SyntheticGraphs.queryProduct(seed);
            default -> {
                if (source.startsWith("synthetic:")) {
                    throw new IllegalArgumentException("unknown synthetic graph '" + source + "': use "
                            + COMMUNITY + " or " + QUERY_PRODUCT);
                }
                yield GraphLoaders.load(source, LoadOptions.defaults());
            }
        };
    }
}
