package com.dipgnn.bench;

import ai.djl.Device;
import com.dipgnn.finetuning.ExperimentSpec;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.model.AggregationKernel;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The same training steps run with both {@link AggregationKernel}s in one process, interleaved:
 * each step's batch is prepared once and stepped with one kernel, then the other, the order
 * alternating from step to step (so neither always runs on a warmer cache). Timed steps give wall
 * time and the process's CPU time (every thread, PyTorch's included). Then two more steps a kernel,
 * each after glibc's free memory is handed back and the peak resident set size reset, give the
 * step's peak resident size and how far the step raised it above its resident size at the start.
 * The process's kernel is restored at the end.
 */
public final class KernelComparisonBenchmark {

    /** One kind of training step, with its model and optimizer, set up once and stepped repeatedly. */
    public interface Workload<B> extends AutoCloseable {

        /** A short name, e.g. {@code dipgnn-hgt-homo}. */
        String name();

        /** What a step does, for the report. */
        String description();

        /** The host-side input of step {@code step} (1-based), the same for both kernels. */
        B prepare(int step);

        /** One training step (forward, backward, optimizer) on {@code batch}, finished when it returns. */
        void step(B batch);

        @Override
        void close();
    }

    /** One kernel's figures over the timed steps of a workload. */
    public record KernelFigures(
            AggregationKernel kernel, StepTimes wallMs, StepTimes cpuMs, long peakRssMib, StepTimes growthMib) {}

    /** Both kernels on one workload; ratios are COO over TorchScript for time, TorchScript over COO for memory. */
    public record Comparison(
            String workload,
            String description,
            KernelFigures coo,
            KernelFigures torchscript,
            double speedup,
            double cpuRatio,
            double peakRatio,
            double growthRatio,
            double wallSeconds) {}

    /** Every workload's comparison, with the machine's load and whether peaks were reset per step. */
    public record Report(
            List<Comparison> comparisons, int warmup, int repeats, boolean peakPerStep, String loadAverage) {}

    /** The graph and settings of a {@code gnn-link} workload. */
    public record LinkSetting(HeteroGraph graph, NodeEmbeddingBenchmark.Settings settings) {}

    /**
     * The workload a name gives, built when the supplier is called: {@code dipgnn-<configuration>}
     * (a {@link BenchConfiguration}'s pre-training step) or {@code gnn-link} (the link task's step on
     * the graph {@code link} supplies).
     */
    public static Supplier<Workload<?>> workload(String name, Device device, Supplier<LinkSetting> link) {
        if ("gnn-link".equals(name)) {
            return () -> {
                LinkSetting s = link.get();
                return new LinkStepWorkload(
                        name + " on " + s.graph().name(),
                        s.graph(),
                        ExperimentSpec.predictedRelation(s.graph(), null),
                        s.settings(),
                        device);
            };
        }
        if (name.startsWith(PretrainStepBenchmark.PREFIX)) {
            BenchConfiguration config = BenchConfiguration.named(name.substring(PretrainStepBenchmark.PREFIX.length()));
            return () -> new PretrainStepWorkload(config, device);
        }
        throw new IllegalArgumentException("unknown kernels workload '" + name + "': use gnn-link or "
                + PretrainStepBenchmark.PREFIX + "<configuration>, e.g. dipgnn-hgt-homo");
    }

    private static final AggregationKernel[] KERNELS = {AggregationKernel.COO, AggregationKernel.TORCHSCRIPT};
    /** Steps a kernel run after the timed ones, each from a trimmed allocator, for the memory figures. */
    private static final int MEMORY_STEPS = 2;

    private final int warmup;
    private final int repeats;

    public KernelComparisonBenchmark(int warmup, int repeats) {
        if (warmup < 0 || repeats < 1) {
            throw new IllegalArgumentException("need warmup >= 0 and repeats >= 1, not " + warmup + ", " + repeats);
        }
        this.warmup = warmup;
        this.repeats = repeats;
    }

