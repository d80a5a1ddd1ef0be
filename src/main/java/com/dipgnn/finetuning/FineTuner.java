package com.dipgnn.finetuning;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import com.dipgnn.graph.StepRandom;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.GraphModule;
import com.dipgnn.optim.NonFiniteLossException;
import com.dipgnn.optim.ParameterUpdater;
import com.dipgnn.optim.TrainingCancelledException;
import com.dipgnn.optim.TrainingListener;
import com.dipgnn.optim.TrainingStep;
import com.dipgnn.ranking.PopularityPrior;
import com.dipgnn.ranking.PopularityPriorSetting;
import com.dipgnn.runtime.Devices;
import com.dipgnn.sampling.BatchPrefetcher;
import com.dipgnn.store.CheckpointFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Supervised fine-tuning: AdamW steps on a task's loss with gradient-norm clipping, validation
 * every few steps, early stopping, and the best checkpoint restored at the end; optionally
 * checkpoints to resume from after a crash, and a listener that can cancel the run.
 */
public final class FineTuner {

    /** Mixed into the per-step dropout seeds of checkpointed runs. */
    private static final long DROPOUT_SALT = 0xF17E7E5L;

    private final FineTuneConfig config;
    private final TrainingListener listener;
    private final PopularityPriorSetting prior;

    /** A fine-tuner whose link models' popularity prior is chosen by validation ({@link PopularityPriorSetting#AUTO}). */
    public FineTuner(FineTuneConfig config, TrainingListener listener) {
        this(config, listener, PopularityPriorSetting.AUTO);
    }

    /**
     * @param prior how a ranking task's popularity prior is set once training ends ({@link FineTuningTask#calibrate});
     *     it does not change training, so checkpoints do not record it
     */
    public FineTuner(FineTuneConfig config, TrainingListener listener, PopularityPriorSetting prior) {
        this.config = config;
        this.listener = listener;
        this.prior = Objects.requireNonNull(prior, "prior");
    }

    /**
     * Trains {@code encoder} and {@code head} (both initialised in {@code modelManager}) on the task.
     */
    public <B> FineTuneResult run(
            FineTuningTask<B> task, GraphEncoder encoder, GraphModule head, NDManager modelManager) {
        return run(task, encoder, head, modelManager, null);
    }

    /**
     * Trains like {@link #run(FineTuningTask, GraphEncoder, GraphModule, NDManager)}, writing checkpoints
     * as {@code checkpoints} says (none when null) and resuming from the one its directory holds.
     * With checkpoints, the engine's random seed (dropout) is set from {@code (seed, step)} before
     * every step, so a resumed run ends exactly like an uninterrupted one.
     *
     * @throws TrainingCancelledException when the listener asks to stop
     * @throws com.dipgnn.store.CheckpointRefusedException when the checkpoint found was written with other settings
     * @throws UncheckedIOException when a checkpoint cannot be read or written
     */
    public <B> FineTuneResult run(
            FineTuningTask<B> task,
            GraphEncoder encoder,
            GraphModule head,
            NDManager modelManager,
            FineTuneCheckpoints checkpoints) {
        long start = System.nanoTime();
        Engine engine = Devices.engine();
        engine.setRandomSeed((int) config.seed());
        ParameterUpdater updater = new ParameterUpdater(config.optimizer(), encoder, head);
        FineTuneCheckpoint.Identity identity =
                checkpoints == null ? null : FineTuneCheckpoint.Identity.of(config, checkpoints.settings());
        FineTuneState state = resume(checkpoints, identity, encoder, head, updater);
        long resumedFrom = state.step;
        listener.onStart(resumedFrom);
        announceRestoredBest(state);
        try (BatchPrefetcher<B> pipeline = new BatchPrefetcher<>(
                i -> task.prepare(resumedFrom + i + 1, StepRandom.rngFor(config.seed(), resumedFrom + i + 1)),
                (int) Math.max(config.steps() - resumedFrom, 0))) {
            while (state.step < config.steps()) {
                B batch = pipeline.next();
                long step = ++state.step;
                if (checkpoints != null) {
                    engine.setRandomSeed((int) StepRandom.seedFor(config.seed() ^ DROPOUT_SALT, step));
                }
                state.addLoss(trainStep(task, encoder, head, batch, modelManager, engine, updater));
                listener.onStep(step, config.steps(), state.lastLoss);
                boolean validates = state.stopping.due(step, config.steps());
                if (validates && validate(task, encoder, head, modelManager, state)) {
                    break;
                }
                checkpoint(checkpoints, identity, state, encoder, head, updater);
                if (listener.stopRequested()) {
                    throw new TrainingCancelledException(step);
                }
                if (step < config.steps() && listener.timeUp()) {
                    if (!validates) { // the weights of now may be the best: the kept ones are chosen among them
                        validate(task, encoder, head, modelManager, state);
                    }
                    break;
                }
            }
        }
        listener.onTrainingEnd(state.step);
        state.stopping.restoreBest(best -> best.restoreInto(encoder, head));
        PopularityPrior chosen = calibrate(task, encoder, head, modelManager);
        Map<String, Map<String, Double>> metrics = new LinkedHashMap<>();
        for (EvalSplit split : EvalSplit.values()) {
            metrics.put(split.key(), evaluate(task, encoder, head, split, modelManager));
        }
        return new FineTuneResult(
                metrics,
                state.stopping.bestAt(),
                state.step,
                (System.nanoTime() - start) / 1e9,
                state.lastLoss,
                List.copyOf(state.history),
                resumedFrom,
                chosen);
    }

