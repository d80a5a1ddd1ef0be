package com.dipgnn.graph.synthetic;

import com.dipgnn.graph.HeteroGraph;

/**
 * Embedded synthetic graphs: the product's default data, and the graphs of benchmarks. Every
 * generator is seeded and deterministic: the same configuration gives the same graph (same
 * {@link HeteroGraph#fingerprint()}, same features), on any machine and thread count.
 */
public final class SyntheticGraphs {

    private SyntheticGraphs() {}

    /**
     * A homogeneous graph from a degree-corrected stochastic block model. Node type
     * {@code node}, one undirected relation {@code node__link__node} (stored in both directions).
     * Each node has a balanced random class; degree propensities are Pareto (power-law)
     * distributed; a {@code homophily} share of the edges joins two nodes of the same class.
     * Columns: dense features (a weak, noisy class centroid, so that neighbours help), labels
     * (the class), time (a random year), keys ({@code n<id>}).
     */
    public static HeteroGraph community(CommunityConfig config) {
        return CommunityGenerator.generate(config);
    }

    /** {@link #community(CommunityConfig)} with the default settings and the given seed. */
    public static HeteroGraph community(long seed) {
        return community(CommunityConfig.defaults().withSeed(seed));
    }

    /**
     * A bipartite click graph: node types {@code query} and {@code product}, relation
     * {@code query__clicked__product} (and its reverse {@code product__rev_clicked__query}).
     * Products have a balanced random category and a Zipf popularity; queries have an intent
     * category (sometimes a second one) and click mostly products of their intent, chosen by
     * popularity; some queries click far more than others. Columns for both types: dense features
     * (noisy category embedding; products add a popularity column in [0, 1] as their last
     * column), labels (product: category, query: first intent), text, keys ({@code q<id>},
     * {@code p<id>}).
     */
    public static HeteroGraph queryProduct(QueryProductConfig config) {
        return QueryProductGenerator.generate(config);
    }

    /** {@link #queryProduct(QueryProductConfig)} with the default settings and the given seed. */
    public static HeteroGraph queryProduct(long seed) {
        return queryProduct(QueryProductConfig.defaults().withSeed(seed));
    }

    /**
     * A user-item interaction graph for recommendation at scale: node types {@code user} and
     * {@code item} (no features or keys; labels: the taste community), relation
     * {@code user__interacted__item} (and its reverse {@code item__rev_interacted__user}). Item
     * popularity and user activity are Zipf by random rank; every user has at least
     * {@code minPerUser} distinct items. Users and items belong to balanced random communities, and
     * a user draws each item from its community by popularity, or with probability {@code mixing}
     * from all items by popularity. Each interaction carries the data set's own split mark: per
     * user, a seeded {@code testFraction} (at least one) test, {@code valFraction} (at least one)
     * validation, the rest (at least one) training. Memory is primitive arrays only, a few ints per
     * node and per interaction.
     */
    public static HeteroGraph interactions(InteractionConfig config) {
        return InteractionGenerator.generate(config);
    }

    /** {@link #interactions(InteractionConfig)} with the default settings and the given seed. */
    public static HeteroGraph interactions(long seed) {
        return interactions(InteractionConfig.defaults().withSeed(seed));
    }

    /**
     * A generic heterogeneous graph: node types {@code t0..}, directed relations {@code r0..}
     * between random type pairs (plus their reverses), uniformly random distinct edges, dense
     * features and labels on every type. For benchmarks, not for learning.
     */
    public static HeteroGraph randomHetero(RandomHeteroConfig config) {
        return RandomHeteroGenerator.generate(config);
    }

    /**
     * A graph with the shape of OAG-CS, for memory and speed benchmarks. At scale 1: 1.1M nodes
     * ({@code paper}, {@code author}, {@code field}: 300k each, with {@code featureDim} dense
     * features; {@code venue}, {@code affiliation}: 100k each, featureless) and 10 directed
     * relations with 28.4M edges. Papers also have labels (a topic) and a year.
     *
     * <p>Edge counting: "28.4M edges" counts the distinct input edges, each once, as the OAG-CS
     * statistics do. GraphBuilder stores each relation's reverse in addition, so the built graph
     * has 20 relations and {@link HeteroGraph#totalEdges()} is exactly twice the input count
     * (56.8M at scale 1). Every count is multiplied by {@code scale} (rounded; at least 2 nodes
     * per type and 1 edge per relation).
     *
     * <p>Generation uses primitive arrays only. At scale 1 the graph holds about 1.7 GB (1.44 GB
     * of features, 0.25 GB of adjacency) and generating it fits in a 2.2 GB heap.
     */
    public static HeteroGraph oagShaped(OagShapedConfig config) {
        return OagShapedGenerator.generate(config);
    }

    /** The number of input edges {@link #oagShaped} draws at the given scale (reverses not counted). */
    public static long oagShapedInputEdges(double scale) {
        long total = 0;
        for (OagShapedGenerator.RelationSpec spec : OagShapedGenerator.RELATIONS) {
            total += OagShapedGenerator.scaledEdges(spec.baseEdges(), scale);
        }
        return total;
    }

    /** The number of nodes {@link #oagShaped} creates at the given scale. */
    public static long oagShapedNodes(double scale) {
        long total = 0;
        for (OagShapedGenerator.NodeSpec spec : OagShapedGenerator.NODE_TYPES) {
            total += OagShapedGenerator.scaledNodes(spec.baseCount(), scale);
        }
        return total;
    }
}
