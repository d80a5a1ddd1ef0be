package com.dipgnn.graph.synthetic;

/**
 * Settings of {@link SyntheticGraphs#queryProduct}: queries clicking products.
 *
 * @param numQueries number of {@code query} nodes
 * @param numProducts number of {@code product} nodes
 * @param numClicks number of distinct {@code query -> product} click edges
 * @param numCategories number of product categories (and query intents)
 * @param popularityExponent Zipf exponent of product popularity: the product of popularity rank
 *     {@code r} (from 1) is clicked in proportion to {@code r^-exponent} within its category
 * @param secondIntentRate share of queries with a second intent category
 * @param offIntentRate share of clicks that land in a random category instead of the intent
 * @param featureDim width of the category/intent embedding features (products get one more
 *     column: their popularity)
 * @param featureSignal strength of the category embedding against unit noise in the features
 * @param seed random seed; the same settings give the same graph
 */
public record QueryProductConfig(
        int numQueries,
        int numProducts,
        int numClicks,
        int numCategories,
        double popularityExponent,
        double secondIntentRate,
        double offIntentRate,
        int featureDim,
        double featureSignal,
        long seed) {

    private static final String NAME = "QueryProductConfig";

    public QueryProductConfig {
        ConfigChecks.atLeast(NAME, "numQueries", numQueries, 1);
        ConfigChecks.atLeast(NAME, "numCategories", numCategories, 2);
        ConfigChecks.atLeast(NAME, "numProducts (two per category at least)", numProducts, 2L * numCategories);
        ConfigChecks.atLeast(NAME, "numClicks", numClicks, 1);
        ConfigChecks.nonNegative(NAME, "popularityExponent", popularityExponent);
        ConfigChecks.fraction(NAME, "secondIntentRate", secondIntentRate);
        ConfigChecks.fraction(NAME, "offIntentRate", offIntentRate);
        ConfigChecks.atLeast(NAME, "featureDim", featureDim, 1);
        ConfigChecks.nonNegative(NAME, "featureSignal", featureSignal);
    }

    /** 2,000 queries, 3,000 products, 30,000 clicks, 10 categories, Zipf 1.0, 32 features, seed 0. */
    public static QueryProductConfig defaults() {
        return new QueryProductConfig(2_000, 3_000, 30_000, 10, 1.0, 0.2, 0.1, 32, 0.5, 0L);
    }

    public QueryProductConfig withSeed(long newSeed) {
        return new QueryProductConfig(
                numQueries,
                numProducts,
                numClicks,
                numCategories,
                popularityExponent,
                secondIntentRate,
                offIntentRate,
                featureDim,
                featureSignal,
                newSeed);
    }

    public QueryProductConfig withSize(int newNumQueries, int newNumProducts, int newNumClicks) {
        return new QueryProductConfig(
                newNumQueries,
                newNumProducts,
                newNumClicks,
                numCategories,
                popularityExponent,
                secondIntentRate,
                offIntentRate,
                featureDim,
                featureSignal,
                seed);
    }

    public QueryProductConfig withNumCategories(int newNumCategories) {
        return new QueryProductConfig(
                numQueries,
                numProducts,
                numClicks,
                newNumCategories,
                popularityExponent,
                secondIntentRate,
                offIntentRate,
                featureDim,
                featureSignal,
                seed);
    }

    public QueryProductConfig withIntentNoise(double newSecondIntentRate, double newOffIntentRate) {
        return new QueryProductConfig(
                numQueries,
                numProducts,
                numClicks,
                numCategories,
                popularityExponent,
                newSecondIntentRate,
                newOffIntentRate,
                featureDim,
                featureSignal,
                seed);
    }

    public QueryProductConfig withFeatures(int newFeatureDim, double newFeatureSignal) {
        return new QueryProductConfig(
                numQueries,
                numProducts,
                numClicks,
                numCategories,
                popularityExponent,
                secondIntentRate,
                offIntentRate,
                newFeatureDim,
                newFeatureSignal,
                seed);
    }
}