    /** The task's ranking prior for the kept weights (null when it does not rank), logged. */
    private <B> PopularityPrior calibrate(
            FineTuningTask<B> task, GraphEncoder encoder, GraphModule head, NDManager modelManager) {
        try (NDManager scope = modelManager.newSubManager()) {
            PopularityPrior chosen = task.calibrate(encoder, head, prior, scope).orElse(null);
            if (chosen != null && !chosen.trials().isEmpty()) {
                System.getLogger(FineTuner.class.getName())
                        .log(
                                System.Logger.Level.INFO,
                                "popularity prior: weight " + chosen.beta() + " chosen by validation " + chosen.metric()
                                        + " " + chosen.trials());
            }
            return chosen;
        }
    }

    /** Validates after the current step, keeping the best weights; returns whether to stop early. */
    private <B> boolean validate(
            FineTuningTask<B> task,
            GraphEncoder encoder,
            GraphModule head,
            NDManager modelManager,
            FineTuneState state) {
        Map<String, Double> val = evaluate(task, encoder, head, EvalSplit.VAL, modelManager);
        boolean improved = state.validated(val, val.get(task.primaryMetric()), encoder, head);
        listener.onValidation(state.step, val, improved);
        return state.stopping.exhausted();
    }

    /** Tells the listener the best validation of a resumed run, so its progress shows it from the start. */
    private void announceRestoredBest(FineTuneState state) {
        state.history.stream()
                .filter(e -> e.step() == state.stopping.bestAt()
                        && e.validation() != null
                        && !e.validation().isEmpty())
                .findFirst()
                .ifPresent(best -> listener.onValidation(best.step(), best.validation(), true));
    }

    private FineTuneState resume(
            FineTuneCheckpoints checkpoints,
            FineTuneCheckpoint.Identity identity,
            GraphModule encoder,
            GraphModule head,
            ParameterUpdater updater) {
        if (checkpoints == null || !CheckpointFiles.exists(checkpoints.directory())) {
            return new FineTuneState(config);
        }
        try {
            return FineTuneCheckpoint.load(checkpoints.directory(), config, identity, encoder, head, updater);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the checkpoint in " + checkpoints.directory(), e);
        }
    }

    private void checkpoint(
            FineTuneCheckpoints checkpoints,
            FineTuneCheckpoint.Identity identity,
            FineTuneState state,
            GraphModule encoder,
            GraphModule head,
            ParameterUpdater updater) {
        if (checkpoints == null
                || checkpoints.every() == 0
                || state.step % checkpoints.every() != 0
                || state.step >= config.steps()) {
            return;
        }
        try {
            FineTuneCheckpoint.save(checkpoints.directory(), identity, state, encoder, head, updater);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write a checkpoint to " + checkpoints.directory(), e);
        }
        listener.onCheckpoint(state.step, checkpoints.directory());
    }

    private static <B> double trainStep(
            FineTuningTask<B> task,
            GraphEncoder encoder,
            GraphModule head,
            B batch,
            NDManager modelManager,
            Engine engine,
            ParameterUpdater updater) {
        return optimizerStep(modelManager, engine, updater, scope -> task.loss(encoder, head, batch, scope));
    }

    /**
     * One optimizer step on {@code loss} ({@link TrainingStep#run}).
     *
     * @return the loss value
     * @throws NonFiniteLossException when the loss is NaN or infinite (nothing is updated)
     */
    public static double optimizerStep(
            NDManager modelManager, Engine engine, ParameterUpdater updater, Function<NDManager, NDArray> loss) {
        return TrainingStep.run(
                        modelManager,
                        engine,
                        updater,
                        scope -> new TrainingStep.Forward<Void>(loss.apply(scope), null),
                        "training loss",
                        TrainingStep.Timing.NONE)
                .loss();
    }

    private static <B> Map<String, Double> evaluate(
            FineTuningTask<B> task, GraphEncoder encoder, GraphModule head, EvalSplit split, NDManager modelManager) {
        try (NDManager scope = modelManager.newSubManager()) {
            return task.evaluate(encoder, head, split, scope);
        }
    }
}
