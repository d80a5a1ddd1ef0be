package com.dipgnn.datasets;

import com.dipgnn.errors.InvalidInputException;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.synthetic.InteractionConfig;
import com.dipgnn.graph.synthetic.InteractionLocation;
import com.dipgnn.graph.synthetic.QueryProductConfig;
import com.dipgnn.graph.synthetic.QueryProductLocation;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A synthetic graph of a chosen kind and size (the built-in generators), for trying the service,
 * for load tests and for recommendation at scale. It is stored as its location (its parameters)
 * and regenerated, identically, whenever it is loaded. Absent settings take the generator's
 * defaults; a setting of the other kind is refused.
 *
 * @param kind the generator ({@link SyntheticKind}): {@code query-product} (when absent) or
 *     {@code interactions}
 * @param queries query nodes (query-product)
 * @param products product nodes (query-product)
 * @param clicks query-product click edges (query-product)
 * @param seed generator seed (both kinds)
 * @param users user nodes (interactions)
 * @param items item nodes (interactions)
 * @param interactions distinct user-item interactions (interactions)
 * @param communities taste communities (interactions)
 * @param mixing share of interactions drawn from all items rather than the user's community
 * @param popularity Zipf exponent of item popularity (interactions)
 * @param activity Zipf exponent of user activity (interactions)
 * @param minPerUser interactions every user has at least (interactions)
 * @param testFraction share of each user's interactions marked test (interactions)
 * @param valFraction share of each user's interactions marked validation (interactions)
 */
