package com.dipgnn.bench;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import com.dipgnn.finetuning.ExperimentSpec;
import com.dipgnn.finetuning.SplitMode;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.split.EdgeSplitKind;
import com.dipgnn.optim.TrainingCancelledException;
import com.dipgnn.optim.TrainingListener;
import com.dipgnn.recommend.InteractionSplit;
import com.dipgnn.recommend.Recommender;
import com.dipgnn.recommend.RecommenderConfig;
import com.dipgnn.recommend.RecommenderData;
import com.dipgnn.recommend.RecommenderResult;
import com.dipgnn.recommend.RecommenderTrainer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A baseline recommender ({@link RecommendTrainPath#MF}, {@link RecommendTrainPath#LIGHTGCN})
 * measured on a graph: its own training loop on the data set's own edge split (as {@code bench
 * --config recommender} and {@code finetune --model} split it), stopped after the budget of steps;
 * a step's time runs from the end of the step before it to its own end, so it holds drawing its
 * pairs (on the training thread) and, at an epoch's start, the shuffle. Then, unless told not to,
 * the trained weights are evaluated by full ranking with no popularity prior.
 */
final class BaselineTrainMeasure {

    private final RecommendTrainBenchmark.Settings settings;
    private final Device device;
    private final Consumer<String> log;

    BaselineTrainMeasure(RecommendTrainBenchmark.Settings settings, Device device, Consumer<String> log) {
        this.settings = settings;
        this.device = device;
        this.log = log;
    }

    TrainMeasurement run(HeteroGraph graph, RecommendTrainPath path) {
        RecommenderConfig config = settings.baselines().get(path.baseline());
        if (settings.batchSize() > 0) {
            config = reshaped(config, config.epochs(), config.evalEvery(), settings.batchSize());
        }
        InteractionSplit split = InteractionSplit.of(
                SplitMode.DATASET.edgeSplit(graph, ExperimentSpec.predictedRelation(graph, null), 0));
        long perEpoch = RecommendTrainCell.stepsPerEpoch(split.train().size(), config.batchSize());
        // enough epochs that the budget ends inside the last but one, validating at none of them
        int epochs = (int) ((settings.budgetSteps() + perEpoch - 1) / perEpoch) + 1;
        RecommenderConfig budgeted = reshaped(config, epochs, epochs + 1, config.batchSize());
        log.accept(path.cliName() + ": " + config);
        try (NDManager manager = NDManager.newBaseManager(device)) {
            RecommenderData data = new RecommenderData(
                    graph.fingerprint(), SplitMode.DATASET, 0, EdgeSplitKind.DEFAULT_VALIDATION_FRACTION);
            StepClock clock = new StepClock();
            RecommenderTrainer trainer = new RecommenderTrainer(budgeted, settings.seed(), clock);
            Recommender model = trainer.create(split, manager);
            try {
                trainer.run(split, model, manager, null, data);
                throw new IllegalStateException("the baseline stopped before the budget of steps");
            } catch (TrainingCancelledException expected) {
                // the budget is spent: the weights are those after its last step
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            long nativeBytes = RecommendTrainBenchmark.nativeBytes();
            Map<String, Double> test = Map.of();
            if (settings.quality()) {
                log.accept(path.cliName() + ": ranking the test split");
                test = evaluate(new RecommenderTrainer(
                                reshaped(config, 0, 1, config.batchSize()), settings.seed(), TrainingListener.NONE)
                        .run(split, model, manager, null, data));
            }
            return new TrainMeasurement(
                    null,
                    split.users(),
                    split.items(),
                    split.train().size(),
                    config.batchSize(),
                    null,
                    new StepTimes(clock.timed),
                    null,
                    nativeBytes,
                    test.get(RecommendTrainBenchmark.RECALL),
                    test.get(RecommendTrainBenchmark.NDCG));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<String, Double> evaluate(RecommenderResult result) {
        return result.metrics().get("test");
    }

    /** Times each step from the end of the one before; stops the run when the budget is spent. */
    private final class StepClock implements TrainingListener {
        final double[] timed = new double[settings.budgetSteps() - settings.warmup()];
        private long last = System.nanoTime();
        private long steps;

        @Override
        public void onStep(long step, long totalSteps, double loss) {
            long now = System.nanoTime();
            steps = step;
            int r = (int) step - 1 - settings.warmup();
            if (r >= 0 && r < timed.length) {
                timed[r] = (now - last) / 1e6;
            }
            last = now;
            RecommendTrainBenchmark.progress(log, (int) step, settings.budgetSteps());
        }

        @Override
        public boolean stopRequested() {
            return steps >= settings.budgetSteps();
        }
    }

    /** {@code c} with other epochs, validation interval and batch. */
    private static RecommenderConfig reshaped(RecommenderConfig c, int epochs, int evalEvery, int batch) {
        return c.withTraining(epochs, batch, c.schedule(), evalEvery, c.patience());
    }
}
