package com.dipgnn.graph.synthetic;

import com.dipgnn.graph.DenseFeatures;
import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeLabels;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import java.util.SplittableRandom;

/** Builds the bipartite click graph of {@link SyntheticGraphs#queryProduct}. */
final class QueryProductGenerator {

    static final String QUERY = "query";
    static final String PRODUCT = "product";
    static final RelationType CLICKED = new RelationType(QUERY, "clicked", PRODUCT);

    /** Share of a two-intent query's on-intent clicks that go to its second intent. */
    static final double SECOND_INTENT_SHARE = 0.35;
    /** Pareto exponent of how many clicks a query gets (some queries are far more active). */
    private static final double ACTIVITY_EXPONENT = 2.5;
    /** A query clicks at most this many times the mean number of clicks per query. */
    private static final int MAX_DEGREE_FACTOR = 10;
    /** Rejected draws of one click after which its product is drawn uniformly in its category. */
    private static final int POPULAR_TRIES = 32;

    private final QueryProductConfig config;
    private final SplittableRandom rng;
    private final int[] category;
    private final int[] popularityRank;
    private final int[][] productsOf;
    private final AliasSampler[] productOfCategory;
    private final int[] intent;
    private final int[] secondIntent;
    /** The category of the click being drawn; kept while its draws are rejected. */
    private int clickCategory;

    private QueryProductGenerator(QueryProductConfig config) {
        this.config = config;
        this.rng = Seeds.random(config.seed(), 1);
        int k = config.numCategories();
        this.category = Shuffles.balancedClasses(config.numProducts(), k, rng);
        this.popularityRank = Shuffles.permutation(config.numProducts(), rng);
        this.productsOf = Shuffles.members(category, k);
        this.productOfCategory = new AliasSampler[k];
        for (int c = 0; c < k; c++) {
            double[] weights = new double[productsOf[c].length];
            for (int i = 0; i < weights.length; i++) {
                weights[i] = Math.pow(popularityRank[productsOf[c][i]] + 1, -config.popularityExponent());
            }
            productOfCategory[c] = new AliasSampler(weights);
        }
        this.intent = new int[config.numQueries()];
        this.secondIntent = new int[config.numQueries()];
        for (int q = 0; q < intent.length; q++) {
            intent[q] = rng.nextInt(k);
            secondIntent[q] =
                    rng.nextDouble() < config.secondIntentRate() ? (intent[q] + 1 + rng.nextInt(k - 1)) % k : -1;
        }
    }

    static HeteroGraph generate(QueryProductConfig config) {
        return new QueryProductGenerator(config).build();
    }

    private HeteroGraph build() {
        DistinctEdges.Edges clicks = drawClicks();
        float[] embeddings = NoisyCentroidFeatures.centroids(config.numCategories(), config.featureDim(), rng);
        return new GraphBuilder("query-product")
                .addNodes(queries(embeddings))
                .addNodes(products(embeddings))
                .addEdges(CLICKED, clicks.src(), clicks.dst(), null, true)
                .build();
    }

    private DistinctEdges.Edges drawClicks() {
        double[] activity = new double[config.numQueries()];
        for (int q = 0; q < activity.length; q++) {
            activity[q] = Math.pow(1 - rng.nextDouble(), -1 / (ACTIVITY_EXPONENT - 1));
        }
        AliasSampler activeQuery = new AliasSampler(activity);
        int smallestCategory = Integer.MAX_VALUE;
        for (int[] products : productsOf) {
            smallestCategory = Math.min(smallestCategory, products.length);
        }
        int meanClicks = (int) Math.ceil((double) config.numClicks() / config.numQueries());
        int maxDegree = Math.max(1, Math.min(smallestCategory / 2, MAX_DEGREE_FACTOR * meanClicks));
        return DistinctEdges.generate(
                CLICKED.key(),
                config.numQueries(),
                config.numProducts(),
                config.numClicks(),
                maxDegree,
                false,
                activeQuery::sample,
                this::clickedProduct,
                rng);
    }

    /**
     * A product for a click of {@code query}: the first draw picks the click's category (an
     * intent, or at random off-intent) and a product by popularity; draws after a rejected one
     * stay in that category, and after {@value #POPULAR_TRIES} of them ignore popularity.
     */
    private int clickedProduct(int query, int rejected, SplittableRandom random) {
        if (rejected == 0) {
            clickCategory = clickCategory(query, random);
        }
        int[] products = productsOf[clickCategory];
        return rejected < POPULAR_TRIES
                ? products[productOfCategory[clickCategory].sample(random)]
                : products[random.nextInt(products.length)];
    }

    private int clickCategory(int query, SplittableRandom random) {
        if (random.nextDouble() < config.offIntentRate()) {
            return random.nextInt(config.numCategories());
        }
        if (secondIntent[query] >= 0 && random.nextDouble() < SECOND_INTENT_SHARE) {
            return secondIntent[query];
        }
        return intent[query];
    }

    private NodeTable queries(float[] embeddings) {
        int n = config.numQueries();
        int dim = config.featureDim();
        float[] features = NoisyCentroidFeatures.sample(
                n, dim, dim, q -> intent[q], embeddings, config.featureSignal(), Seeds.derive(config.seed(), 2));
        String[] keys = new String[n];
        String[] text = new String[n];
        for (int q = 0; q < n; q++) {
            keys[q] = "q" + q;
            if (secondIntent[q] >= 0) {
                blendSecondIntent(features, q, embeddings);
                text[q] = CategoryWords.category(intent[q]) + " " + CategoryWords.category(secondIntent[q]);
            } else {
                text[q] = CategoryWords.queryModifier(rng.nextInt(64)) + " " + CategoryWords.category(intent[q]);
            }
        }
        return new NodeTable(
                QUERY,
                n,
                keys,
                new DenseFeatures(n, dim, features),
                NodeLabels.single(config.numCategories(), intent.clone()),
                text,
                null,
                null);
    }

    /** Moves the query's signal from its intent embedding to the mean of its two intents. */
    private void blendSecondIntent(float[] features, int q, float[] embeddings) {
        int dim = config.featureDim();
        for (int j = 0; j < dim; j++) {
            float shift = embeddings[secondIntent[q] * dim + j] - embeddings[intent[q] * dim + j];
            features[q * dim + j] += (float) (config.featureSignal() * 0.5 * shift);
        }
    }

    private NodeTable products(float[] embeddings) {
        int n = config.numProducts();
        int dim = config.featureDim();
        float[] features = NoisyCentroidFeatures.sample(
                n, dim, dim + 1, p -> category[p], embeddings, config.featureSignal(), Seeds.derive(config.seed(), 3));
        String[] keys = new String[n];
        String[] text = new String[n];
        double logCount = Math.log(n);
        for (int p = 0; p < n; p++) {
            features[p * (dim + 1) + dim] = (float) (1 - Math.log(popularityRank[p] + 1) / logCount);
            keys[p] = "p" + p;
            text[p] =
                    CategoryWords.adjective(rng.nextInt(64)) + " " + CategoryWords.category(category[p]) + " item " + p;
        }
        return new NodeTable(
                PRODUCT,
                n,
                keys,
                new DenseFeatures(n, dim + 1, features),
                NodeLabels.single(config.numCategories(), category.clone()),
                text,
                null,
                null);
    }
}
