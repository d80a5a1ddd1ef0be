package com.dipgnn.bench;

import ai.djl.Device;
import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.training.GradientCollector;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.StepRandom;
import com.dipgnn.graph.split.PretrainSplit;
import com.dipgnn.model.GraphBatch;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.GraphModule;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.optim.ModelInitialization;
import com.dipgnn.optim.NonFiniteLossException;
import com.dipgnn.optim.ParameterUpdater;
import com.dipgnn.optim.TrainingStep;
import com.dipgnn.pretraining.NodeTokens;
import com.dipgnn.pretraining.PretrainBatch;
import com.dipgnn.pretraining.PretrainBatchSampler;
import com.dipgnn.pretraining.PretrainConfig;
import com.dipgnn.pretraining.PretrainNetworks;
import com.dipgnn.pretraining.PretrainObjective;
import com.dipgnn.pretraining.Pretrainer;
import com.dipgnn.runtime.Devices;
import com.dipgnn.sampling.BatchPrefetcher;
import com.dipgnn.sampling.Samplers;
import com.dipgnn.sampling.Subgraph;
import com.dipgnn.text.TextInputConfig;
import com.dipgnn.text.TextInputs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;
import java.util.function.Supplier;

/**
 * Times DiP-GNN pre-training steps on the graph, sampler and model of a {@link BenchConfiguration}:
 * host preparation (sampling, masking, candidates), forward (both encoders, candidate scoring,
 * heads, losses), backward and optimizer, each synchronised by reading a value back; then the
 * same steps with the host work prefetched; then, in a separate pass over the same batches, the
 * two encoders' forward passes alone, which splits the forward time. The step is built from the
 * pieces {@code Pretrainer} uses, with {@link PretrainConfig#PAPER_DEFAULT}'s objective settings.
 * A step whose gradient norm is not finite is counted and its update skipped (as the optimizer
 * does before it throws) rather than ending the benchmark.
 */
public final class PretrainStepBenchmark {

    /** The prefix that turns a configuration name into its pre-training benchmark's name. */
    public static final String PREFIX = "dipgnn-";

    private static final long SEED = 1;

    private final BenchConfiguration config;
    private final Device device;
    private final int warmup;
    private final int repeats;
    /** Where the prefetched pass's operator profile goes ({@link OperatorProfile}); null: not profiled. */
    private final Path profile;

    private TextInputs text;

    public PretrainStepBenchmark(BenchConfiguration config, Device device, int warmup, int repeats) {
        this(config, device, warmup, repeats, null);
    }

    /** @param profile where to write the operator profile of the prefetched pass; null: none */
    public PretrainStepBenchmark(BenchConfiguration config, Device device, int warmup, int repeats, Path profile) {
        this.config = config;
        this.device = device;
        this.warmup = warmup;
        this.repeats = repeats;
        this.profile = profile;
    }

    /** The paper's pre-training settings with the configuration's sampler and seeds per step, always sampled. */
    public static PretrainConfig pretrainConfig(BenchConfiguration config) {
        return PretrainConfig.PAPER_DEFAULT
                .withSampling(config.sampling(), config.seedsPerStep(), 0)
                .withSeed(SEED);
    }

    /** The networks, optimizer and objective of a run. */
    record Setup(PretrainNetworks networks, ParameterUpdater updater, PretrainObjective objective, long parameters) {}

    /** Figures of the timed steps: phases (ms), sizes (nodes, edges, masked edges), FLOPs by part. */
    private record Timed(
            double[][] phases, int[][] sizes, double[][] flops, List<PretrainBatch> batches, int nonFinite) {}

    /** Runs the benchmark; {@code progress} receives each completed timed step (1-based). */
    public PretrainBenchReport run(IntConsumer progress) {
        Engine engine = Devices.engine();
        HeteroGraph raw = config.graph().get();
        text = TextInputs.learnForSplit(raw, PretrainSplit.NONE, TextInputConfig.defaults())
                .orElse(null);
        HeteroGraph graph = text == null ? raw : text.apply(raw, null);
        GraphSchema schema = GraphSchema.of(graph);
        PretrainConfig pretrain = pretrainConfig(config);
        PretrainBatchSampler batches = new PretrainBatchSampler(
                graph,
                Samplers.forGraph(graph, pretrain.sampling()),
                pretrain,
                text == null ? null : NodeTokens.of(graph, text.tokenizer()));
        try (NDManager manager = NDManager.newBaseManager(device)) {
            Setup setup = setUp(graph, schema, config.model(), pretrain, batches, manager, text);
            Timed timed = timedSteps(engine, manager, setup, schema, pretrain, batches, progress);
            Supplier<double[]> pass = () -> pipelined(engine, manager, setup, batches, pretrain);
            double[] pipelined = profile == null ? pass.get() : OperatorProfile.record(profile, pass);
            double[][] encoders = encoderForwards(manager, graph, setup.networks(), timed.batches());
            return report(manager, setup, timed, pipelined, encoders, pretrain);
        }
    }

