package com.dipgnn.bench;

import ai.djl.Device;
import ai.djl.engine.Engine;
import ai.djl.ndarray.NDManager;
import com.dipgnn.finetuning.EvalSplit;
import com.dipgnn.finetuning.ExperimentSpec;
import com.dipgnn.finetuning.FineTuneConfig;
import com.dipgnn.finetuning.FineTuneDefaults;
import com.dipgnn.finetuning.FineTuneExperiment;
import com.dipgnn.finetuning.FineTuner;
import com.dipgnn.finetuning.LinkBatch;
import com.dipgnn.finetuning.LinkPredictionTask;
import com.dipgnn.finetuning.LinkSampling;
import com.dipgnn.finetuning.LinkSamplingMode;
import com.dipgnn.finetuning.SplitMode;
import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.StepRandom;
import com.dipgnn.graph.split.LinkSplit;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.GraphModule;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.model.NodeIdSpace;
import com.dipgnn.optim.ModelInitialization;
import com.dipgnn.optim.OptimizerConfig;
import com.dipgnn.optim.ParameterUpdater;
import com.dipgnn.ranking.RankingLoss;
import com.dipgnn.runtime.Devices;
import com.dipgnn.sampling.BatchPrefetcher;
import com.dipgnn.sampling.FanoutSampler;
import com.dipgnn.sampling.WholeGraphBudget;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A path of the GNN link task ({@link RecommendTrainPath#FULL}, {@link RecommendTrainPath#FANOUT},
 * {@link RecommendTrainPath#PROPAGATION}) measured on a graph: the recommendation defaults'
 * experiment ({@link FineTuneDefaults#recommendation()}, the data set's own edge split) with the
 * path's backbone and sampling, its inputs prepared as fine-tuning prepares them; the task and its
 * samplers built as fine-tuning builds them (one sampled negative per held-out pair:
 * {@link RecommendTrainBenchmark#EVAL_NEGATIVES}); {@code budget} steps with their batches prefetched on
 * one worker thread as the fine-tuner does, the steps after the warm-up timed (waiting for the
 * batch included); then, unless told not to, the test split ranked in full (no popularity prior,
 * no validation or early stopping: the budget alone).
 */
final class LinkTrainMeasure {

    private final RecommendTrainBenchmark.Settings settings;
    private final Device device;
    private final Consumer<String> log;

    LinkTrainMeasure(RecommendTrainBenchmark.Settings settings, Device device, Consumer<String> log) {
        this.settings = settings;
        this.device = device;
        this.log = log;
    }

    /** The recommendation defaults' experiment for {@code path}, with the settings' batch, fan-outs and budget. */
    static ExperimentSpec spec(RecommendTrainPath path, RecommendTrainBenchmark.Settings settings) {
        FineTuneDefaults d = FineTuneDefaults.recommendation();
        ModelConfig model =
                path == RecommendTrainPath.PROPAGATION ? d.model().withBackbone(Backbone.PROPAGATION) : d.model();
        int batch = settings.batchSize() > 0 ? settings.batchSize() : d.batchSize();
        FineTuneConfig training = new FineTuneConfig(
                settings.budgetSteps(), batch, d.evalEvery(), d.patience(), d.optimizer(), settings.seed());
        LinkSamplingMode mode = path == RecommendTrainPath.FANOUT ? LinkSamplingMode.FANOUT : LinkSamplingMode.FULL;
        return new ExperimentSpec(
                        TaskKind.LINK_PREDICTION,
                        null,
                        null,
                        SplitMode.DATASET,
                        0,
                        d.labelFraction(),
                        model,
                        training,
                        d.sampling(),
                        d.fullGraphMaxNodes(),
                        d.normalizeFeatures(),
                        RecommendTrainBenchmark.EVAL_NEGATIVES,
                        d.trainNegatives(),
                        d.temperature(),
                        RankingLoss.SOFTMAX,
                        d.linkNegatives(RankingLoss.SOFTMAX))
                .withLinkSampling(new LinkSampling(mode, settings.fanouts()));
    }

    TrainMeasurement run(HeteroGraph loaded, RecommendTrainPath path) {
        FineTuneExperiment experiment = new FineTuneExperiment(loaded, loaded.name(), spec(path, settings), device);
        ExperimentSpec spec = experiment.spec();
        ModelConfig model = spec.model();
        LinkPredictionTask task = (LinkPredictionTask) experiment.task();
        LinkSplit split = task.split();
        WholeGraphBudget budget = spec.wholeGraphBudget();
        boolean whole = budget.allows(split.structure(), model.hidden(), model.layers(), 1);
        if (path == RecommendTrainPath.FULL && !whole) {
            return TrainMeasurement.skip("above the whole-graph bound: "
                    + budget.figures(split.structure(), model.hidden(), model.layers(), 1));
        }
        LinkSampling.Samplers samplers = spec.linkSampling().samplers(whole, model.layers());
        log.accept(path.cliName() + ": " + model.backbone() + " " + model.layers() + " x " + model.hidden()
                + ", trains on " + samplers.training() + ", evaluates " + samplers.evaluationDescription());
        try (NDManager manager = NDManager.newBaseManager(device)) {
            GraphEncoder encoder = new GraphEncoder(
                    GraphSchema.of(task.modelGraph(), model.nodeInputs()), model, NodeIdSpace.of(task.modelGraph()));
            GraphModule head = task.createHead(model.hidden());
            ModelInitialization.initialize(settings.seed(), manager, encoder, head);
            Timed timed = train(task, encoder, head, manager, spec.training().optimizer());
            long nativeBytes = RecommendTrainBenchmark.nativeBytes();
            Map<String, Double> test = Map.of();
            if (settings.quality()) {
                log.accept(path.cliName() + ": ranking the test split");
                try (NDManager scope = manager.newSubManager()) {
                    test = task.evaluate(encoder, head, EvalSplit.TEST, scope);
                }
            }
            List<Integer> fanouts = samplers.training() instanceof FanoutSampler
                    ? spec.linkSampling().fanoutsFor(model.layers())
                    : null;
            return new TrainMeasurement(
                    null,
                    split.structure().numNodes(split.relation().source()),
                    split.structure().numNodes(split.relation().target()),
                    split.train().size(),
                    spec.training().batchSize(),
                    fanouts,
                    timed.steps(),
                    timed.host(),
                    nativeBytes,
                    test.get(RecommendTrainBenchmark.RECALL),
                    test.get(RecommendTrainBenchmark.NDCG));
        }
    }

    /** The timed steps and the host preparation of a budget of steps. */
    private record Timed(StepTimes steps, TrainMeasurement.HostSampling host) {}

    private Timed train(
            LinkPredictionTask task,
            GraphEncoder encoder,
            GraphModule head,
            NDManager manager,
            OptimizerConfig optimizer) {
        Engine engine = Devices.engine();
        engine.setRandomSeed((int) settings.seed());
        ParameterUpdater updater = new ParameterUpdater(optimizer, encoder, head);
        int timedSteps = settings.budgetSteps() - settings.warmup();
        double[] ms = new double[timedSteps];
        double waited = 0;
        double nodes = 0;
        double edges = 0;
        try (BatchPrefetcher<LinkBatch> prefetcher = new BatchPrefetcher<>(
                i -> task.prepare(i + 1, StepRandom.rngFor(settings.seed(), i + 1)), settings.budgetSteps())) {
            for (int s = 0; s < settings.budgetSteps(); s++) {
                long t0 = System.nanoTime();
                LinkBatch batch = prefetcher.next();
                long t1 = System.nanoTime();
                FineTuner.optimizerStep(manager, engine, updater, scope -> task.loss(encoder, head, batch, scope));
                int r = s - settings.warmup();
                if (r >= 0) {
                    ms[r] = (System.nanoTime() - t0) / 1e6;
                    waited += (t1 - t0) / 1e6;
                    nodes += batch.subgraph().totalNodes();
                    edges += batch.subgraph().totalEdges();
                }
                RecommendTrainBenchmark.progress(log, s + 1, settings.budgetSteps());
            }
            return new Timed(
                    new StepTimes(ms),
                    new TrainMeasurement.HostSampling(
                            prefetcher.stats().meanProduceMillis(),
                            waited / timedSteps,
                            nodes / timedSteps,
                            edges / timedSteps));
        }
    }
}
