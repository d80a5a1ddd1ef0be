package com.dipgnn.datasets;

import com.dipgnn.naming.EnumNames;

/** The generators a synthetic data set can come from ({@link SyntheticSpec#kind()}). */
public enum SyntheticKind {
    /** A query-product click graph ({@code queries}, {@code products}, {@code clicks}): the default. */
    QUERY_PRODUCT,
    /** A user-item interaction graph with per-user split marks ({@code users}, {@code items}, {@code interactions}). */
    INTERACTIONS;

    /** {@link #QUERY_PRODUCT}'s name in a request. */
    public static final String QUERY_PRODUCT_NAME = "query-product";
    /** {@link #INTERACTIONS}'s name in a request. */
    public static final String INTERACTIONS_NAME = "interactions";
    /** The names a request may give, in any case (its bean validation). */
    public static final String NAME_PATTERN = "(?i)(" + QUERY_PRODUCT_NAME + "|" + INTERACTIONS_NAME + ")";
    /** What a request naming another kind is told. */
    public static final String CHOICES = "use " + QUERY_PRODUCT_NAME + " or " + INTERACTIONS_NAME;

    private static final EnumNames<SyntheticKind> NAMES = EnumNames.of(SyntheticKind.class, "synthetic graph kind")
            .name(QUERY_PRODUCT, QUERY_PRODUCT_NAME)
            .name(INTERACTIONS, INTERACTIONS_NAME)
            .build();

    /** Reads {@code query-product} or {@code interactions}, case-insensitively; null is the default. */
    public static SyntheticKind parse(String text) {
        return text == null ? QUERY_PRODUCT : NAMES.parse(text);
    }

    /** The name a request gives. */
    public String apiName() {
        return NAMES.name(this);
    }
}