    private Timed timedSteps(
            Engine engine,
            NDManager manager,
            Setup setup,
            GraphSchema schema,
            PretrainConfig pretrain,
            PretrainBatchSampler batches,
            IntConsumer progress) {
        Timed timed =
                new Timed(new double[5][repeats], new int[3][repeats], new double[7][repeats], new ArrayList<>(), 0);
        int nonFinite = 0;
        for (int step = 1; step <= warmup + repeats; step++) {
            long t0 = System.nanoTime();
            PretrainBatch batch = batches.prepare(step, StepRandom.rngFor(pretrain.seed(), step));
            long t1 = System.nanoTime();
            long[] marks = trainStep(engine, manager, setup, batch);
            int r = step - warmup - 1;
            if (r >= 0) {
                nonFinite += (int) marks[3];
                record(timed.phases(), r, t0, t1, marks);
                timed.sizes()[0][r] = batch.unmasked().totalNodes();
                timed.sizes()[1][r] = PretrainFlopCounter.withMaskedEdges(batch).totalEdges();
                timed.sizes()[2][r] = batch.maskedEdges();
                store(
                        timed.flops(),
                        r,
                        PretrainFlopCounter.count(
                                pretrain.method(),
                                schema,
                                config.model(),
                                batch,
                                pretrain.textPair().transformer(),
                                text == null ? 0 : text.vocabulary().size()));
                timed.batches().add(batch);
                progress.accept(r + 1);
            }
        }
        return new Timed(timed.phases(), timed.sizes(), timed.flops(), timed.batches(), nonFinite);
    }

    private PretrainBenchReport report(
            NDManager manager,
            Setup setup,
            Timed timed,
            double[] pipelined,
            double[][] encoders,
            PretrainConfig pretrain) {
        double ceiling = MatmulCeiling.measure(manager, 2048, 2048, 2048, 5);
        int hidden = config.model().hidden();
        int[][] sizes = timed.sizes();
        double[][] phases = timed.phases();
        double modelShaped = MatmulCeiling.measure(manager, BenchMath.median(sizes[0]), hidden, hidden, 10);
        PretrainFlopCounter.Breakdown mean = mean(timed.flops());
        double stepGflop = mean.step() / 1e9;
        StepTimes math = new StepTimes(BenchMath.sum(phases[2], phases[3], phases[4]));
        BenchReport common = new BenchReport(
                PREFIX + config.name(),
                device.toString(),
                BenchMath.median(sizes[0]),
                BenchMath.median(sizes[1]),
                new StepTimes(phases[0]),
                new StepTimes(phases[1]),
                new StepTimes(phases[2]),
                new StepTimes(phases[3]),
                new StepTimes(phases[4]),
                pipelined[0],
                pipelined[1],
                stepGflop,
                stepGflop / (math.median() / 1e3),
                ceiling,
                modelShaped,
                ProcessMemory.peakRssMib(),
                setup.parameters());
        return new PretrainBenchReport(
                common,
                BenchMath.median(sizes[2]),
                1 + pretrain.negatives(),
                new StepTimes(encoders[0]),
                new StepTimes(encoders[1]),
                mean,
                timed.nonFinite() + (int) pipelined[2]);
    }

    static Setup setUp(
            HeteroGraph graph,
            GraphSchema schema,
            ModelConfig model,
            PretrainConfig pretrain,
            PretrainBatchSampler batches,
            NDManager manager,
            TextInputs text) {
        PretrainNetworks networks = new PretrainNetworks(
                pretrain.method(), schema, model, batches.maskableRelations(), text, pretrain.textPair());
        GraphModule[] modules = networks.modules().values().toArray(GraphModule[]::new);
        ModelInitialization.initialize(pretrain.seed(), manager, modules);
        ParameterUpdater updater = new ParameterUpdater(pretrain.optimizer(), modules);
        PretrainObjective objective = new PretrainObjective(
                graph, pretrain, networks, Pretrainer.featureObjectives(pretrain, networks, text));
        return new Setup(
                networks,
                updater,
                objective,
                Arrays.stream(modules).mapToLong(GraphModule::parameterCount).sum());
    }

