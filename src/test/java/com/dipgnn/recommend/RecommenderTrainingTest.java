package com.dipgnn.recommend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ai.djl.Device;
import com.dipgnn.finetuning.SplitMode;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.optim.LearningRateSchedule;
import com.dipgnn.optim.OptimizerConfig;
import com.dipgnn.optim.TrainingListener;
import com.dipgnn.ranking.Interactions;
import com.dipgnn.ranking.NegativeSampling;
import com.dipgnn.ranking.PopularityPrior;
import com.dipgnn.ranking.PopularityPriorSetting;
import com.dipgnn.ranking.RankingLoss;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Learning from interactions alone: on a featureless graph with planted communities and flat item
 * popularity, MF and LightGCN find the communities (popularity cannot), and a checkpointed run
 * that is interrupted and resumed ends exactly like an uninterrupted one.
 */
class RecommenderTrainingTest {

    /** 200 users, 200 items, 4 communities, 12 clicks per user, 90% inside the community. */
    private static final HeteroGraph GRAPH = PlantedInteractions.graph(200, 200, 4, 12, 0.9, 11);

    @Test
    void embeddingsLearnThePlantedCommunitiesWellAbovePopularity() throws Exception {
        double popularity = recall(RecommenderKind.POPULARITY, RankingLoss.BPR, NegativeSampling.UNIFORM);
        double mf = recall(RecommenderKind.MF, RankingLoss.BPR, NegativeSampling.UNIFORM);
        double lightGcn = recall(RecommenderKind.LIGHTGCN, RankingLoss.SOFTMAX, NegativeSampling.IN_BATCH);
        // a community holds 50 items, 9 of them the user's training items: ranking inside the right
        // community reaches Recall@20 of about 20/41 ≈ 0.49 for held-out items there (90% of them);
        // flat popularity ranks at random over ~188 items: about 20/188 ≈ 0.11
        assertThat(popularity).isLessThan(0.2);
        assertThat(mf).isGreaterThan(popularity + 0.15);
        assertThat(lightGcn).isGreaterThan(popularity + 0.15);
    }

    @Test
    void aResumedRunEndsExactlyLikeAnUninterruptedOne(@TempDir Path dir) throws Exception {
        RecommenderConfig c = config(RecommenderKind.LIGHTGCN, RankingLoss.BPR, NegativeSampling.UNIFORM, 6);
        RecommenderResult straight = experiment(c).run(3, TrainingListener.NONE, dir.resolve("a"));
        Path resumed = dir.resolve("b");
        StopAfter stop = new StopAfter(2 * stepsPerEpoch(c));
        try {
            experiment(c).run(3, stop, resumed);
        } catch (com.dipgnn.optim.TrainingCancelledException expected) {
            // interrupted in epoch 3, after the checkpoint of epoch 2
        }
        assertThat(Files.exists(resumed.resolve("LATEST"))).isTrue();
        List<Map<String, Double>> announced = new ArrayList<>();
        RecommenderResult second = experiment(c)
                .run(
                        3,
                        new TrainingListener() {
                            @Override
                            public void onValidation(long step, Map<String, Double> metrics, boolean improved) {
                                if (improved) {
                                    announced.add(metrics);
                                }
                            }
                        },
                        resumed);
        assertThat(second.resumedFrom()).isEqualTo(2);
        // the progress of a resumed run starts from the best validation it restored (epoch 2, the only one)
        assertThat(announced.get(0)).isEqualTo(straight.curve().get(0).val());
        assertThat(second.metrics()).isEqualTo(straight.metrics());
        assertThat(second.curve().stream().map(EpochLog::val).toList())
                .isEqualTo(straight.curve().stream().map(EpochLog::val).toList());
    }