@Schema(description = "a synthetic graph of a chosen kind and size; absent settings take the generator's defaults")
public record SyntheticSpec(
        @Schema(
                description = "the generator: query-product (when absent) or interactions",
                example = SyntheticKind.QUERY_PRODUCT_NAME,
                allowableValues = {SyntheticKind.QUERY_PRODUCT_NAME, SyntheticKind.INTERACTIONS_NAME})
        @Pattern(regexp = SyntheticKind.NAME_PATTERN, message = SyntheticKind.CHOICES)
        String kind,

        @Schema(description = "query nodes (query-product)", example = "2000") @Min(10) @Max(5_000_000)
        Integer queries,

        @Schema(description = "product nodes (query-product)", example = "3000") @Min(20) @Max(5_000_000)
        Integer products,

        @Schema(description = "click edges (query-product)", example = "30000") @Min(1) @Max(50_000_000)
        Integer clicks,

        @Schema(description = "generator seed; the same settings and seed give the same graph", example = "0")
        Long seed,

        @Schema(description = "user nodes (interactions)", example = "20000") @Min(1) @Max(5_000_000)
        Integer users,

        @Schema(description = "item nodes (interactions)", example = "10000") @Min(2) @Max(5_000_000)
        Integer items,

        @Schema(
                description = "distinct user-item interactions, at least minPerUser per user (interactions)",
                example = "200000")
        @Min(1)
        @Max(50_000_000)
        Integer interactions,

        @Schema(description = "taste communities (interactions); at most half the items", example = "20")
        @Min(1)
        @Max(1_000_000)
        Integer communities,

        @Schema(
                description = "share of interactions drawn from all items instead of the user's community "
                        + "(interactions)",
                example = "0.2")
        @DecimalMin("0")
        @DecimalMax("1")
        Double mixing,

        @Schema(description = "Zipf exponent of item popularity (interactions)", example = "1.0")
        @DecimalMin("0")
        @DecimalMax("10")
        Double popularity,

        @Schema(description = "Zipf exponent of user activity (interactions)", example = "1.0")
        @DecimalMin("0")
        @DecimalMax("10")
        Double activity,

        @Schema(description = "interactions every user has at least (interactions)", example = "5")
        @Min(InteractionConfig.SMALLEST_MIN_PER_USER)
        @Max(1_000_000)
        Integer minPerUser,

        @Schema(description = "share of each user's interactions marked test (interactions)", example = "0.2")
        @DecimalMin("0")
        @DecimalMax(value = "1", inclusive = false)
        Double testFraction,

        @Schema(description = "share of each user's interactions marked validation (interactions)", example = "0.1")
        @DecimalMin("0")
        @DecimalMax(value = "1", inclusive = false)
        Double valFraction) {

    /** The JSON object a request gives it in, for the fields errors name. */
    private static final String FIELD = "synthetic";

    /** A query-product graph of the given size. */
    public SyntheticSpec(Integer queries, Integer products, Integer clicks, Long seed) {
        this(null, queries, products, clicks, seed, null, null, null, null, null, null, null, null, null, null);
    }

    /** An interaction graph of {@code config}'s settings, every one given. */
    public static SyntheticSpec interactions(InteractionConfig c) {
        return new SyntheticSpec(
                SyntheticKind.INTERACTIONS.apiName(),
                null,
                null,
                null,
                c.seed(),
                c.numUsers(),
                c.numItems(),
                c.numInteractions(),
                c.numCommunities(),
                c.mixing(),
                c.popularityExponent(),
                c.activityExponent(),
                c.minPerUser(),
                c.testFraction(),
                c.valFraction());
    }

    /** The built-in data set's graph: the query-product generator's defaults. */
    public static SyntheticSpec defaults() {
        QueryProductConfig d = QueryProductConfig.defaults();
        return new SyntheticSpec(d.numQueries(), d.numProducts(), d.numClicks(), 0L);
    }

    /** The generator this asks for. */
    public SyntheticKind graphKind() {
        try {
            return SyntheticKind.parse(kind);
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException(FIELD + ".kind", e.getMessage());
        }
    }

    /**
     * Absent settings take the generator's defaults.
     *
     * @throws InvalidInputException naming the field, when a setting of the other kind is given,
     *     or when the interaction settings do not fit together (such as fewer interactions than
     *     {@code minPerUser} per user)
     */
    public SyntheticSpec withDefaults() {
        SyntheticKind graphKind = graphKind();
        requireOnly(graphKind);
        if (graphKind == SyntheticKind.INTERACTIONS) {
            return interactions(interactionConfig());
        }
        SyntheticSpec d = defaults();
        return new SyntheticSpec(
                queries != null ? queries : d.queries,
                products != null ? products : d.products,
                clicks != null ? clicks : d.clicks,
                seed != null ? seed : d.seed);
    }

    private void requireOnly(SyntheticKind graphKind) {
        Map<String, Object> queryProduct = new LinkedHashMap<>();
        queryProduct.put("queries", queries);
        queryProduct.put("products", products);
        queryProduct.put("clicks", clicks);
        Map<String, Object> interaction = new LinkedHashMap<>();
        interaction.put("users", users);
        interaction.put("items", items);
        interaction.put("interactions", interactions);
        interaction.put("communities", communities);
        interaction.put("mixing", mixing);
        interaction.put("popularity", popularity);
        interaction.put("activity", activity);
        interaction.put("minPerUser", minPerUser);
        interaction.put("testFraction", testFraction);
        interaction.put("valFraction", valFraction);
        Map<String, Object> foreign = graphKind == SyntheticKind.INTERACTIONS ? queryProduct : interaction;
        SyntheticKind other =
                graphKind == SyntheticKind.INTERACTIONS ? SyntheticKind.QUERY_PRODUCT : SyntheticKind.INTERACTIONS;
        foreign.forEach((name, value) -> {
            if (value != null) {
                throw new InvalidInputException(
                        FIELD + "." + name,
                        FIELD + "." + name + " is a setting of kind '" + other.apiName() + "', not of '"
                                + graphKind.apiName() + "'; drop it, or give \"kind\": \"" + other.apiName() + "\"");
            }
        });
    }

    private InteractionConfig interactionConfig() {
        InteractionConfig d = InteractionConfig.defaults();
        try {
            return new InteractionConfig(
                    users != null ? users : d.numUsers(),
                    items != null ? items : d.numItems(),
                    interactions != null ? interactions : d.numInteractions(),
                    communities != null ? communities : d.numCommunities(),
                    popularity != null ? popularity : d.popularityExponent(),
                    activity != null ? activity : d.activityExponent(),
                    minPerUser != null ? minPerUser : d.minPerUser(),
                    mixing != null ? mixing : d.mixing(),
                    testFraction != null ? testFraction : d.testFraction(),
                    valFraction != null ? valFraction : d.valFraction(),
                    seed != null ? seed : d.seed());
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException(
                    FIELD,
                    "the interaction graph's settings do not fit together: " + e.getMessage()
                            + " (numUsers is users, numItems items, numInteractions interactions,"
                            + " numCommunities communities)");
        }
    }

    /** Its nodes, all types together (of a spec {@link #withDefaults() with its defaults}). */
    long nodes() {
        return graphKind() == SyntheticKind.INTERACTIONS ? (long) users + items : (long) queries + products;
    }

    /** Its edges (clicks or interactions, without their reverses). */
    long edges() {
        return graphKind() == SyntheticKind.INTERACTIONS ? interactions : clicks;
    }

    /** The request field of its edges, for errors. */
    String edgeField() {
        return graphKind() == SyntheticKind.INTERACTIONS ? "interactions" : "clicks";
    }

    /** Its sizes as an error message says them: "2000 queries and 3000 products". */
    String nodesInWords() {
        return graphKind() == SyntheticKind.INTERACTIONS
                ? users + " users and " + items + " items"
                : queries + " queries and " + products + " products";
    }

    /** Nodes of its largest node type. */
    long largestNodeType() {
        return graphKind() == SyntheticKind.INTERACTIONS ? Math.max(users, items) : Math.max(queries, products);
    }

    /** The feature width of its widest node type: products' for query-product; interaction graphs have none. */
    int featureWidth() {
        return graphKind() == SyntheticKind.INTERACTIONS
                ? 0
                : QueryProductConfig.defaults().featureDim() + 1;
    }

    /** The graph; the generators refuse sizes they cannot generate, saying which. */
    public HeteroGraph generate() {
        SyntheticSpec s = withDefaults();
        return s.graphKind() == SyntheticKind.INTERACTIONS
                ? new InteractionLocation(s.interactionConfig()).generate()
                : queryProductLocation(s).generate();
    }

    /** The location string a data set row stores. */
    public String location() {
        SyntheticSpec s = withDefaults();
        return s.graphKind() == SyntheticKind.INTERACTIONS
                ? new InteractionLocation(s.interactionConfig()).location()
                : queryProductLocation(s).location();
    }

    private static QueryProductLocation queryProductLocation(SyntheticSpec s) {
        return new QueryProductLocation(s.queries, s.products, s.clicks, s.seed);
    }

    /** Whether {@code location} names a synthetic graph of either kind. */
    public static boolean isSynthetic(String location) {
        return QueryProductLocation.isLocation(location) || InteractionLocation.isLocation(location);
    }

    /** Reads a location written by {@link #location()}. */
    public static SyntheticSpec parse(String location) {
        if (InteractionLocation.isLocation(location)) {
            return interactions(InteractionLocation.parse(location).config());
        }
        QueryProductLocation l = QueryProductLocation.parse(location);
        return new SyntheticSpec(l.queries(), l.products(), l.clicks(), l.seed());
    }
}
