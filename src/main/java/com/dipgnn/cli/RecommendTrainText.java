package com.dipgnn.cli;

import com.dipgnn.bench.RecommendTrainCell;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The text table of {@code bench --config recommend-train}: one row per (graph, path) cell. */
final class RecommendTrainText {

    private static final String ROW = "%-14s %-11s %6s %7s %9s %9s %9s %9s %9s %9s %9s %8s %6s %9s %10s %7s %7s %8s%n";
    private static final String NONE = "-";
    private static final String WHOLE = "whole";
    private static final double MIB = 1024.0 * 1024;

    private RecommendTrainText() {}

    /**
     * The table of {@code cells}, after a line saying the budget: {@code budgetSteps} steps, the
     * first {@code warmup} untimed.
     */
    static String table(List<RecommendTrainCell> cells, int budgetSteps, int warmup, boolean quality) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(
                Locale.ROOT,
                "== recommend-train: %d steps a cell, the first %d untimed; %s%n",
                budgetSteps,
                warmup,
                quality ? "then the test split ranked in full (Recall@20, NDCG@20)" : "no quality (--no-quality)"));
        sb.append(String.format(
                Locale.ROOT,
                ROW,
                "graph",
                "path",
                "batch",
                "fanouts",
                "step ms",
                "p90 ms",
                "steps/ep",
                "epoch s",
                "peak MiB",
                "native",
                "sample ms",
                "wait ms",
                "hidden",
                "nodes",
                "edges",
                "R@20",
                "N@20",
                "wall s"));
        for (RecommendTrainCell c : cells) {
            sb.append(c.skipped() != null ? skippedRow(c) : row(c));
        }
        sb.append("step: median and p90 of the timed steps (waiting for the batch included); epoch = steps per "
                + "epoch x median step; peak: the cell's process's peak resident MiB; native: resident MiB beyond the "
                + "Java heap's used bytes after the timed steps (PyTorch, the JVM's own native memory, touched "
                + "but unused heap); sample ms: host time making a batch on the "
                + "prefetch thread, wait ms: a step's wait for it, hidden when the wait is at most a tenth of it "
                + "(baselines draw their pairs inside the step: -); nodes, edges: a GNN step's mean computation graph; fanouts: whole for the whole graph every step; wall: the cell from loading the graph to its "
                + "evaluation\n");
        return sb.toString();
    }

    private static String row(RecommendTrainCell c) {
        return String.format(
                Locale.ROOT,
                ROW,
                c.graph(),
                c.path().cliName(),
                c.batchSize(),
                c.fanouts() != null
                        ? c.fanouts().stream().map(String::valueOf).collect(Collectors.joining(","))
                        : c.path().baseline() != null ? NONE : WHOLE,
                number(c.stepMedianMs(), "%.1f"),
                number(c.stepP90Ms(), "%.1f"),
                String.format(Locale.ROOT, "%,d", c.stepsPerEpoch()),
                number(c.epochSeconds(), "%.1f"),
                String.format(Locale.ROOT, "%,d", c.peakRssMib()),
                c.nativeBytes() < 0 ? NONE : String.format(Locale.ROOT, "%,.0f", c.nativeBytes() / MIB),
                number(c.samplingMsPerStep(), "%.2f"),
                number(c.waitMsPerStep(), "%.2f"),
                c.samplingHidden() == null ? NONE : c.samplingHidden() ? "yes" : "no",
                number(c.stepNodes(), "%,.0f"),
                number(c.stepEdges(), "%,.0f"),
                number(c.recall20(), "%.4f"),
                number(c.ndcg20(), "%.4f"),
                String.format(Locale.ROOT, "%.1f", c.wallSeconds()));
    }

    private static String skippedRow(RecommendTrainCell c) {
        return String.format(
                Locale.ROOT,
                "%-14s %-11s skipped: %s (%.1f s)%n",
                c.graph(),
                c.path().cliName(),
                c.skipped(),
                c.wallSeconds());
    }

    private static String number(Double value, String format) {
        return value == null ? NONE : String.format(Locale.ROOT, format, value);
    }
}