    @Test
    void lazyRowUpdatesLearnTheCommunitiesAndResumeExactly(@TempDir Path dir) throws Exception {
        double popularity = recall(RecommenderKind.POPULARITY, RankingLoss.BPR, NegativeSampling.UNIFORM);
        RecommenderConfig forty = lazy(config(RecommenderKind.MF, RankingLoss.BPR, NegativeSampling.UNIFORM, 40));
        RecommenderResult learned = experiment(forty).run(1, TrainingListener.NONE, null);
        assertThat(learned.metrics().get("test").get("recall@20")).isGreaterThan(popularity + 0.15);
        RecommenderConfig c = lazy(config(RecommenderKind.MF, RankingLoss.BPR, NegativeSampling.UNIFORM, 6));
        RecommenderResult straight = experiment(c).run(3, TrainingListener.NONE, null);
        try {
            experiment(c).run(3, new StopAfter(2 * stepsPerEpoch(c)), dir);
        } catch (com.dipgnn.optim.TrainingCancelledException expected) {
            // interrupted in epoch 3, after the checkpoint of epoch 2 (weights and lazy Adam's moments)
        }
        RecommenderResult resumed = experiment(c).run(3, TrainingListener.NONE, dir);
        assertThat(resumed.resumedFrom()).isEqualTo(2);
        assertThat(resumed.metrics()).isEqualTo(straight.metrics());
        // the dense run of the same settings takes another trajectory (its momentum moves unread rows)
        RecommenderConfig dense = withRowUpdates(c, RowUpdates.DENSE);
        assertThat(experiment(dense).run(3, TrainingListener.NONE, null).metrics())
                .isNotEqualTo(straight.metrics());
    }

    private static RecommenderConfig lazy(RecommenderConfig c) {
        return withRowUpdates(c, RowUpdates.LAZY);
    }

    private static RecommenderConfig withRowUpdates(RecommenderConfig c, RowUpdates rowUpdates) {
        return RecommenderConfigs.withRowUpdates(c, rowUpdates);
    }

    @Test
    void aFinishedRunCanBeExtendedWithMoreEpochsFromItsCheckpoint(@TempDir Path dir) throws Exception {
        RecommenderConfig six = config(RecommenderKind.LIGHTGCN, RankingLoss.BPR, NegativeSampling.UNIFORM, 6);
        RecommenderConfig three = config(RecommenderKind.LIGHTGCN, RankingLoss.BPR, NegativeSampling.UNIFORM, 3);
        RecommenderResult straight = experiment(six).run(3, TrainingListener.NONE, null);
        experiment(three).run(3, TrainingListener.NONE, dir);
        RecommenderResult extended = experiment(six).run(3, TrainingListener.NONE, dir);
        // the last epoch of a run is not checkpointed: the extension starts after epoch 2
        assertThat(extended.resumedFrom()).isEqualTo(2);
        assertThat(extended.epochsRun()).isEqualTo(6);
        assertThat(extended.metrics()).isEqualTo(straight.metrics());
    }

    @Test
    void aCosineScheduleResumesExactlyButNotWithAnotherEpochBudget(@TempDir Path dir) throws Exception {
        RecommenderConfig constant = config(RecommenderKind.LIGHTGCN, RankingLoss.BPR, NegativeSampling.UNIFORM, 4);
        RecommenderConfig cosine = withSchedule(constant, LearningRateSchedule.COSINE, 4);
        // the epochs are the budget at a constant rate only: a schedule's rate at each step depends on them
        assertThat(constant.withoutBudget().epochs()).isZero();
        assertThat(cosine.withoutBudget().epochs()).isEqualTo(4);
        RecommenderResult straight = experiment(cosine).run(3, TrainingListener.NONE, null);
        assertThat(straight.metrics())
                .as("the schedule changes the trajectory")
                .isNotEqualTo(
                        experiment(constant).run(3, TrainingListener.NONE, null).metrics());
        try {
            experiment(cosine).run(3, new StopAfter(2 * stepsPerEpoch(cosine)), dir);
        } catch (com.dipgnn.optim.TrainingCancelledException expected) {
            // interrupted in epoch 3, after the checkpoint of epoch 2
        }
        RecommenderConfig longer = withSchedule(constant, LearningRateSchedule.COSINE, 6);
        assertThatThrownBy(() -> experiment(longer).run(3, TrainingListener.NONE, dir))
                .hasMessageContaining("epochs: 4 -> 6");
        RecommenderResult resumed = experiment(cosine).run(3, TrainingListener.NONE, dir);
        assertThat(resumed.resumedFrom()).isEqualTo(2);
        assertThat(resumed.metrics()).isEqualTo(straight.metrics());
    }

