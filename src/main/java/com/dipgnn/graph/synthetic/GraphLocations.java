package com.dipgnn.graph.synthetic;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.io.GraphLoaders;
import com.dipgnn.graph.io.LoadOptions;
import java.util.Locale;

/**
 * Resolves where a graph comes from, as the command line's {@code --dataset}, the Spark job's
 * {@code --graph} and the service's data sets name it: {@code synthetic:community} and
 * {@code synthetic:query-product} and {@code synthetic:interactions} (the built-in generators,
 * seeded), a sized query-product location ({@link QueryProductLocation}) or interaction location
 * ({@link InteractionLocation}), or a data set name or path of a gnnfmt-1 or CSV/TSV directory.
 */
public final class GraphLocations {

    public static final String COMMUNITY = "synthetic:community";
    public static final String QUERY_PRODUCT = "synthetic:query-product";
    public static final String INTERACTIONS = "synthetic:interactions";

    private GraphLocations() {}

    /**
     * The graph at {@code source}; {@code seed} seeds the built-in generators.
     *
     * @throws IllegalArgumentException when a synthetic name or location is not one, saying the choices
     */
    public static HeteroGraph load(String source, long seed) {
        if (QueryProductLocation.isLocation(source)) {
            return QueryProductLocation.parse(source).generate();
        }
        if (InteractionLocation.isLocation(source)) {
            return InteractionLocation.parse(source).generate();
        }
        return switch (source.toLowerCase(Locale.ROOT)) {
            case COMMUNITY -> SyntheticGraphs.community(seed);
            case QUERY_PRODUCT -> SyntheticGraphs.queryProduct(seed);
            case INTERACTIONS -> SyntheticGraphs.interactions(seed);
            default -> {
                if (source.startsWith("synthetic:")) {
                    throw new IllegalArgumentException("unknown synthetic graph '" + source + "': use "
                            + COMMUNITY + ", " + QUERY_PRODUCT + ", " + INTERACTIONS + ", "
                            + QueryProductLocation.PREFIX + "queries=Q&products=P&clicks=C&seed=S or "
                            + InteractionLocation.FORM);
                }
                yield GraphLoaders.load(source, LoadOptions.defaults());
            }
        };
    }
}
