package com.dipgnn.graph.synthetic;

import com.dipgnn.graph.DenseFeatures;
import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeLabels;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import java.util.SplittableRandom;

/** Builds the generic heterogeneous graph of {@link SyntheticGraphs#randomHetero}. */
final class RandomHeteroGenerator {

    /** Class signal of the features: strong, the graph is for speed, not for learning. */
    private static final double FEATURE_SIGNAL = 1.0;

    private RandomHeteroGenerator() {}

    static String typeName(int t) {
        return "t" + t;
    }

    static HeteroGraph generate(RandomHeteroConfig config) {
        SplittableRandom rng = Seeds.random(config.seed(), 1);
        GraphBuilder builder = new GraphBuilder("random-hetero");
        for (int t = 0; t < config.numNodeTypes(); t++) {
            builder.addNodes(nodeTable(config, t, rng));
        }
        int perRelation = config.numEdges() / config.numRelations();
        int remainder = config.numEdges() % config.numRelations();
        for (int r = 0; r < config.numRelations(); r++) {
            int source = rng.nextInt(config.numNodeTypes());
            int target = rng.nextInt(config.numNodeTypes());
            RelationType relation = new RelationType(typeName(source), "r" + r, typeName(target));
            int numEdges = perRelation + (r < remainder ? 1 : 0);
            DistinctEdges.Edges edges = uniformEdges(config, relation, numEdges, source == target, rng);
            builder.addEdges(relation, edges.src(), edges.dst(), null, true);
        }
        return builder.build();
    }

    private static NodeTable nodeTable(RandomHeteroConfig config, int type, SplittableRandom rng) {
        int n = config.nodesPerType();
        int[] classOf = Shuffles.balancedClasses(n, config.numClasses(), rng);
        float[] centroids = NoisyCentroidFeatures.centroids(config.numClasses(), config.featureDim(), rng);
        float[] features = NoisyCentroidFeatures.sample(
                n,
                config.featureDim(),
                config.featureDim(),
                node -> classOf[node],
                centroids,
                FEATURE_SIGNAL,
                Seeds.derive(config.seed(), 100L + type));
        return new NodeTable(
                typeName(type),
                n,
                null,
                new DenseFeatures(n, config.featureDim(), features),
                NodeLabels.single(config.numClasses(), classOf),
                null,
                null,
                null);
    }

    private static DistinctEdges.Edges uniformEdges(
            RandomHeteroConfig config, RelationType relation, int numEdges, boolean sameType, SplittableRandom rng) {
        int n = config.nodesPerType();
        int possibleTargets = n - (sameType ? 1 : 0);
        int maxDegree = Math.max(1, possibleTargets / 2);
        return DistinctEdges.generate(
                relation.key(),
                n,
                n,
                numEdges,
                maxDegree,
                sameType,
                random -> random.nextInt(n),
                (source, rejected, random) -> random.nextInt(n),
                rng);
    }
}
