package com.dipgnn.bench;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import com.dipgnn.finetuning.ExperimentSpec;
import com.dipgnn.finetuning.SplitMode;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.optim.TrainingListener;
import com.dipgnn.recommend.InteractionSplit;
import com.dipgnn.recommend.Recommender;
import com.dipgnn.recommend.RecommenderConfig;
import com.dipgnn.recommend.RecommenderTrainer;
import java.util.Arrays;

/**
 * Training-step and evaluation cost of a baseline recommender on an interaction graph (Gowalla
 * by default): the median step, the epoch it projects to (steps per epoch × median), and one
 * full-ranking evaluation of every test user against every item.
 */
public final class RecommenderBenchmark {

    /**
     * The figures.
     *
     * @param model the recommender and its settings
     * @param users users of the graph
     * @param items items of the graph
     * @param trainPairs training pairs (an epoch's worth)
     * @param step step times in ms
     * @param epochSeconds projected seconds of one epoch: steps per epoch × median step
     * @param fullRankingSeconds one full-ranking evaluation of the test users
     * @param testUsers users ranked in that evaluation
     * @param loadAverage the machine's one-minute load average at the end
     */
    public record Report(
            String model,
            int users,
            int items,
            int trainPairs,
            StepTimes step,
            double epochSeconds,
            double fullRankingSeconds,
            int testUsers,
            String loadAverage) {}

    private RecommenderBenchmark() {}

    /** Measures {@code config} on the data set's own edge split of {@code graph}. */
    public static Report run(HeteroGraph graph, RecommenderConfig config, Device device, int warmup, int repeats) {
        InteractionSplit split = InteractionSplit.of(
                SplitMode.DATASET.edgeSplit(graph, ExperimentSpec.predictedRelation(graph, null), 0));
        RecommenderTrainer trainer = new RecommenderTrainer(config, 0, TrainingListener.NONE);
        try (NDManager manager = NDManager.newBaseManager(device)) {
            Recommender model = trainer.create(split, manager);
            double[] ms = trainer.timeSteps(split, model, manager, warmup, repeats);
            StepTimes steps = new StepTimes(Arrays.copyOf(ms, repeats));
            int perEpoch = (split.train().size() + config.batchSize() - 1) / config.batchSize();
            return new Report(
                    config.kind().cliName() + " " + config,
                    split.users(),
                    split.items(),
                    split.train().size(),
                    steps,
                    perEpoch * steps.median() / 1000,
                    ms[repeats] / 1000,
                    split.test().activeUsers().length,
                    NodeEmbeddingBenchmark.loadAverage());
        }
    }
}