    @Test
    void aTimeLimitEndsTheEpochInProgressWhichIsValidatedAndTheLast() throws Exception {
        // 6 epochs validated every 2; the time is up one step into epoch 2 (not a validation epoch by itself)
        RecommenderConfig c = config(RecommenderKind.MF, RankingLoss.BPR, NegativeSampling.UNIFORM, 6);
        int perEpoch = stepsPerEpoch(c);
        long[] started = {-1};
        TrainingListener upInEpochTwo = new TrainingListener() {
            private long done;

            @Override
            public void onStart(long resumedFrom) {
                started[0] = resumedFrom;
            }

            @Override
            public void onStep(long step, long totalSteps, double loss) {
                done = step;
            }

            @Override
            public boolean timeUp() {
                return done >= perEpoch + 1;
            }
        };
        RecommenderResult r = experiment(c).run(3, upInEpochTwo, null);
        assertThat(started[0])
                .as("a fresh run says so, which starts its time limit")
                .isEqualTo(0);
        assertThat(r.epochsRun()).as("epoch 1, and epoch 2 cut short").isEqualTo(2);
        assertThat(r.curve()).extracting(EpochLog::epoch).containsExactly(2);
        assertThat(r.curve().get(0).val()).as("the cut epoch is validated").isNotEmpty();
        assertThat(r.bestEpoch()).isEqualTo(2);
    }

    @Test
    void withoutValidationPairsEveryEpochIsTrainedAndTheLastWeightsAreKept() throws Exception {
        InteractionSplit held = experiment(config(RecommenderKind.MF, RankingLoss.BPR, NegativeSampling.UNIFORM, 3))
                .split();
        InteractionSplit noVal = new InteractionSplit(
                held.relation(),
                held.structure(),
                held.train(),
                Interactions.of(held.users(), held.items(), new int[0], new int[0]),
                held.test());
        RecommenderConfig c = config(RecommenderKind.MF, RankingLoss.BPR, NegativeSampling.UNIFORM, 3);
        RecommenderTrainer trainer = new RecommenderTrainer(c, 5, TrainingListener.NONE);
        try (ai.djl.ndarray.NDManager manager = ai.djl.ndarray.NDManager.newBaseManager(Device.cpu())) {
            Recommender model = trainer.create(noVal, manager);
            RecommenderResult r = trainer.run(noVal, model, manager, null, null);

            assertThat(r.metrics()).containsOnlyKeys("test");
            assertThat(r.epochsRun()).isEqualTo(3);
            assertThat(r.bestEpoch()).isEqualTo(3);
            // evaluation every 2 epochs and after the last: a loss entry at epochs 2 and 3, no validation
            assertThat(r.curve()).extracting(EpochLog::epoch).containsExactly(2, 3);
            assertThat(r.curve()).allSatisfy(e -> assertThat(e.val()).isEmpty());
        }
    }

