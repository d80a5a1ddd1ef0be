package com.dipgnn.cli;

import com.dipgnn.bench.KernelComparisonBenchmark;
import com.dipgnn.bench.StepTimes;
import java.util.Locale;

/** The text report of {@code bench --config kernels}: a table per workload, ratios under it. */
final class KernelComparisonText {

    private KernelComparisonText() {}

    static String of(KernelComparisonBenchmark.Report report) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(
                Locale.ROOT,
                "== kernels: coo against torchscript, one process, each step's batch run "
                        + "with both (order alternating), %d warm-up and %d timed steps%n",
                report.warmup(),
                report.repeats()));
        if (!report.peakPerStep()) {
            sb.append("note: this kernel does not let the peak resident size be reset, so peaks are the process's "
                    + "since it started\n");
        }
        for (KernelComparisonBenchmark.Comparison c : report.comparisons()) {
            sb.append(String.format(
                    Locale.ROOT, "%n-- %s: %s (%.0f s)%n", c.workload(), c.description(), c.wallSeconds()));
            sb.append(String.format(
                    Locale.ROOT,
                    "%-12s %10s %10s %10s %10s %12s %14s%n",
                    "kernel",
                    "step ms",
                    "p10",
                    "p90",
                    "cpu ms",
                    "peak MiB",
                    "growth MiB"));
            row(sb, c.coo());
            row(sb, c.torchscript());
            sb.append(String.format(
                    Locale.ROOT,
                    "torchscript: %.2fx the speed of coo (median step), %.2fx by CPU "
                            + "time; %.0f%% of its peak resident memory, %.0f%% of its growth in a step%n",
                    c.speedup(),
                    c.cpuRatio(),
                    100 * c.peakRatio(),
                    100 * c.growthRatio()));
        }
        sb.append(String.format(Locale.ROOT, "%nload average at the end: %s%n", report.loadAverage()));
        return sb.toString();
    }

    private static void row(StringBuilder sb, KernelComparisonBenchmark.KernelFigures f) {
        StepTimes wall = f.wallMs();
        sb.append(String.format(
                Locale.ROOT,
                "%-12s %10.1f %10.1f %10.1f %10.1f %12d %14.0f%n",
                f.kernel().name().toLowerCase(Locale.ROOT),
                wall.median(),
                wall.percentile(10),
                wall.percentile(90),
                f.cpuMs().median(),
                f.peakRssMib(),
                f.growthMib().median()));
    }
}
