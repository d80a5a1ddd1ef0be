package com.dipgnn.bench;

import ai.djl.Device;
import com.dipgnn.finetuning.FineTuneDefaults;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.synthetic.InteractionConfig;
import com.dipgnn.recommend.RecommenderConfig;
import com.dipgnn.recommend.RecommenderKind;
import com.dipgnn.sampling.FanoutSampler;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * One cell of {@code bench --config recommend-train}: a path ({@link RecommendTrainPath}) trained
 * on a graph ({@link RecommendTrainGraphs}) for a fixed budget of steps, with its step time, the
 * epoch it projects to, memory, host sampling and test quality ({@link RecommendTrainCell}). Peak
 * resident memory is the process's high-water mark, so each cell of a table runs in a fresh
 * process ({@link RecommendTrainChild}); this class measures the cell in the process it runs in.
 */
public final class RecommendTrainBenchmark {

    /** The metrics of the test split a cell reports. */
    static final String RECALL = "recall@20";

    static final String NDCG = "ndcg@20";

    /**
     * Sampled negatives per held-out pair in evaluation, for every path: one, since a cell reports
     * the full-ranking metrics only (the evaluators require some), and a graph with a small catalog
     * and heavy users has fewer non-interacted items for some users than the usual 255.
     */
    public static final int EVAL_NEGATIVES = 1;

    private static final int PROGRESS_LINES = 10;
    private static final long MIB = 1024L * 1024;

    /**
     * @param budgetSteps training steps of a cell, the warm-up among them
     * @param warmup untimed steps first (at least 1)
     * @param quality whether the test split is ranked after the budget
     * @param batchSize positive pairs a step for every path; 0: each path's default (the link task's
     *     recommendation default, the baselines' own)
     * @param fanouts fan-outs per hop of the fan-out path (and of any path above the whole-graph bound)
     * @param baselines the baseline recommenders' settings (their batch unless {@code batchSize} is set)
     * @param seed seeds the model, the batches and the negatives
     */
    public record Settings(
            int budgetSteps,
            int warmup,
            boolean quality,
            int batchSize,
            List<Integer> fanouts,
            Map<RecommenderKind, RecommenderConfig> baselines,
            long seed) {

        public Settings {
            if (warmup < 1 || budgetSteps <= warmup) {
                throw new IllegalArgumentException("the budget of steps (" + budgetSteps + ") must exceed the warm-up ("
                        + warmup + "), which must be at least 1");
            }
            if (batchSize < 0) {
                throw new IllegalArgumentException("the batch size must be positive, or 0 for the defaults");
            }
            fanouts = FanoutSampler.checked(fanouts == null ? FanoutSampler.DEFAULT_FANOUTS : fanouts);
            baselines = Map.copyOf(baselines);
        }
    }

    private final Settings settings;
    private final Device device;
    private final Consumer<String> log;

    public RecommendTrainBenchmark(Settings settings, Device device, Consumer<String> log) {
        this.settings = settings;
        this.device = device;
        this.log = log;
    }

    /**
     * Why {@code path} cannot run on the graph {@code name} names, known before loading it: the
     * whole-graph path on a {@code synthetic-<N>m} graph with more nodes than the recommendation
     * default's whole-graph bound. Empty when it may run (the bound's memory part is checked on the
     * graph itself).
     */
    public static Optional<String> skipBeforeLoading(String name, RecommendTrainPath path) {
        if (path != RecommendTrainPath.FULL) {
            return Optional.empty();
        }
        int bound = FineTuneDefaults.recommendation().fullGraphMaxNodes();
        return RecommendTrainGraphs.synthetic(name)
                .filter(c -> nodes(c) > bound)
                .map(c -> String.format(
                        Locale.ROOT, "above the whole-graph bound: %,d nodes (bound: %,d nodes)", nodes(c), bound));
    }

    private static long nodes(InteractionConfig c) {
        return (long) c.numUsers() + c.numItems();
    }

    /** Measures {@code path} on the graph {@code name} names, loading it first. */
    public RecommendTrainCell run(String name, RecommendTrainPath path) {
        long start = System.nanoTime();
        Optional<String> early = skipBeforeLoading(name, path);
        if (early.isPresent()) {
            return RecommendTrainCell.skipped(name, path, early.get(), seconds(start));
        }
        log.accept(name + ": loading");
        HeteroGraph graph = RecommendTrainGraphs.load(name);
        TrainMeasurement m = path.baseline() == null
                ? new LinkTrainMeasure(settings, device, log).run(graph, path)
                : new BaselineTrainMeasure(settings, device, log).run(graph, path);
        return cell(name, path, m, settings.budgetSteps(), ProcessMemory.peakRssMib(), seconds(start));
    }

    /**
     * The cell of a measurement of {@code stepsRun} steps, with the process's peak resident MiB and
     * the cell's wall seconds.
     */
    static RecommendTrainCell cell(
            String name,
            RecommendTrainPath path,
            TrainMeasurement m,
            int stepsRun,
            long peakRssMib,
            double wallSeconds) {
        if (m.skipped() != null) {
            return RecommendTrainCell.skipped(name, path, m.skipped(), wallSeconds);
        }
        long perEpoch = RecommendTrainCell.stepsPerEpoch(m.trainPairs(), m.batchSize());
        double median = m.steps().median();
        TrainMeasurement.HostSampling host = m.host();
        return new RecommendTrainCell(
                name,
                path,
                null,
                m.users(),
                m.items(),
                m.trainPairs(),
                m.batchSize(),
                m.fanouts(),
                stepsRun,
                m.steps().millis().length,
                median,
                m.steps().percentile(90),
                perEpoch,
                perEpoch * median / 1000,
                peakRssMib,
                m.nativeBytes(),
                host == null ? null : host.samplingMs(),
                host == null ? null : host.waitMs(),
                host == null ? null : host.hidden(),
                host == null ? null : host.stepNodes(),
                host == null ? null : host.stepEdges(),
                m.recall20(),
                m.ndcg20(),
                wallSeconds);
    }

    /**
     * Resident bytes beyond the Java heap's used bytes, the allocator's free memory handed back
     * first: what PyTorch's tensors and allocator hold, with the JVM's own native memory (metaspace,
     * code, thread stacks) and any touched but unused heap, so an upper bound of PyTorch's share;
     * -1 where the resident size is unknown.
     */
    static long nativeBytes() {
        ProcessMemory.releaseFreeNativeMemory();
        long rss = ProcessMemory.rssMib();
        if (rss < 0) {
            return -1;
        }
        long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        return Math.max(0, rss * MIB - heap);
    }

    /** Logs step {@code step} of {@code total} at every tenth of the budget. */
    static void progress(Consumer<String> log, int step, int total) {
        int every = Math.max(1, total / PROGRESS_LINES);
        if (step % every == 0 || step == total) {
            log.accept(String.format(Locale.ROOT, "  step %d/%d", step, total));
        }
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
