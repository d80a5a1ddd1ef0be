package com.dipgnn.finetuning;

import static org.assertj.core.api.Assertions.assertThat;

import ai.djl.ndarray.NDManager;
import com.dipgnn.graph.DenseFeatures;
import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.split.LinkSplit;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.GraphModule;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.optim.ModelInitialization;
import com.dipgnn.optim.OptimizerConfig;
import com.dipgnn.optim.TrainingListener;
import com.dipgnn.ranking.RankingEvaluator;
import com.dipgnn.sampling.FullGraphSampler;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LinkPredictionTaskTest {

    /** Users and items in 16 hidden groups; users click items of their group (16 groups); features are noise. */
    static HeteroGraph groupedClicks(long seed) {
        Random rng = new Random(seed);
        int users = 240;
        int items = 320;
        int clicks = 10;
        int[] src = new int[users * clicks];
        int[] dst = new int[users * clicks];
        for (int u = 0; u < users; u++) {
            for (int k = 0; k < clicks; k++) {
                src[u * clicks + k] = u;
                dst[u * clicks + k] = rng.nextInt(items / 16) * 16 + u % 16;
            }
        }
        return new GraphBuilder("grouped-clicks")
                .addNodes(NodeTable.ofCount("user", users).withFeatures(noise(users, 4, rng)))
                .addNodes(NodeTable.ofCount("item", items).withFeatures(noise(items, 4, rng)))
                .addEdges(new RelationType("user", "clicked", "item"), src, dst, null, true)
                .build();
    }

    private static DenseFeatures noise(int n, int d, Random rng) {
        float[] v = new float[n * d];
        for (int i = 0; i < v.length; i++) {
            v[i] = (float) rng.nextGaussian();
        }
        return new DenseFeatures(n, d, v);
    }

    @Test
    void ranksHeldOutEdgesFarAboveChance() {
        HeteroGraph graph = groupedClicks(4);
        RelationType clicked = graph.relation("clicked");
        int[] users = new int[240];
        Arrays.setAll(users, i -> i);
        LinkSplit split = LinkSplit.holdOut(
                graph,
                clicked,
                Arrays.copyOfRange(users, 0, 120),
                Arrays.copyOfRange(users, 120, 180),
                Arrays.copyOfRange(users, 180, 240),
                0.2,
                1);
        assertThat(split.structure().adjacency(clicked).numEdges())
                .isEqualTo(graph.adjacency(clicked).numEdges()
                        - split.val().size()
                        - split.test().size());
        for (int i = 0; i < split.test().size(); i++) {
            assertThat(split.structure()
                            .adjacency(clicked)
                            .hasEdge(split.test().src()[i], split.test().dst()[i]))
                    .isFalse();
            assertThat(split.structure()
                            .adjacency(clicked.reverse())
                            .hasEdge(split.test().dst()[i], split.test().src()[i]))
                    .isFalse();
        }
        LinkPredictionTask task = new LinkPredictionTask(
                graph, split, new FullGraphSampler(), LinkTaskConfig.sampledSoftmax(64, 255, 64, 0.1, 2));
        ModelConfig model = new ModelConfig(Backbone.HGT, 2, 16, 2, 0.1, 0);
        FineTuneConfig config =
                new FineTuneConfig(300, 64, 25, 0, OptimizerConfig.FINE_TUNING.withLearningRate(5e-3), 5);
        try (NDManager manager = NDManager.newBaseManager()) {
            GraphEncoder encoder = new GraphEncoder(GraphSchema.of(split.structure()), model);
            GraphModule head = task.createHead(16);
            ModelInitialization.initialize(config.seed(), manager, encoder, head);
            FineTuneResult result = new FineTuner(config, TrainingListener.NONE).run(task, encoder, head, manager);
            // A random ranker's expected MRR over 256 candidates is H(256)/256, about 0.024; ranking the
            // positive at random among its ~16 same-group negatives (the best a group-aware model can do)
            // gives about 0.2. Require three times chance.
            double chance = 0;
            for (int k = 1; k <= 256; k++) {
                chance += 1.0 / k;
            }
            chance /= 256;
            assertThat(result.metric(EvalSplit.TEST, "mrr")).isGreaterThan(3 * chance);
            assertThat(result.metric(EvalSplit.TEST, "hits@10")).isGreaterThan(result.metric(EvalSplit.TEST, "hits@1"));
        }
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({"BPR, UNIFORM", "SOFTMAX, IN_BATCH", "BPR, IN_BATCH"})
    void everyRankingObjectiveLearnsAndTestReportsFullRanking(
            com.dipgnn.ranking.RankingLoss loss, com.dipgnn.ranking.NegativeSampling negatives) {
        HeteroGraph graph = groupedClicks(4);
        RelationType clicked = graph.relation("clicked");
        LinkSplit split = LinkSplit.perUserHoldOut(graph, clicked, 0.2, 0.1, 1);
        LinkPredictionTask task = new LinkPredictionTask(
                graph,
                split,
                new FullGraphSampler(),
                LinkTaskConfig.sampledSoftmax(64, 255, 64, 0.1, 2).withObjective(loss, negatives));
        ModelConfig model = new ModelConfig(Backbone.HGT, 2, 16, 2, 0.1, 0);
        FineTuneConfig config =
                new FineTuneConfig(200, 64, 25, 0, OptimizerConfig.FINE_TUNING.withLearningRate(5e-3), 5);
        try (NDManager manager = NDManager.newBaseManager()) {
            GraphEncoder encoder = new GraphEncoder(GraphSchema.of(split.structure()), model);
            GraphModule head = task.createHead(16);
            ModelInitialization.initialize(config.seed(), manager, encoder, head);
            FineTuneResult result = new FineTuner(config, TrainingListener.NONE).run(task, encoder, head, manager);
            // chance MRR over 256 candidates is about 0.024 (see above); chance Recall@20 ranking ~310
            // unseen items is about 20/310 = 0.065
            assertThat(result.metric(EvalSplit.TEST, "mrr")).isGreaterThan(0.072);
            assertThat(result.metric(EvalSplit.TEST, "recall@20")).isGreaterThan(2 * 0.065);
            assertThat(result.metrics().get("test")).containsKey("ndcg@20");
            // the full ranking also reports where it finds the held-out pairs: short head and long tail
            Map<String, Double> test = result.metrics().get("test");
            assertThat(test).containsKeys(RankingEvaluator.headKey(20), RankingEvaluator.tailKey(20));
            assertThat(test.get(RankingEvaluator.headKey(20))).isBetween(0.0, 1.0);
            assertThat(test.get(RankingEvaluator.tailKey(20))).isBetween(0.0, 1.0);
        }
    }

    @Test
    void selectionByFullRankingValidatesOnRecallAt20() {
        HeteroGraph graph = groupedClicks(4);
        RelationType clicked = graph.relation("clicked");
        LinkSplit split = LinkSplit.perUserHoldOut(graph, clicked, 0.2, 0.1, 1);
        LinkPredictionTask sampled = new LinkPredictionTask(
                graph, split, new FullGraphSampler(), LinkTaskConfig.sampledSoftmax(64, 255, 64, 0.1, 2));
        LinkPredictionTask ranked = new LinkPredictionTask(
                graph,
                split,
                new FullGraphSampler(),
                LinkTaskConfig.sampledSoftmax(64, 255, 64, 0.1, 2).withFullRankingSelection(true));
        assertThat(sampled.primaryMetric()).isEqualTo("mrr");
        assertThat(ranked.primaryMetric()).isEqualTo("recall@20");
        ModelConfig model = new ModelConfig(Backbone.HGT, 2, 16, 2, 0.1, 0);
        FineTuneConfig config =
                new FineTuneConfig(100, 64, 25, 0, OptimizerConfig.FINE_TUNING.withLearningRate(5e-3), 5);
        try (NDManager manager = NDManager.newBaseManager()) {
            GraphEncoder encoder = new GraphEncoder(GraphSchema.of(split.structure()), model);
            GraphModule head = ranked.createHead(16);
            ModelInitialization.initialize(config.seed(), manager, encoder, head);
            FineTuneResult result = new FineTuner(config, TrainingListener.NONE).run(ranked, encoder, head, manager);
            assertThat(result.metrics().get("val")).containsKeys("recall@20", "ndcg@20", "mrr");
            // chance Recall@20 ranking ~310 unseen items is about 0.065; the grouped clicks are learnable
            assertThat(result.metric(EvalSplit.VAL, "recall@20")).isGreaterThan(2 * 0.065);
            assertThat(sampled.evaluate(encoder, head, EvalSplit.VAL, manager)).doesNotContainKey("recall@20");
        }
    }

    @Test
    void selectionByFullRankingRefusesMoreCandidatesThanItRanks() {
        int items = LinkPredictionTask.FULL_RANKING_MAX_CANDIDATES + 1;
        int[] src = new int[40];
        int[] dst = new int[40];
        Arrays.setAll(src, e -> e % 4);
        Arrays.setAll(dst, e -> e * 1000);
        HeteroGraph graph = new GraphBuilder("many-items")
                .addNodes(NodeTable.ofCount("user", 4))
                .addNodes(NodeTable.ofCount("item", items))
                .addEdges(new RelationType("user", "clicked", "item"), src, dst, null, true)
                .build();
        LinkSplit split = LinkSplit.perUserHoldOut(graph, graph.relation("clicked"), 0.2, 0.1, 1);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new LinkPredictionTask(
                        graph,
                        split,
                        new FullGraphSampler(),
                        LinkTaskConfig.sampledSoftmax(8, 15, 8, 0.1, 2).withFullRankingSelection(true)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(String.valueOf(LinkPredictionTask.FULL_RANKING_MAX_CANDIDATES));
    }
}