    @Test
    void aPriorChosenByValidationRanksTheReportedMetrics() throws Exception {
        RecommenderConfig c = config(RecommenderKind.MF, RankingLoss.BPR, NegativeSampling.UNIFORM, 4);
        RecommenderResult r =
                experiment(c).withPopularityPrior(PopularityPriorSetting.AUTO).run(2, TrainingListener.NONE, null);

        PopularityPrior prior = r.popularityPrior();
        assertThat(prior.chosenBy()).isEqualTo("validation");
        assertThat(prior.trials())
                .extracting(PopularityPrior.Trial::beta)
                .containsExactlyElementsOf(PopularityPriorSetting.DOT_PRODUCT_GRID);
        // the validation Recall@20 reported is the one the chosen weight's trial measured
        double chosenTrial = prior.trials().stream()
                .filter(t -> t.beta() == prior.beta())
                .findFirst()
                .orElseThrow()
                .validation();
        assertThat(r.metrics().get("val").get("recall@20")).isEqualTo(chosenTrial);
        assertThat(chosenTrial)
                .isEqualTo(prior.trials().stream()
                        .mapToDouble(PopularityPrior.Trial::validation)
                        .max()
                        .orElseThrow());
        // no prior unless asked for: the field's baselines rank by their own scores
        assertThat(experiment(c).run(2, TrainingListener.NONE, null).popularityPrior())
                .isEqualTo(PopularityPrior.NONE);
    }

    @Test
    void anAutoPriorWithoutValidationPairsIsRefusedBeforeTraining() {
        InteractionSplit held = experiment(config(RecommenderKind.MF, RankingLoss.BPR, NegativeSampling.UNIFORM, 3))
                .split();
        InteractionSplit noVal = new InteractionSplit(
                held.relation(),
                held.structure(),
                held.train(),
                Interactions.of(held.users(), held.items(), new int[0], new int[0]),
                held.test());
        RecommenderConfig c = config(RecommenderKind.MF, RankingLoss.BPR, NegativeSampling.UNIFORM, 3);
        StopAfter neverTrained = new StopAfter(0);
        RecommenderTrainer trainer = new RecommenderTrainer(c, 5, neverTrained, PopularityPriorSetting.AUTO);
        try (ai.djl.ndarray.NDManager manager = ai.djl.ndarray.NDManager.newBaseManager(Device.cpu())) {
            Recommender model = trainer.create(noVal, manager);
            assertThatThrownBy(() -> trainer.run(noVal, model, manager, null, null))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("validation pairs")
                    .hasMessageContaining("0.02");
            assertThat(neverTrained.done).as("no step was trained").isZero();
        }
    }

    private static RecommenderConfig withSchedule(RecommenderConfig c, LearningRateSchedule schedule, int epochs) {
        return c.withTraining(epochs, c.batchSize(), schedule, c.evalEvery(), c.patience());
    }

    private static int stepsPerEpoch(RecommenderConfig c) {
        RecommenderExperiment e = experiment(c);
        return (e.split().train().size() + c.batchSize() - 1) / c.batchSize();
    }

    /** Cancels once the given number of steps is done. */
    private static final class StopAfter implements TrainingListener {
        private final long steps;
        private long done;

        StopAfter(long steps) {
            this.steps = steps + 1;
        }

        @Override
        public void onStep(long step, long totalSteps, double loss) {
            done = step;
        }

        @Override
        public boolean stopRequested() {
            return done >= steps;
        }
    }

    private static double recall(RecommenderKind kind, RankingLoss loss, NegativeSampling negatives) throws Exception {
        RecommenderResult r = experiment(config(kind, loss, negatives, 40)).run(1, TrainingListener.NONE, null);
        return r.metrics().get("test").get("recall@20");
    }

    private static RecommenderExperiment experiment(RecommenderConfig config) {
        return new RecommenderExperiment(GRAPH, null, SplitMode.HOLDOUT, 7, config, Device.cpu());
    }

    private static RecommenderConfig config(
            RecommenderKind kind, RankingLoss loss, NegativeSampling negatives, int epochs) {
        return new RecommenderConfig(
                kind,
                16,
                2,
                loss,
                negatives,
                loss == RankingLoss.BPR ? 1 : 64,
                0.2,
                1e-4,
                epochs,
                128,
                new OptimizerConfig(1e-2, 0, 0, 1e-8, 0),
                LearningRateSchedule.CONSTANT,
                2,
                0,
                20,
                50,
                RowUpdates.AUTO);
    }
}
