package com.dipgnn.datasets;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.synthetic.QueryProductConfig;
import com.dipgnn.graph.synthetic.QueryProductLocation;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

/**
 * A synthetic query-product click graph of a chosen size (the built-in generator), for trying
 * the service and for load tests. It is stored as its parameters and regenerated, identically,
 * whenever it is loaded.
 *
 * @param queries query nodes
 * @param products product nodes
 * @param clicks query-product click edges
 * @param seed generator seed
 */
@Schema(description = "a synthetic query-product click graph of a chosen size")
public record SyntheticSpec(
        @Schema(example = "2000") @Min(10) @Max(5_000_000) Integer queries,
        @Schema(example = "3000") @Min(20) @Max(5_000_000) Integer products,
        @Schema(example = "30000") @Min(1) @Max(50_000_000) Integer clicks,
        @Schema(example = "0") Long seed) {

    /** The built-in data set's graph: the generator's defaults. */
    public static SyntheticSpec defaults() {
        QueryProductConfig d = QueryProductConfig.defaults();
        return new SyntheticSpec(d.numQueries(), d.numProducts(), d.numClicks(), 0L);
    }

    /** Absent sizes take the generator's defaults. */
    public SyntheticSpec withDefaults() {
        SyntheticSpec d = defaults();
        return new SyntheticSpec(
                queries != null ? queries : d.queries,
                products != null ? products : d.products,
                clicks != null ? clicks : d.clicks,
                seed != null ? seed : d.seed);
    }

    /** The graph; {@link QueryProductConfig} refuses sizes it cannot generate, saying which. */
    public HeteroGraph generate() {
        return engineLocation().generate();
    }

    /** The location string a data set row stores. */
    public String location() {
        return engineLocation().location();
    }

    private QueryProductLocation engineLocation() {
        SyntheticSpec s = withDefaults();
        return new QueryProductLocation(s.queries, s.products, s.clicks, s.seed);
    }

    public static boolean isSynthetic(String location) {
        return QueryProductLocation.isLocation(location);
    }

    /** Reads a location written by {@link #location()}. */
    public static SyntheticSpec parse(String location) {
        QueryProductLocation l = QueryProductLocation.parse(location);
        return new SyntheticSpec(l.queries(), l.products(), l.clicks(), l.seed());
    }
}
