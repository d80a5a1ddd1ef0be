package com.dipgnn.recommend;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import com.dipgnn.finetuning.FineTuner;
import com.dipgnn.graph.StepRandom;
import com.dipgnn.optim.EarlyStopping;
import com.dipgnn.optim.ModelInitialization;
import com.dipgnn.optim.ParameterUpdater;
import com.dipgnn.optim.TrainingCancelledException;
import com.dipgnn.optim.TrainingListener;
import com.dipgnn.ranking.Interactions;
import com.dipgnn.ranking.PopularityPrior;
import com.dipgnn.ranking.PopularityPriorSetting;
import com.dipgnn.ranking.RankingEvaluator;
import com.dipgnn.ranking.TopKMetrics;
import com.dipgnn.ranking.UserSample;
import com.dipgnn.runtime.Devices;
import com.dipgnn.store.CheckpointFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;

/**
 * Trains a {@link Recommender} in epochs over the shuffled training pairs, validates every few
 * epochs by full-ranking Recall@K on the validation pairs (training items excluded), keeps the
 * best weights, stops early, sets the popularity prior ({@link RecommenderPrior}: none by
 * default, fixed, or chosen by validation) and evaluates the kept weights with it under every
 * protocol of {@link RankingEvaluator}. Without validation pairs it trains every epoch and keeps the last
 * weights. With a checkpoint directory it saves after every epoch and resumes
 * from the last one; a resumed run ends exactly as an uninterrupted one (each epoch's shuffle
 * and negatives come from {@code (seed, epoch)}).
 */
public final class RecommenderTrainer {

    private final RecommenderConfig config;
    private final long seed;
    private final TrainingListener listener;
    private final PopularityPriorSetting prior;

    /** A trainer whose models rank by their own scores, with no popularity prior. */
    public RecommenderTrainer(RecommenderConfig config, long seed, TrainingListener listener) {
        this(config, seed, listener, PopularityPriorSetting.OFF);
    }

    /**
     * @param prior how the popularity prior evaluation ranks with is set once training ends:
     *     {@code auto} chooses its weight by validation Recall@K and needs validation pairs
     */
    public RecommenderTrainer(
            RecommenderConfig config, long seed, TrainingListener listener, PopularityPriorSetting prior) {
        this.config = config;
        this.seed = seed;
        this.listener = listener;
        this.prior = Objects.requireNonNull(prior, "prior");
    }

    /** Builds the configured recommender for the split, its weights created in {@code manager}. */
    public Recommender create(InteractionSplit split, NDManager manager) {
        Recommender model = switch (config.kind()) {
            case POPULARITY -> new Popularity(split.train());
            case MF ->
                new MatrixFactorization(
                        split.users(),
                        split.items(),
                        config.dim(),
                        config.rowUpdates().lazy(split.users(), split.items()));
            case LIGHTGCN -> new LightGcn(split.train(), config.dim(), config.layers());
        };
        ModelInitialization.initialize(seed, manager, model);
        return model;
    }

    /**
     * Trains (unless the model has nothing to learn) and evaluates.
     *
     * @param checkpoints where to save and resume from; null for none
     * @param data what a checkpoint must have been written with (data and split), beside the config and seed
     */
    public RecommenderResult run(
            InteractionSplit split, Recommender model, NDManager manager, Path checkpoints, RecommenderData data)
            throws IOException {
        if (prior.auto() && split.val().size() == 0) {
            throw new IllegalArgumentException("the popularity prior 'auto' chooses its weight on validation pairs, "
                    + "and this split holds none (a validation share of 0): give a weight such as 0.02, or off");
        }
        long start = System.nanoTime();
        RankingEvaluator evaluator = new RankingEvaluator(config.fullK(), config.evalNegatives(), seed);
        Run run = new Run(new EarlyStopping<>(config.evalEvery(), config.patience(), weights -> {}));
        if (model.trainable() && config.epochs() > 0) {
            train(
                    split,
                    model,
                    manager,
                    evaluator,
                    run,
                    checkpoints,
                    RecommenderCheckpoint.Identity.of(data, config, seed),
                    start);
        }
        listener.onTrainingEnd(run.steps);
        run.stopping.restoreBest(model::restore);
        RecommenderPrior rule = new RecommenderPrior(prior, split.train(), cosineScores(model));
        PopularityPrior chosen;
        try (NDManager scope = manager.newSubManager()) {
            // on the calibration sample of the validation users (UserSample), not every one of a catalog's
            chosen = rule.choose(
                    scoringVectors(model, scope),
                    ranked(split.val(), UserSample.MAX_CALIBRATION_SCORES),
                    split.train(),
                    evaluator,
                    scope);
        }
        Map<String, Map<String, Double>> metrics = new LinkedHashMap<>();
        if (split.val().size() > 0) {
            metrics.put(
                    "val", evaluate(model, rule, chosen, manager, evaluator, split.val(), split.train(), split.all()));
        }
        metrics.put(
                "test",
                evaluate(
                        model,
                        rule,
                        chosen,
                        manager,
                        evaluator,
                        split.test(),
                        split.train().union(split.val()),
                        split.all()));
        double seconds = run.earlierSeconds + (System.nanoTime() - start) / 1e9;
        return new RecommenderResult(
                metrics,
                (int) run.stopping.bestAt(),
                run.epoch,
                seconds,
                List.copyOf(run.curve),
                run.resumedFrom,
                chosen);
    }

