package com.dipgnn.bench;

import ai.djl.Device;
import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeLabels;
import com.dipgnn.graph.StepRandom;
import com.dipgnn.model.GraphBatch;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.model.Linear;
import com.dipgnn.model.ScalarOps;
import com.dipgnn.optim.ModelInitialization;
import com.dipgnn.optim.OptimizerConfig;
import com.dipgnn.optim.ParameterUpdater;
import com.dipgnn.optim.TrainingStep;
import com.dipgnn.runtime.Devices;
import com.dipgnn.sampling.BatchPrefetcher;
import com.dipgnn.sampling.Samplers;
import com.dipgnn.sampling.Subgraph;
import com.dipgnn.sampling.SubgraphSampler;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;
import java.util.function.IntConsumer;
import java.util.function.Supplier;

/**
 * Times training steps of a {@link BenchConfiguration}: sampling, forward, backward and optimizer
 * separately (each phase synchronised by reading a value back), then the same steps with sampling
 * prefetched on a worker thread, and compares the achieved throughput with a dense
 * matrix-product ceiling measured in the same run.
 */
public final class StepBenchmark {

    private final BenchConfiguration config;
    private final Device device;
    private final int warmup;
    private final int repeats;
    /** Where the prefetched pass's operator profile goes ({@link OperatorProfile}); null: not profiled. */
    private final Path profile;

    public StepBenchmark(BenchConfiguration config, Device device, int warmup, int repeats) {
        this(config, device, warmup, repeats, null);
    }

    /** @param profile where to write the operator profile of the prefetched pass; null: none */
    public StepBenchmark(BenchConfiguration config, Device device, int warmup, int repeats, Path profile) {
        this.config = config;
        this.device = device;
        this.warmup = warmup;
        this.repeats = repeats;
        this.profile = profile;
    }

    /** Runs the benchmark; {@code progress} receives each completed repeat (1-based). */
    public BenchReport run(IntConsumer progress) {
        Engine engine = Devices.engine();
        HeteroGraph graph = config.graph().get();
        GraphSchema schema = GraphSchema.of(graph);
        NodeLabels labels = graph.nodes(config.targetType()).labels();
        SubgraphSampler sampler = Samplers.forGraph(graph, config.sampling());
        int steps = warmup + repeats;
        double[][] phases = new double[5][repeats];
        int[] nodes = new int[repeats];
        int[] edges = new int[repeats];
        double flops = 0;
        try (NDManager manager = NDManager.newBaseManager(device)) {
            GraphEncoder encoder = new GraphEncoder(schema, config.model());
            Linear head = new Linear(config.model().hidden(), labels.numClasses(), true);
            ModelInitialization.initialize(1, manager, encoder, head);
            ParameterUpdater updater = new ParameterUpdater(OptimizerConfig.PRE_TRAINING, encoder, head);
            for (int step = 0; step < steps; step++) {
                long t0 = System.nanoTime();
                int[] seeds = seeds(graph, StepRandom.rngFor(7, step));
                Subgraph sub = sampler.sample(graph, Map.of(config.targetType(), seeds), StepRandom.rngFor(11, step));
                long t1 = System.nanoTime();
                long[] split = trainStep(
                        engine, manager, graph, config.targetType(), sub, seeds, labels, encoder, head, updater);
                int r = step - warmup;
                if (r >= 0) {
                    phases[0][r] = (split[2] - t0) / 1e6;
                    phases[1][r] = (t1 - t0) / 1e6;
                    phases[2][r] = (split[0] - t1) / 1e6;
                    phases[3][r] = (split[1] - split[0]) / 1e6;
                    phases[4][r] = (split[2] - split[1]) / 1e6;
                    nodes[r] = sub.totalNodes();
                    edges[r] = sub.totalEdges();
                    flops = FlopCounter.forwardFlops(schema, config.model(), sub, seeds.length, labels.numClasses());
                    progress.accept(r + 1);
                }
            }
            Supplier<double[]> pass = () -> pipelined(engine, manager, graph, labels, sampler, encoder, head, updater);
            double[] pipelined = profile == null ? pass.get() : OperatorProfile.record(profile, pass);
            double ceiling = MatmulCeiling.measure(manager, 2048, 2048, 2048, 5);
            int hidden = config.model().hidden();
            double modelShaped = MatmulCeiling.measure(manager, BenchMath.median(nodes), hidden, hidden, 10);
            StepTimes math = new StepTimes(BenchMath.sum(phases[2], phases[3], phases[4]));
            double stepGflop = 3 * flops / 1e9;
            return new BenchReport(
                    config.name(),
                    device.toString(),
                    BenchMath.median(nodes),
                    BenchMath.median(edges),
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
                    encoder.parameterCount() + head.parameterCount());
        }
    }

