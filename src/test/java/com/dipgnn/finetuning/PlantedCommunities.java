package com.dipgnn.finetuning;

import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.SplitMark;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.model.NodeInputConfig;
import com.dipgnn.optim.OptimizerConfig;
import com.dipgnn.sampling.SamplingConfig;
import java.util.LinkedHashSet;
import java.util.Random;
import java.util.Set;

/**
 * A featureless interaction graph with planted communities: users and items only have ids, user
 * {@code u} and item {@code i} belong to community {@code u % c} and {@code i % c}, and each user
 * clicks distinct items, each inside its community with probability {@code inside}. Every click
 * is marked test with probability {@code testShare}, train otherwise (the data set's own split).
 */
public final class PlantedCommunities {

    public static final RelationType CLICKS = new RelationType("user", "clicks", "item");

    private PlantedCommunities() {}

    public static HeteroGraph graph(
            int users, int items, int communities, int clicksPerUser, double inside, double testShare, long seed) {
        Random rng = new Random(seed);
        int[] src = new int[users * clicksPerUser];
        int[] dst = new int[users * clicksPerUser];
        byte[] marks = new byte[users * clicksPerUser];
        int e = 0;
        for (int u = 0; u < users; u++) {
            Set<Integer> clicked = new LinkedHashSet<>();
            while (clicked.size() < clicksPerUser) {
                int item = rng.nextDouble() < inside
                        ? rng.nextInt(items / communities) * communities + u % communities
                        : rng.nextInt(items);
                clicked.add(item);
            }
            for (int item : clicked) {
                src[e] = u;
                dst[e] = item;
                marks[e] = (rng.nextDouble() < testShare ? SplitMark.TEST : SplitMark.TRAIN).code();
                e++;
            }
        }
        return new GraphBuilder("planted-communities")
                .addNodes(NodeTable.ofCount("user", users))
                .addNodes(NodeTable.ofCount("item", items))
                .addEdges(CLICKS, src, dst, marks, true)
                .build();
    }

    /** The default size: 300 users, 600 items, 8 communities, 12 clicks per user, 90% inside, 10% test. */
    public static HeteroGraph graph(long seed) {
        return graph(300, 600, 8, 12, 0.9, 0.1, seed);
    }

    /** Link prediction of clicks with the data set's split, HGT 2 x 32 x 4, the whole graph each step. */
    public static ExperimentSpec spec(NodeInputConfig inputs, int steps, double learningRate) {
        ModelConfig model = new ModelConfig(Backbone.HGT, 2, 32, 4, 0.1, 0.0, inputs);
        FineTuneConfig training =
                new FineTuneConfig(steps, 128, 25, 0, OptimizerConfig.FINE_TUNING.withLearningRate(learningRate), 0);
        return new ExperimentSpec(
                TaskKind.LINK_PREDICTION,
                null,
                "clicks",
                SplitMode.DATASET,
                0,
                1.0,
                model,
                training,
                new SamplingConfig(2, 64),
                100_000,
                false,
                255,
                255,
                0.1);
    }
}