    /** The mutable state of a training run. */
    private static final class Run {
        final EarlyStopping<Map<String, float[]>> stopping;
        int epoch;
        long steps;
        double earlierSeconds;
        int resumedFrom;
        final List<EpochLog> curve = new ArrayList<>();

        Run(EarlyStopping<Map<String, float[]>> stopping) {
            this.stopping = stopping;
        }
    }

    private void train(
            InteractionSplit split,
            Recommender model,
            NDManager manager,
            RankingEvaluator evaluator,
            Run run,
            Path checkpoints,
            RecommenderCheckpoint.Identity identity,
            long start)
            throws IOException {
        ParameterUpdater updater = new ParameterUpdater(config.optimizer(), model);
        if (CheckpointFiles.exists(checkpoints)) {
            resume(RecommenderCheckpoint.load(checkpoints, identity, model, updater), run);
            announceRestoredBest(run);
        }
        listener.onStart(run.steps);
        int[] users = split.train().userColumn();
        int[] items = split.train().itemColumn();
        int stepsPerEpoch = (users.length + config.batchSize() - 1) / config.batchSize();
        long totalSteps = (long) stepsPerEpoch * config.epochs();
        Engine engine = Devices.engine();
        double lossSum = 0;
        int lossSteps = 0;
        boolean timeUp = false;
        while (run.epoch < config.epochs()) {
            Random rng = StepRandom.rngFor(seed, run.epoch + 1L);
            int[] order = shuffled(users.length, rng);
            engine.setRandomSeed((int) StepRandom.seedFor(seed, run.epoch + 1L));
            for (int from = 0; from < users.length; from += config.batchSize()) {
                TrainingPairs pairs = TrainingPairs.draw(
                        split.train(),
                        users,
                        items,
                        order,
                        from,
                        Math.min(users.length, from + config.batchSize()),
                        config,
                        rng);
                updater.setLearningRateFactor(config.schedule().factor(run.steps + 1, totalSteps));
                double loss = step(model, pairs, manager, engine, updater);
                lossSum += loss;
                lossSteps++;
                listener.onStep(++run.steps, totalSteps, loss);
                if (listener.stopRequested()) {
                    throw new TrainingCancelledException(run.steps);
                }
                if (run.steps < totalSteps && listener.timeUp()) {
                    timeUp = true; // the epoch ends here, is validated, and is the last
                    break;
                }
            }
            run.epoch++;
            boolean stop = timeUp;
            if (timeUp || run.stopping.due(run.epoch, config.epochs())) {
                double meanLoss = lossSum / lossSteps;
                if (split.val().size() > 0) {
                    stop = validate(split, model, manager, evaluator, run, meanLoss, elapsed(run, start)) || timeUp;
                } else {
                    // nothing held out to choose by: the last weights are the model
                    run.stopping.lastIsBest(run.epoch);
                    run.curve.add(new EpochLog(run.epoch, meanLoss, Map.of(), elapsed(run, start)));
                }
                lossSum = 0;
                lossSteps = 0;
            }
            if (checkpoints != null && !stop && run.epoch < config.epochs()) {
                RecommenderCheckpoint.save(
                        checkpoints,
                        run.epoch,
                        identity,
                        new RecommenderCheckpoint.Progress(
                                run.steps, run.stopping.progress(), elapsed(run, start), run.curve),
                        model,
                        run.stopping.bestWeights().orElse(null),
                        updater);
                listener.onCheckpoint(run.steps, checkpoints);
            }
            if (stop) {
                break;
            }
        }
    }

    /** Tells the listener the best validation so far of a resumed run, so its progress shows it. */
    private void announceRestoredBest(Run run) {
        run.curve.stream()
                .filter(e -> e.epoch() == run.stopping.bestAt())
                .findFirst()
                .ifPresent(best -> listener.onValidation(run.steps, best.val(), true));
    }

    private static double elapsed(Run run, long start) {
        return run.earlierSeconds + (System.nanoTime() - start) / 1e9;
    }

    private static void resume(RecommenderCheckpoint.Restored restored, Run run) {
        RecommenderCheckpoint.Progress p = restored.progress();
        run.epoch = restored.epoch();
        run.steps = p.steps();
        run.stopping.resume(p.stopping(), restored.bestWeights());
        run.earlierSeconds = p.seconds();
        run.resumedFrom = restored.epoch();
        run.curve.addAll(p.curve());
    }

