package com.dipgnn.graph.synthetic;

import com.dipgnn.graph.HeteroGraph;

/**
 * A synthetic query-product graph of a chosen size, named by a location string
 * ({@code synthetic:query-product?queries=Q&products=P&clicks=C&seed=S}, what a service data set
 * stores and shows), and regenerated identically from it.
 *
 * @param queries query nodes
 * @param products product nodes
 * @param clicks query-product click edges
 * @param seed generator seed
 */
public record QueryProductLocation(int queries, int products, int clicks, long seed) {

    /** What every such location starts with. */
    public static final String PREFIX = "synthetic:query-product?";

    /** Whether {@code location} names a sized query-product graph. */
    public static boolean isLocation(String location) {
        return location.startsWith(PREFIX);
    }

    /**
     * Reads a location written by {@link #location()}.
     *
     * @throws IllegalArgumentException when a size or the seed is missing or not a number, saying the form
     */
    public static QueryProductLocation parse(String location) {
        LocationParameters p = LocationParameters.of(
                location,
                PREFIX,
                PREFIX + "queries=Q&products=P&clicks=C&seed=S (the location a service data set shows)");
        return new QueryProductLocation(
                p.intValue("queries", null),
                p.intValue("products", null),
                p.intValue("clicks", null),
                p.longValue("seed", null));
    }

    /** The location string. */
    public String location() {
        return PREFIX + "queries=" + queries + "&products=" + products + "&clicks=" + clicks + "&seed=" + seed;
    }

    /** The graph; {@link QueryProductConfig} refuses sizes it cannot generate, saying which. */
    public HeteroGraph generate() {
        return SyntheticGraphs.queryProduct(QueryProductConfig.defaults()
                .withSize(queries, products, clicks)
                .withSeed(seed));
    }
}
