package com.dipgnn.graph.synthetic;

import com.dipgnn.graph.DenseFeatures;
import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeLabels;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Builds the OAG-CS-shaped graph of {@link SyntheticGraphs#oagShaped}. Everything is drawn into
 * primitive arrays. Node {@code i} of any type has topic {@code i mod numClasses}; half of the
 * targets of an edge share the source's topic, the other half are uniform. Sources and topical
 * targets favour low ids (density {@code ~ 1/sqrt(id)}), which gives hubs.
 */
final class OagShapedGenerator {

    /** Class signal of the features against unit noise. */
    private static final double FEATURE_SIGNAL = 0.25;

    private static final int LATEST_YEAR = 2020;
    private static final int NUM_YEARS = 31;

    record NodeSpec(String name, int baseCount, boolean featured) {}

    record RelationSpec(RelationType relation, long baseEdges) {}

    static final List<NodeSpec> NODE_TYPES = List.of(
            new NodeSpec("paper", 300_000, true),
            new NodeSpec("author", 300_000, true),
            new NodeSpec("field", 300_000, true),
            new NodeSpec("venue", 100_000, false),
            new NodeSpec("affiliation", 100_000, false));

    static final List<RelationSpec> RELATIONS = List.of(
            relation("paper", "cites", "paper", 8_000_000),
            relation("author", "writes", "paper", 8_400_000),
            relation("paper", "has_topic", "field", 6_000_000),
            relation("author", "interested_in", "field", 3_000_000),
            relation("affiliation", "works_on", "field", 800_000),
            relation("author", "affiliated_with", "affiliation", 700_000),
            relation("author", "first_author_of", "paper", 600_000),
            relation("paper", "published_in", "venue", 300_000),
            relation("field", "parent_of", "field", 300_000),
            relation("venue", "covers", "field", 300_000));

    private final OagShapedConfig config;
    private final Map<String, Integer> counts = new LinkedHashMap<>();

    private OagShapedGenerator(OagShapedConfig config) {
        this.config = config;
        for (NodeSpec spec : NODE_TYPES) {
            counts.put(spec.name(), scaledNodes(spec.baseCount(), config.scale()));
        }
    }

    private static RelationSpec relation(String source, String name, String target, long baseEdges) {
        return new RelationSpec(new RelationType(source, name, target), baseEdges);
    }

    static int scaledNodes(int baseCount, double scale) {
        long count = Math.max(2, Math.round(baseCount * scale));
        if (count > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("OagShapedConfig.scale " + scale + " gives " + count
                    + " nodes of one type, more than an int id can hold; use a smaller scale");
        }
        return (int) count;
    }

    static long scaledEdges(long baseEdges, double scale) {
        return Math.max(1, Math.round(baseEdges * scale));
    }

    static HeteroGraph generate(OagShapedConfig config) {
        return new OagShapedGenerator(config).build();
    }

    private HeteroGraph build() {
        GraphBuilder builder = new GraphBuilder("oag-shaped");
        for (int t = 0; t < NODE_TYPES.size(); t++) {
            builder.addNodes(nodeTable(NODE_TYPES.get(t), t));
        }
        for (int r = 0; r < RELATIONS.size(); r++) {
            RelationType relation = RELATIONS.get(r).relation();
            DistinctEdges.Edges edges = edges(RELATIONS.get(r), Seeds.random(config.seed(), 10L + r));
            builder.addEdges(relation, edges.src(), edges.dst(), null, true);
        }
        return builder.build();
    }

    private NodeTable nodeTable(NodeSpec spec, int typeIndex) {
        int n = counts.get(spec.name());
        NodeTable table = NodeTable.ofCount(spec.name(), n);
        if (spec.featured()) {
            int k = config.numClasses();
            // One topic space for all featured types: the same seed gives the same centroids.
            float[] centroids = NoisyCentroidFeatures.centroids(k, config.featureDim(), Seeds.random(config.seed(), 1));
            float[] features = NoisyCentroidFeatures.sample(
                    n,
                    config.featureDim(),
                    config.featureDim(),
                    node -> node % k,
                    centroids,
                    FEATURE_SIGNAL,
                    Seeds.derive(config.seed(), 200L + typeIndex));
            table = table.withFeatures(new DenseFeatures(n, config.featureDim(), features));
        }
        if (spec.name().equals("paper")) {
            table = table.withLabels(NodeLabels.single(config.numClasses(), topics(n)))
                    .withTime(years(n));
        }
        return table;
    }

    private int[] topics(int n) {
        int[] topic = new int[n];
        for (int i = 0; i < n; i++) {
            topic[i] = i % config.numClasses();
        }
        return topic;
    }

    /** Publication years up to {@value #LATEST_YEAR}, recent years more frequent. */
    private long[] years(int n) {
        SplittableRandom rng = Seeds.random(config.seed(), 3);
        long[] years = new long[n];
        for (int i = 0; i < n; i++) {
            double u = rng.nextDouble();
            years[i] = LATEST_YEAR - (long) (NUM_YEARS * u * u);
        }
        return years;
    }

    private DistinctEdges.Edges edges(RelationSpec spec, SplittableRandom rng) {
        RelationType relation = spec.relation();
        int numSources = counts.get(relation.source());
        int numTargets = counts.get(relation.target());
        boolean sameType = relation.source().equals(relation.target());
        int maxDegree = Math.max(1, (numTargets - (sameType ? 1 : 0)) / 2);
        int k = config.numClasses();
        return DistinctEdges.generate(
                relation.key(),
                numSources,
                numTargets,
                scaledEdges(spec.baseEdges(), config.scale()),
                maxDegree,
                sameType,
                random -> skewed(numSources, random),
                (source, rejected, random) -> random.nextBoolean()
                        ? sameTopic(source % k, numTargets, k, random)
                        : random.nextInt(numTargets),
                rng);
    }

    /** An id in {@code 0..n-1} with density decreasing like {@code 1/sqrt(id)}. */
    private static int skewed(int n, SplittableRandom rng) {
        double u = rng.nextDouble();
        return (int) (n * u * u);
    }

    private static int sameTopic(int topic, int numTargets, int k, SplittableRandom rng) {
        int ofTopic = (numTargets - topic + k - 1) / k;
        return ofTopic <= 0 ? rng.nextInt(numTargets) : skewed(ofTopic, rng) * k + topic;
    }
}
