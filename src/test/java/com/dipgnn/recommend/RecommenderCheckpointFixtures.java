package com.dipgnn.recommend;

import ai.djl.Device;
import com.dipgnn.finetuning.SplitMode;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.optim.LearningRateSchedule;
import com.dipgnn.optim.OptimizerConfig;
import com.dipgnn.optim.TrainingListener;
import com.dipgnn.ranking.NegativeSampling;
import com.dipgnn.ranking.RankingLoss;
import java.nio.file.Path;

/**
 * The recommender run whose checkpoints are kept as fixtures under
 * {@code src/test/resources/checkpoints}: 3 epochs of matrix factorisation, checkpointed after
 * each but the last, leave the checkpoint of epoch 2; {@link #main} writes one.
 */
class RecommenderCheckpointFixtures {

    static final HeteroGraph GRAPH = PlantedInteractions.graph(40, 40, 2, 6, 0.9, 11);

    static RecommenderConfig config(int epochs, int batchSize) {
        return new RecommenderConfig(
                RecommenderKind.MF,
                4,
                0,
                RankingLoss.BPR,
                NegativeSampling.UNIFORM,
                1,
                0.2,
                1e-4,
                epochs,
                batchSize,
                new OptimizerConfig(1e-2, 0, 0, 1e-8, 0),
                LearningRateSchedule.CONSTANT,
                1,
                0,
                5,
                10,
                RowUpdates.AUTO);
    }

    static RecommenderExperiment experiment(RecommenderConfig config) {
        return new RecommenderExperiment(GRAPH, null, SplitMode.HOLDOUT, 7, config, Device.cpu());
    }

    /**
     * Writes the run's checkpoints into {@code args[0]/recommend} with today's format (a program, not a
     * test: src/test/resources/checkpoints/README.md says how its files become fixtures).
     */
    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]).resolve("recommend");
        experiment(config(3, 32)).run(3, TrainingListener.NONE, dir);
    }
}