    /** Builds and runs each workload in turn (closing it afterwards); {@code log} receives a line per step pair. */
    public Report run(List<Supplier<Workload<?>>> workloads, Consumer<String> log) {
        AggregationKernel before = AggregationKernel.current();
        boolean peakPerStep = ProcessMemory.resetPeak();
        List<Comparison> comparisons = new ArrayList<>();
        try {
            for (Supplier<Workload<?>> workload : workloads) {
                try (Workload<?> w = workload.get()) {
                    comparisons.add(compare(w, log));
                }
            }
        } finally {
            AggregationKernel.use(before);
        }
        return new Report(comparisons, warmup, repeats, peakPerStep, NodeEmbeddingBenchmark.loadAverage());
    }

    private <B> Comparison compare(Workload<B> workload, Consumer<String> log) {
        long started = System.nanoTime();
        double[][][] times = new double[2][2][repeats]; // kernel, (wall, cpu), step
        for (int step = 1; step <= warmup + repeats; step++) {
            B batch = workload.prepare(step);
            int r = step - warmup - 1;
            for (int i = 0; i < 2; i++) {
                int k = step % 2 == 0 ? i : 1 - i;
                double[] m = timed(workload, batch, KERNELS[k]);
                if (r >= 0) {
                    times[k][0][r] = m[0];
                    times[k][1][r] = m[1];
                }
            }
            log.accept(String.format(
                    Locale.ROOT,
                    "  %s: step %d/%d%s",
                    workload.name(),
                    step,
                    warmup + repeats,
                    step <= warmup ? " (warm-up)" : ""));
        }
        double[][][] memory = new double[2][2][MEMORY_STEPS]; // kernel, (peak, growth), step
        for (int s = 0; s < MEMORY_STEPS; s++) {
            B batch = workload.prepare(warmup + repeats + 1 + s);
            for (int i = 0; i < 2; i++) {
                int k = s % 2 == 0 ? i : 1 - i;
                double[] m = resident(workload, batch, KERNELS[k]);
                memory[k][0][s] = m[0];
                memory[k][1][s] = m[1];
            }
        }
        log.accept(String.format(
                Locale.ROOT, "  %s: %d steps a kernel measured for memory", workload.name(), MEMORY_STEPS));
        KernelFigures coo = figures(KERNELS[0], times[0], memory[0]);
        KernelFigures script = figures(KERNELS[1], times[1], memory[1]);
        return new Comparison(
                workload.name(),
                workload.description(),
                coo,
                script,
                coo.wallMs().median() / script.wallMs().median(),
                coo.cpuMs().median() / script.cpuMs().median(),
                (double) script.peakRssMib() / coo.peakRssMib(),
                script.growthMib().median() / Math.max(1, coo.growthMib().median()),
                (System.nanoTime() - started) / 1e9);
    }

    /** Wall and CPU milliseconds of one step, the allocator's cache left as it is (as in training). */
    private static <B> double[] timed(Workload<B> workload, B batch, AggregationKernel kernel) {
        AggregationKernel.use(kernel);
        long cpu = processCpuNanos();
        long t0 = System.nanoTime();
        workload.step(batch);
        long t1 = System.nanoTime();
        return new double[] {(t1 - t0) / 1e6, (processCpuNanos() - cpu) / 1e6};
    }

    /**
     * Peak resident MiB of one step and its growth above the resident size at its start, with the
     * allocator's free memory handed back first, so neither kernel's step profits from memory the
     * other left cached.
     */
    private static <B> double[] resident(Workload<B> workload, B batch, AggregationKernel kernel) {
        AggregationKernel.use(kernel);
        ProcessMemory.releaseFreeNativeMemory();
        ProcessMemory.resetPeak();
        long start = ProcessMemory.rssMib();
        workload.step(batch);
        long peak = ProcessMemory.peakRssMib();
        return new double[] {peak, peak - start};
    }

    private static KernelFigures figures(AggregationKernel kernel, double[][] times, double[][] memory) {
        long peak = 0;
        for (double p : memory[0]) {
            peak = Math.max(peak, (long) p);
        }
        return new KernelFigures(
                kernel, new StepTimes(times[0]), new StepTimes(times[1]), peak, new StepTimes(memory[1]));
    }

    /** CPU time of every thread of the process, or -1 where the JVM does not say. */
    private static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }
}