    /**
     * One step; returns the nano times after forward, after backward and after the optimizer, and
     * 1 in the last slot when the optimizer refused a non-finite gradient (its update skipped).
     */
    static long[] trainStep(Engine engine, NDManager manager, Setup setup, PretrainBatch batch) {
        long[] marks = new long[4];
        engine.setRandomSeed((int) StepRandom.seedFor(SEED ^ 0x5EED, batch.step()));
        try {
            TrainingStep.run(
                    manager,
                    engine,
                    setup.updater(),
                    scope -> new TrainingStep.Forward<Void>(
                            setup.objective().compute(batch, scope, true).loss(), null),
                    "benchmark loss",
                    new StepBenchmark.PhaseMarks(marks, setup.networks().discriminator()));
        } catch (NonFiniteLossException e) { // refused before backward (loss) or before the update (gradient)
            marks[1] = marks[1] == 0 ? marks[0] : marks[1];
            marks[2] = System.nanoTime();
            marks[3] = 1;
        }
        return marks;
    }

    private static NDArray firstGradient(GraphModule module) {
        return module.parameters().values().iterator().next().getArray().getGradient();
    }

    /** Median ms per step, mean wait ms per step with the host preparation prefetched, and non-finite steps. */
    private double[] pipelined(
            Engine engine, NDManager manager, Setup setup, PretrainBatchSampler batches, PretrainConfig pretrain) {
        double[] millis = new double[repeats];
        long first = warmup + repeats + 1L;
        long waited;
        int nonFinite = 0;
        try (BatchPrefetcher<PretrainBatch> prefetcher = new BatchPrefetcher<>(
                i -> batches.prepare(first + i, StepRandom.rngFor(pretrain.seed(), first + i)), repeats)) {
            for (int r = 0; r < repeats; r++) {
                long t0 = System.nanoTime();
                nonFinite += (int) trainStep(engine, manager, setup, prefetcher.next())[3];
                millis[r] = (System.nanoTime() - t0) / 1e6;
            }
            waited = prefetcher.stats().consumerWaitNanos();
        }
        return new double[] {new StepTimes(millis).median(), waited / 1e6 / repeats, nonFinite};
    }

    /**
     * ms of the generator's forward on E_u and of the discriminator's on E_u with the masked edges
     * restored (the size of E_u plus E_g), per batch, in training mode with gradients recorded.
     */
    private static double[][] encoderForwards(
            NDManager manager, HeteroGraph graph, PretrainNetworks networks, List<PretrainBatch> batches) {
        double[][] millis = new double[2][batches.size()];
        for (int i = 0; i < batches.size(); i++) {
            PretrainBatch batch = batches.get(i);
            millis[0][i] = encoderForward(manager, graph, networks.generator(), batch.unmasked());
            millis[1][i] = encoderForward(
                    manager, graph, networks.discriminator(), PretrainFlopCounter.withMaskedEdges(batch));
        }
        return millis;
    }

    private static double encoderForward(
            NDManager manager, HeteroGraph graph, GraphEncoder encoder, Subgraph subgraph) {
        try (NDManager scope = manager.newSubManager();
                GradientCollector ignored = Devices.engine().newGradientCollector()) {
            long t0 = System.nanoTime();
            Map<String, NDArray> h = encoder.forward(new GraphBatch(scope, graph, subgraph), true);
            h.values().iterator().next().sum().getFloat();
            return (System.nanoTime() - t0) / 1e6;
        }
    }

    private static void record(double[][] phases, int r, long t0, long t1, long[] marks) {
        phases[0][r] = (marks[2] - t0) / 1e6;
        phases[1][r] = (t1 - t0) / 1e6;
        phases[2][r] = (marks[0] - t1) / 1e6;
        phases[3][r] = (marks[1] - marks[0]) / 1e6;
        phases[4][r] = (marks[2] - marks[1]) / 1e6;
    }

    private static void store(double[][] flops, int r, PretrainFlopCounter.Breakdown b) {
        double[] parts = {
            b.generatorEncoder(),
            b.generatorScoring(),
            b.generatorFeatures(),
            b.discriminatorEncoder(),
            b.discriminatorFeatures(),
            b.discriminatorEdges(),
            b.text()
        };
        for (int i = 0; i < parts.length; i++) {
            flops[i][r] = parts[i];
        }
    }

    private static PretrainFlopCounter.Breakdown mean(double[][] flops) {
        double[] m = new double[flops.length];
        for (int i = 0; i < flops.length; i++) {
            m[i] = Arrays.stream(flops[i]).average().orElse(0);
        }
        return new PretrainFlopCounter.Breakdown(m[0], m[1], m[2], m[3], m[4], m[5], m[6]);
    }
}
