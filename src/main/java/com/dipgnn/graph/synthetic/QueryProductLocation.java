package com.dipgnn.graph.synthetic;

import com.dipgnn.graph.HeteroGraph;
import java.util.LinkedHashMap;
import java.util.Map;

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
        Map<String, String> values = new LinkedHashMap<>();
        for (String pair : location.substring(PREFIX.length()).split("&")) {
            String[] kv = pair.split("=", 2);
            values.put(kv[0], kv.length == 2 ? kv[1] : "");
        }
        try {
            return new QueryProductLocation(
                    Integer.parseInt(values.get("queries")),
                    Integer.parseInt(values.get("products")),
                    Integer.parseInt(values.get("clicks")),
                    Long.parseLong(values.get("seed")));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(
                    "'" + location + "' is not a valid synthetic location: write it as " + PREFIX
                            + "queries=Q&products=P&clicks=C&seed=S (the location a service data set shows)",
                    e);
        }
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
