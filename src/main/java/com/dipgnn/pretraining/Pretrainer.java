package com.dipgnn.pretraining;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDManager;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.StepRandom;
import com.dipgnn.model.GraphModule;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.model.NodeIdSpace;
import com.dipgnn.optim.ModelInitialization;
import com.dipgnn.optim.ParameterUpdater;
import com.dipgnn.optim.TrainingCancelledException;
import com.dipgnn.optim.TrainingStep;
import com.dipgnn.runtime.Devices;
import com.dipgnn.sampling.BatchPrefetcher;
import com.dipgnn.sampling.FullGraphSampler;
import com.dipgnn.sampling.Samplers;
import com.dipgnn.sampling.SubgraphSampler;
import com.dipgnn.sampling.WholeGraphBudget;
import com.dipgnn.text.TextInputs;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Runs a pre-training method on a graph: per step a prepared batch (sampled, masked, with
 * candidates; built ahead on worker threads), the method's loss, one AdamW step over every
 * network. Every source of randomness is derived from {@code (seed, step)} (host sampling and the
 * engine's dropout seed), so a run resumed from a checkpoint ends with the same parameters as one
 * that was never interrupted.
 */
public final class Pretrainer {

    /**
     * Most (source, target) node pairs of one relation for which pre-training takes the whole graph
     * every step: 2^28, which keeps Cora (2,708²), MovieLens-100K (943 × 1,682) and DBLP's
     * authors × papers (14,475 × 14,376) whole and samples subgraphs of larger graphs.
     */
    public static final long FULL_GRAPH_MAX_CANDIDATE_PAIRS = 1L << 28;

    /** A step runs two encoders of the model on the subgraph: the generator's and the discriminator's. */
    private static final int ENCODERS = 2;

    private final PretrainConfig config;
    private final PretrainListener listener;
    private final int gradientNormsEvery;

    public Pretrainer(PretrainConfig config, PretrainListener listener) {
        this(config, listener, 0);
    }

    private Pretrainer(PretrainConfig config, PretrainListener listener, int gradientNormsEvery) {
        if (gradientNormsEvery < 0) {
            throw new IllegalArgumentException(
                    "gradient norms every " + gradientNormsEvery + " steps: give a positive interval, or 0 for none");
        }
        this.gradientNormsEvery = gradientNormsEvery;
        this.config = config;
        this.listener = listener;
    }

    /**
     * The same pre-training, measuring every {@code every} steps (and on the first) the gradient
     * norm of each loss term on the encoder it trains ({@link GradientNorms}); the training itself
     * is unchanged. 0: none.
     */
    public Pretrainer withGradientNorms(int every) {
        return new Pretrainer(config, listener, every);
    }

    /**
     * Pre-trains on {@code graph} (parameters created in {@code manager}).
     *
     * @param checkpoints directory for checkpoints, resumed from when it holds one; null for none
     * @throws TrainingCancelledException when the listener asks to stop (the last checkpoint is kept)
     */
    public PretrainResult run(HeteroGraph graph, ModelConfig model, NDManager manager, Path checkpoints)
            throws IOException {
        return run(graph, null, model, manager, checkpoints);
    }

    /**
     * Pre-trains on {@code graph}, whose text (if any) is read with {@code text} (its text inputs,
     * learned from this graph's nodes; null for a graph without text): methods that
     * {@link PretrainMethod#usesText() use text} then train the text pair as well.
     *
     * @param checkpoints directory for checkpoints, resumed from when it holds one; null for none
     * @throws TrainingCancelledException when the listener asks to stop (the last checkpoint is kept)
     */
    public PretrainResult run(
            HeteroGraph graph, TextInputs text, ModelConfig architecture, NDManager manager, Path checkpoints)
            throws IOException {
        long start = System.nanoTime();
        ModelConfig model = architecture.withDropout(config.dropout());
        config.method().requireSomethingToLearn(graph);
        boolean textPair = text != null && config.method().usesText();
        System.getLogger(Pretrainer.class.getName())
                .log(
                        System.Logger.Level.INFO,
                        "pre-training on " + graph.name() + ": each step takes " + describeSampling(graph, model));
        PretrainBatchSampler batches = new PretrainBatchSampler(
                graph, samplerFor(graph, model), config, textPair ? NodeTokens.of(graph, text.tokenizer()) : null);
        PretrainNetworks networks = new PretrainNetworks(
                config.method(),
                GraphSchema.of(graph, model.nodeInputs()),
                model,
                PretrainNetworks.generatorModel(
                        model, config.variant().effectiveFor(config.method()).generatorWidth()),
                batches.maskableRelations(),
                text,
                config.textPair(),
                NodeIdSpace.of(graph));
        Map<String, GraphModule> modules = networks.modules();
        ModelInitialization.initialize(config.seed(), manager, modules.values().toArray(GraphModule[]::new));
        ParameterUpdater updater =
                new ParameterUpdater(config.optimizer(), modules.values().toArray(GraphModule[]::new));
        PretrainObjective objective =
                new PretrainObjective(graph, config, networks, featureObjectives(config, networks, text));
        List<PretrainLogEntry> history = new ArrayList<>();
        MetricAverager interval = new MetricAverager();
        MetricAverager overall = new MetricAverager();
        long first = 0;
        if (PretrainCheckpoint.exists(checkpoints)) {
            PretrainCheckpoint.State state = PretrainCheckpoint.load(checkpoints, modules, updater, manager, config);
            first = state.step();
            history.addAll(state.history());
            interval.restore(state.partial());
            if (state.overall() != null) { // checkpoints written before the run's means were kept lack them
                overall.restore(state.overall());
            }
        }
        long resumedFrom = first;
        List<GraphModule> textTransformers = networks.textTransformers(); // their own learning-rate schedule
        boolean warned = false;
        listener.onStart(resumedFrom);
        Engine engine = Devices.engine();
        int remaining = (int) (config.steps() - first);
        long last = first;
        try (BatchPrefetcher<PretrainBatch> pipeline = new BatchPrefetcher<>(
                i -> batches.prepare(resumedFrom + i + 1, StepRandom.rngFor(config.seed(), resumedFrom + i + 1)),
                Math.max(remaining, 0))) {
            for (long step = first + 1; step <= config.steps(); step++) {
                last = step;
                PretrainBatch batch = pipeline.next();
                int engineSeed = (int) StepRandom.seedFor(config.seed() ^ 0x5EED, step);
                Map<String, Double> norms = measuresGradients(step)
                        ? new GradientNorms(objective, networks).measure(batch, manager, engine, engineSeed)
                        : Map.of();
                engine.setRandomSeed(engineSeed);
                updater.setLearningRateFactor(config.learningRateFactor(step));
                for (GraphModule transformer : textTransformers) {
                    updater.setLearningRateFactor(transformer, config.textLearningRateFactor(step));
                }
                Map<String, Double> stats = trainStep(objective, batch, manager, engine, updater);
                if (!norms.isEmpty()) {
                    stats = new LinkedHashMap<>(stats);
                    stats.putAll(norms);
                }
                interval.add(stats);
                overall.add(stats);
                listener.onStep(step, config.steps(), stats);
                if (step % config.logEvery() == 0 || step == config.steps()) {
                    warned = warnOnce(warned, logInterval(step, interval, history));
                }
                if (checkpoints != null
                        && config.checkpointEvery() > 0
                        && step % config.checkpointEvery() == 0
                        && step < config.steps()) {
                    PretrainCheckpoint.save(
                            checkpoints,
                            config,
                            new PretrainCheckpoint.State(step, history, interval.export(), overall.export()),
                            modules,
                            updater);
                    listener.onCheckpoint(step, checkpoints);
                }
                if (listener.stopRequested()) {
                    throw new TrainingCancelledException(step);
                }
                if (step < config.steps() && listener.timeUp()) {
                    if (interval.steps() > 0) { // the steps since the last entry
                        logInterval(step, interval, history);
                    }
                    break;
                }
            }
        }
        return new PretrainResult(
                networks, List.copyOf(history), overall.means(), last, resumedFrom, (System.nanoTime() - start) / 1e9);
    }

    /** Ends the logging interval at {@code step}: its entry joins the history and goes to the listener. */
    private PretrainLogEntry logInterval(long step, MetricAverager interval, List<PretrainLogEntry> history) {
        PretrainLogEntry entry = new PretrainLogEntry(step, interval.steps(), interval.means());
        history.add(entry);
        interval.clear();
        listener.onLog(entry);
        return entry;
    }

    private boolean measuresGradients(long step) {
        return gradientNormsEvery > 0 && (step == 1 || step % gradientNormsEvery == 0);
    }

    /** Warns (log and listener) the first time a logging interval's loss terms are out of balance. */
    private boolean warnOnce(boolean warned, PretrainLogEntry entry) {
        if (warned) {
            return true;
        }
        Optional<String> warning = LossBalance.warning(entry.metrics(), config.lambda());
        warning.ifPresent(w -> {
            System.getLogger(Pretrainer.class.getName()).log(System.Logger.Level.WARNING, w);
            listener.onWarning(w);
        });
        return warning.isPresent();
    }

    /** The feature pairs of the networks under {@code config}: vector features, and the text pair when present. */
    public static List<FeatureObjective> featureObjectives(
            PretrainConfig config, PretrainNetworks networks, TextInputs text) {
        List<FeatureObjective> pairs = new ArrayList<>();
        ObjectiveVariant variant = config.variant().effectiveFor(config.method());
        pairs.add(new VectorFeatureObjective(
                networks.generatorFeatures(),
                networks.discriminatorFeatures(),
                variant.featureReplacement(),
                (float) config.temperature(),
                variant.reduction()));
        if (networks.hasTextPair()) {
            pairs.add(new TextFeatureObjective(
                    text, networks.generatorTextInputs(), networks.generatorText(), networks.discriminatorText()));
        }
        return pairs;
    }

    /**
     * The subgraph sampler for a graph: the whole graph when {@link #usesWholeGraph it is small},
     * else LADIES or HGSampling subgraphs, as the paper pre-trains.
     */
    public SubgraphSampler samplerFor(HeteroGraph graph, ModelConfig model) {
        return usesWholeGraph(graph, model) ? new FullGraphSampler() : Samplers.forGraph(graph, config.sampling());
    }

    /** What each step takes of {@code graph}, in words, with the bounds that chose it. */
    public String describeSampling(HeteroGraph graph, ModelConfig model) {
        String figures = budget().figures(graph, model.hidden(), model.layers(), ENCODERS);
        if (usesWholeGraph(graph, model)) {
            return "the whole graph: " + figures;
        }
        return String.format(
                Locale.ROOT,
                "a subgraph sampled from %d seed nodes (depth %d, width %d); "
                        + "the whole graph is taken up to %,d (source, target) node pairs a relation and within "
                        + "these bounds: %s",
                config.seedNodes(),
                config.sampling().depth(),
                config.sampling().width(),
                FULL_GRAPH_MAX_CANDIDATE_PAIRS,
                figures);
    }

    /**
     * Whether every step takes the whole graph: it is within the configuration's {@link
     * PretrainConfig#wholeGraphBudget() node and memory bounds} for the generator and
     * discriminator encoders of {@code model}, and no relation has more than {@link
     * #FULL_GRAPH_MAX_CANDIDATE_PAIRS} (source, target) node pairs. On the whole graph the generator
     * scores every masked edge's target against every source node of its relation, so that work
     * grows with the product of the two node counts (Gowalla's users × locations: 1.2 billion)
     * where a sampled subgraph's stays bounded.
     */
    public boolean usesWholeGraph(HeteroGraph graph, ModelConfig model) {
        if (!budget().allows(graph, model.hidden(), model.layers(), ENCODERS)) {
            return false;
        }
        for (RelationType r : graph.relationTypes()) {
            if ((long) graph.numNodes(r.source()) * graph.numNodes(r.target()) > FULL_GRAPH_MAX_CANDIDATE_PAIRS) {
                return false;
            }
        }
        return true;
    }

    private WholeGraphBudget budget() {
        return config.wholeGraphBudget();
    }

    private static Map<String, Double> trainStep(
            PretrainObjective objective,
            PretrainBatch batch,
            NDManager manager,
            Engine engine,
            ParameterUpdater updater) {
        return TrainingStep.run(
                        manager,
                        engine,
                        updater,
                        scope -> {
                            PretrainObjective.Outcome outcome = objective.compute(batch, scope, true);
                            return new TrainingStep.Forward<>(outcome.loss(), outcome.stats());
                        },
                        "pre-training loss at step " + batch.step(),
                        TrainingStep.Timing.NONE)
                .result();
    }
}