    /**
     * Times {@code steps} training steps of {@code model} on random batches of the split's
     * training pairs (after {@code warmup} untimed ones) and one full-ranking evaluation of the
     * test users: the figures of {@code bench --config recommender}.
     *
     * @return milliseconds of each timed step, then the evaluation's milliseconds as the last entry
     */
    public double[] timeSteps(InteractionSplit split, Recommender model, NDManager manager, int warmup, int steps) {
        ParameterUpdater updater = new ParameterUpdater(config.optimizer(), model);
        Engine engine = Devices.engine();
        int[] users = split.train().userColumn();
        int[] items = split.train().itemColumn();
        Random rng = StepRandom.rngFor(seed, 0xBE);
        int[] order = shuffled(users.length, rng);
        double[] ms = new double[steps + 1];
        for (int s = 0; s < warmup + steps; s++) {
            int from = (s * config.batchSize()) % Math.max(1, users.length - config.batchSize());
            TrainingPairs pairs = TrainingPairs.draw(
                    split.train(),
                    users,
                    items,
                    order,
                    from,
                    Math.min(users.length, from + config.batchSize()),
                    config,
                    rng);
            long t0 = System.nanoTime();
            step(model, pairs, manager, engine, updater);
            if (s >= warmup) {
                ms[s - warmup] = (System.nanoTime() - t0) / 1e6;
            }
        }
        long t0 = System.nanoTime();
        fullRanking(
                model,
                manager,
                new RankingEvaluator(config.fullK(), config.evalNegatives(), seed),
                split.test(),
                split.train().union(split.val()));
        ms[steps] = (System.nanoTime() - t0) / 1e6;
        return ms;
    }

    private double step(
            Recommender model, TrainingPairs pairs, NDManager manager, Engine engine, ParameterUpdater updater) {
        return FineTuner.optimizerStep(
                manager,
                engine,
                updater,
                scope -> RecommenderLosses.loss(model.stepVectors(pairs, scope), config, scope));
    }

    /** Validates after an epoch, keeping the best weights; returns whether to stop early. */
    private boolean validate(
            InteractionSplit split,
            Recommender model,
            NDManager manager,
            RankingEvaluator evaluator,
            Run run,
            double loss,
            double seconds) {
        Map<String, Double> val = fullRanking(model, manager, evaluator, split.val(), split.train());
        boolean improved = run.stopping.validated(run.epoch, val.get("recall@" + config.fullK()), model::snapshot);
        run.curve.add(new EpochLog(run.epoch, loss, val, seconds));
        listener.onValidation(run.steps, val, improved);
        return run.stopping.exhausted();
    }

    private Map<String, Double> fullRanking(
            Recommender model,
            NDManager manager,
            RankingEvaluator evaluator,
            Interactions heldOut,
            Interactions exclude) {
        try (NDManager scope = manager.newSubManager()) {
            UserItemVectors v = scoringVectors(model, scope);
            TopKMetrics m = evaluator.fullRanking(v.users(), v.items(), ranked(heldOut), exclude);
            Map<String, Double> out = new LinkedHashMap<>();
            out.put("recall@" + m.k(), m.recall());
            out.put("ndcg@" + m.k(), m.ndcg());
            return out;
        }
    }

    private Map<String, Double> evaluate(
            Recommender model,
            RecommenderPrior rule,
            PopularityPrior chosen,
            NDManager manager,
            RankingEvaluator evaluator,
            Interactions heldOut,
            Interactions exclude,
            Interactions all) {
        try (NDManager scope = manager.newSubManager()) {
            UserItemVectors v = rule.applied(scoringVectors(model, scope), chosen.beta(), scope);
            return evaluator.evaluate(v.users(), v.items(), ranked(heldOut), exclude, all);
        }
    }

    /** The held-out pairs of the users full ranking ranks ({@link UserSample}: all but on the largest data). */
    private static Interactions ranked(Interactions heldOut) {
        return ranked(heldOut, UserSample.MAX_RANKED_SCORES);
    }

    /** The held-out pairs of the users a ranking of at most about {@code maxScores} scores ranks. */
    private static Interactions ranked(Interactions heldOut, long maxScores) {
        return UserSample.of(heldOut.activeUsers().length, heldOut.items(), maxScores)
                .kept(heldOut);
    }

    /** Whether the model's scores are cosines: the loss trains them (popularity's never are). */
    private boolean cosineScores(Recommender model) {
        return model.trainable() && config.loss().normalizes();
    }

    /** The vectors scores are dot products of: normalised when the loss trains cosines. */
    private UserItemVectors scoringVectors(Recommender model, NDManager scope) {
        UserItemVectors v = model.vectors(scope, false);
        UserItemVectors scored = cosineScores(model) ? v.normalized() : v;
        return new UserItemVectors(detached(scored.users(), scope), detached(scored.items(), scope));
    }

    private static NDArray detached(NDArray x, NDManager scope) {
        NDArray copy = x.duplicate();
        copy.attach(scope);
        return copy;
    }

    private static int[] shuffled(int n, Random rng) {
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        return order;
    }
}
