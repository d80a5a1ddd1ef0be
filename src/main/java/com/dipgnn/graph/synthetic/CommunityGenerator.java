package com.dipgnn.graph.synthetic;

import com.dipgnn.graph.DenseFeatures;
import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeLabels;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import java.util.SplittableRandom;

/** Builds the homogeneous community graph of {@link SyntheticGraphs#community}. */
final class CommunityGenerator {

    static final String NODE_TYPE = "node";
    static final RelationType LINK = new RelationType(NODE_TYPE, "link", NODE_TYPE);

    private final CommunityConfig config;
    private final SplittableRandom rng;
    private final int[] classOf;
    private final int[][] members;
    private final AliasSampler anyNode;
    private final AliasSampler[] nodeOfClass;

    private CommunityGenerator(CommunityConfig config) {
        this.config = config;
        this.rng = Seeds.random(config.seed(), 1);
        this.classOf = Shuffles.balancedClasses(config.numNodes(), config.numClasses(), rng);
        this.members = Shuffles.members(classOf, config.numClasses());
        double[] propensity = propensities();
        this.anyNode = new AliasSampler(propensity);
        this.nodeOfClass = new AliasSampler[members.length];
        for (int c = 0; c < members.length; c++) {
            double[] weights = new double[members[c].length];
            for (int i = 0; i < weights.length; i++) {
                weights[i] = propensity[members[c][i]];
            }
            nodeOfClass[c] = new AliasSampler(weights);
        }
    }

    static HeteroGraph generate(CommunityConfig config) {
        return new CommunityGenerator(config).build();
    }

    /** Pareto-distributed degree propensities, truncated at sqrt(n) times the smallest. */
    private double[] propensities() {
        int n = config.numNodes();
        double cap = Math.max(2, Math.sqrt(n));
        double[] propensity = new double[n];
        for (int i = 0; i < n; i++) {
            propensity[i] = Math.min(cap, Math.pow(1 - rng.nextDouble(), -1 / (config.degreeExponent() - 1)));
        }
        return propensity;
    }

    private HeteroGraph build() {
        int[][] edges = drawEdges();
        int n = config.numNodes();
        float[] centroids = NoisyCentroidFeatures.centroids(config.numClasses(), config.featureDim(), rng);
        float[] features = NoisyCentroidFeatures.sample(
                n,
                config.featureDim(),
                config.featureDim(),
                node -> classOf[node],
                centroids,
                config.featureSignal(),
                Seeds.derive(config.seed(), 2));
        long[] years = new long[n];
        String[] keys = new String[n];
        for (int i = 0; i < n; i++) {
            years[i] = config.firstYear() + rng.nextInt(config.numYears());
            keys[i] = "n" + i;
        }
        NodeTable nodes = new NodeTable(
                NODE_TYPE,
                n,
                keys,
                new DenseFeatures(n, config.featureDim(), features),
                NodeLabels.single(config.numClasses(), classOf.clone()),
                null,
                years,
                null);
        return new GraphBuilder("community")
                .addNodes(nodes)
                .addEdges(LINK, edges[0], edges[1], null, false)
                .build();
    }

    /**
     * Distinct undirected edges without self-loops. Each edge first decides whether it stays
     * within a class (with probability homophily), then redraws until its pair is new, so that
     * rejected duplicates do not shift the intra-class share.
     */
    private int[][] drawEdges() {
        int m = config.numEdges();
        int[] src = new int[m];
        int[] dst = new int[m];
        PairSet seen = new PairSet(m);
        long attempts = 0;
        long maxAttempts = 100L * m + 10_000;
        for (int count = 0; count < m; count++) {
            boolean intra = rng.nextDouble() < config.homophily();
            int u;
            int v;
            do {
                if (++attempts > maxAttempts) {
                    throw new IllegalStateException("community graph: found only " + count + " of " + m
                            + " distinct edges after " + maxAttempts + " draws; lower averageDegree or homophily");
                }
                u = anyNode.sample(rng);
                v = intra ? sameClass(u) : otherClass(u);
            } while (u == v || !seen.add(Math.min(u, v), Math.max(u, v)));
            src[count] = u;
            dst[count] = v;
        }
        return new int[][] {src, dst};
    }

    private int sameClass(int u) {
        int c = classOf[u];
        return members[c][nodeOfClass[c].sample(rng)];
    }

    private int otherClass(int u) {
        int v = anyNode.sample(rng);
        while (classOf[v] == classOf[u]) {
            v = anyNode.sample(rng);
        }
        return v;
    }
}