    private int[] seeds(HeteroGraph graph, Random rng) {
        int n = graph.numNodes(config.targetType());
        int[] all = new int[n];
        Arrays.setAll(all, i -> i);
        for (int i = 0; i < Math.min(config.seedsPerStep(), n); i++) {
            int j = i + rng.nextInt(n - i);
            int t = all[i];
            all[i] = all[j];
            all[j] = t;
        }
        return Arrays.copyOf(all, Math.min(config.seedsPerStep(), n));
    }

    /** One step; returns the nano times after forward, after backward and after the optimizer. */
    private static long[] trainStep(
            Engine engine,
            NDManager manager,
            HeteroGraph graph,
            String targetType,
            Subgraph sub,
            int[] seeds,
            NodeLabels labels,
            GraphEncoder encoder,
            Linear head,
            ParameterUpdater updater) {
        long[] marks = new long[3];
        TrainingStep.run(
                manager,
                engine,
                updater,
                scope -> {
                    GraphBatch batch = new GraphBatch(scope, graph, sub);
                    NDArray embeddings = encoder.forward(batch, true).get(targetType);
                    NDArray logits = head.forward(embeddings.get("0:" + seeds.length));
                    float[] onehot = new float[seeds.length * labels.numClasses()];
                    for (int i = 0; i < seeds.length; i++) {
                        int c = labels.label(seeds[i]);
                        if (c >= 0) {
                            onehot[i * labels.numClasses() + c] = 1f;
                        }
                    }
                    // the divisor is an array of the step's scope, not div(Number): DJL frees a Number operand's
                    // buffer right after the operation while autograd still reads it in backward
                    NDArray loss = logits.logSoftmax(1)
                            .mul(scope.create(onehot, new Shape(seeds.length, labels.numClasses())))
                            .sum()
                            .neg();
                    return new TrainingStep.Forward<Void>(ScalarOps.div(loss, seeds.length), null);
                },
                "benchmark loss",
                new PhaseMarks(marks, head));
        return marks;
    }

    /** Median ms per step and mean wait ms per step with sampling prefetched. */
    private double[] pipelined(
            Engine engine,
            NDManager manager,
            HeteroGraph graph,
            NodeLabels labels,
            SubgraphSampler sampler,
            GraphEncoder encoder,
            Linear head,
            ParameterUpdater updater) {
        double[] millis = new double[repeats];
        long waited;
        try (BatchPrefetcher<Object[]> prefetcher = new BatchPrefetcher<>(
                step -> {
                    int[] seeds = seeds(graph, StepRandom.rngFor(13, step));
                    return new Object[] {
                        seeds, sampler.sample(graph, Map.of(config.targetType(), seeds), StepRandom.rngFor(17, step))
                    };
                },
                repeats)) {
            for (int r = 0; r < repeats; r++) {
                long t0 = System.nanoTime();
                Object[] batch = prefetcher.next();
                trainStep(
                        engine,
                        manager,
                        graph,
                        config.targetType(),
                        (Subgraph) batch[1],
                        (int[]) batch[0],
                        labels,
                        encoder,
                        head,
                        updater);
                millis[r] = (System.nanoTime() - t0) / 1e6;
            }
            waited = prefetcher.stats().consumerWaitNanos();
        }
        return new double[] {new StepTimes(millis).median(), waited / 1e6 / repeats};
    }

    /** Records the end of forward, backward (waiting for it on a GPU) and the update in {@code marks}. */
    static final class PhaseMarks implements TrainingStep.Timing {
        private final long[] marks;
        private final int offset;
        private final com.dipgnn.model.GraphModule module;

        PhaseMarks(long[] marks, com.dipgnn.model.GraphModule module) {
            this(marks, 0, module);
        }

        /** @param offset the slot of the forward mark (the next two take backward and the update) */
        PhaseMarks(long[] marks, int offset, com.dipgnn.model.GraphModule module) {
            this.marks = marks;
            this.offset = offset;
            this.module = module;
        }

        @Override
        public void forwardDone() {
            marks[offset] = System.nanoTime();
        }

        @Override
        public void backwardDone() {
            module.parameters()
                    .values()
                    .iterator()
                    .next()
                    .getArray()
                    .getGradient()
                    .close(); // waits on a GPU
            marks[offset + 1] = System.nanoTime();
        }

        @Override
        public void updateDone() {
            marks[offset + 2] = System.nanoTime();
        }
    }
}
