package com.dipgnn.training;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.training.GradientCollector;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.GraphModule;
import com.dipgnn.sampling.BatchPrefetcher;
import com.dipgnn.sampling.StepRandom;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Supervised fine-tuning: AdamW steps on a task's loss with gradient-norm clipping, validation
 * every few steps, early stopping, and the best checkpoint restored at the end.
 */
public final class FineTuner {

    private final FineTuneConfig config;
    private final TrainingListener listener;

    public FineTuner(FineTuneConfig config, TrainingListener listener) {
        this.config = config;
        this.listener = listener;
    }

    /** Seeds the engine and creates the parameters of the modules, reproducibly for a seed. */
    public static void initialize(long seed, NDManager manager, GraphModule... modules) {
        Devices.engine().setRandomSeed((int) seed);
        for (GraphModule m : modules) {
            m.initialize(manager);
        }
    }

    /**
     * Trains {@code encoder} and {@code head} (both initialised in {@code modelManager}) on the task.
     */
    public <B> FineTuneResult run(FineTuningTask<B> task, GraphEncoder encoder, GraphModule head, NDManager modelManager) {
        long start = System.nanoTime();
        Engine engine = Devices.engine();
        engine.setRandomSeed((int) config.seed());
        ParameterUpdater updater = new ParameterUpdater(config.optimizer(), encoder, head);
        String primary = task.primaryMetric();
        double best = Double.NEGATIVE_INFINITY;
        long bestStep = 0;
        Map<String, float[]> bestEncoder = null;
        Map<String, float[]> bestHead = null;
        int sinceBest = 0;
        double loss = Double.NaN;
        long step = 0;
        try (BatchPrefetcher<B> pipeline = new BatchPrefetcher<>(
                i -> task.prepare(i + 1, StepRandom.rngFor(config.seed(), i + 1)), config.steps())) {
            while (step < config.steps()) {
                B batch = pipeline.next();
                step++;
                loss = trainStep(task, encoder, head, batch, modelManager, engine, updater);
                listener.onStep(step, config.steps(), loss);
                if (step % config.evalEvery() == 0 || step == config.steps()) {
                    Map<String, Double> val = evaluate(task, encoder, head, EvalSplit.VAL, modelManager);
                    double score = val.get(primary);
                    boolean improved = score > best;
                    if (improved) {
                        best = score;
                        bestStep = step;
                        bestEncoder = encoder.snapshot();
                        bestHead = head.snapshot();
                        sinceBest = 0;
                    } else {
                        sinceBest++;
                    }
                    listener.onValidation(step, val, improved);
                    if (config.patience() > 0 && sinceBest >= config.patience()) {
                        break;
                    }
                }
            }
        }
        if (bestEncoder != null) {
            encoder.restore(bestEncoder);
            head.restore(bestHead);
        }
        Map<String, Map<String, Double>> metrics = new LinkedHashMap<>();
        for (EvalSplit split : EvalSplit.values()) {
            metrics.put(split.key(), evaluate(task, encoder, head, split, modelManager));
        }
        return new FineTuneResult(metrics, bestStep, step, (System.nanoTime() - start) / 1e9, loss);
    }

    private static <B> double trainStep(FineTuningTask<B> task, GraphEncoder encoder, GraphModule head, B batch,
                                        NDManager modelManager, Engine engine, ParameterUpdater updater) {
        try (NDManager scope = modelManager.newSubManager()) {
            double value;
            try (GradientCollector collector = engine.newGradientCollector()) {
                NDArray loss = task.loss(encoder, head, batch, scope);
                value = loss.getFloat();
                if (!Double.isFinite(value)) {
                    throw new NonFiniteLossException("training loss is " + value);
                }
                collector.backward(loss);
            }
            updater.step();
            return value;
        }
    }

    private static <B> Map<String, Double> evaluate(FineTuningTask<B> task, GraphEncoder encoder, GraphModule head,
                                                    EvalSplit split, NDManager modelManager) {
        try (NDManager scope = modelManager.newSubManager()) {
            return task.evaluate(encoder, head, split, scope);
        }
    }
}
