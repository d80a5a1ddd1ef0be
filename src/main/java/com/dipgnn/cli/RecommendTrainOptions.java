package com.dipgnn.cli;

import com.dipgnn.bench.RecommendTrainBenchmark;
import com.dipgnn.bench.RecommendTrainCell;
import com.dipgnn.bench.RecommendTrainChild;
import com.dipgnn.bench.RecommendTrainPath;
import com.dipgnn.recommend.RecommenderConfig;
import com.dipgnn.recommend.RecommenderKind;
import com.dipgnn.runtime.Devices;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The options of {@code bench --config recommend-train}, a picocli mixin of {@link BenchCommand},
 * and how they run: each (graph, path) cell in a child process of its own
 * ({@link RecommendTrainChild}), or, with {@code --cell}, one cell in this process.
 */
final class RecommendTrainOptions {

    /** The {@code --config} value. */
    static final String CONFIG = "recommend-train";

    @Option(
            names = "--graphs",
            split = ",",
            defaultValue = "gowalla,synthetic-1m,synthetic-5m,synthetic-20m",
            description = "recommend-train: the graphs, synthetic-<N>m (the interaction generator at N million "
                    + "interactions, N/10 million users, N/40 million items) or any graph location "
                    + "(default: ${DEFAULT-VALUE})")
    List<String> graphs;

    @Option(
            names = "--paths",
            split = ",",
            defaultValue = "full,fanout,propagation,mf,lightgcn",
            description = "recommend-train: full (the default link model, GAT, on the whole graph; skipped above the "
                    + "whole-graph bound), fanout (the same on fan-out neighbourhoods), propagation (the propagation "
                    + "backbone), mf, lightgcn (the baselines) (default: ${DEFAULT-VALUE})")
    List<String> paths;

    @Option(
            names = "--budget-steps",
            defaultValue = "200",
            description = "recommend-train: training steps a cell, --warmup of them untimed, before the test split is "
                    + "ranked (default: ${DEFAULT-VALUE})")
    int budgetSteps;

    @Option(names = "--no-quality", description = "recommend-train: time the steps only, no ranking of the test split")
    boolean noQuality;

    @Option(
            names = "--batch-size",
            description = "recommend-train: positive pairs a step on every path (default: the link task's "
                    + "recommendation default, 1024, and the baselines' --rec-batch)")
    Integer batchSize;

    @Option(
            names = "--fanouts",
            split = ",",
            paramLabel = "F1,F2,...",
            defaultValue = "10,10",
            description = "recommend-train: in-neighbours drawn per node and relation at each hop of the fanout path "
                    + "(default: ${DEFAULT-VALUE})")
    List<Integer> fanouts;

    @Option(
            names = RecommendTrainChild.CELL_OPTION,
            paramLabel = "GRAPH:PATH",
            description = "recommend-train: measure this one cell in this process (what each child process runs)")
    String cell;

    /**
     * Runs the benchmark and prints the table, or with {@code json} a JSON array (one cell's JSON
     * object with {@code --cell}).
     *
     * @param commandLine this process's command line, which each child process repeats with its cell
     */
    int run(
            int warmup,
            String device,
            boolean json,
            RecommenderOptions baselines,
            List<String> commandLine,
            PrintStream out)
            throws Exception {
        RecommendTrainBenchmark.Settings settings = settings(warmup, baselines);
        if (cell != null) {
            RecommendTrainChild.CellName name = RecommendTrainChild.CellName.parse(cell);
            RecommendTrainCell measured = new RecommendTrainBenchmark(
                            settings, Devices.select(device), System.err::println)
                    .run(name.graph(), name.path());
            out.println(
                    json
                            ? RecommendTrainChild.toJson(measured)
                            : RecommendTrainText.table(List.of(measured), budgetSteps, warmup, !noQuality));
            return 0;
        }
        List<RecommendTrainPath> chosen =
                paths.stream().map(RecommendTrainPath::parse).toList();
        List<RecommendTrainCell> cells = new ArrayList<>();
        for (String graph : graphs) {
            for (RecommendTrainPath path : chosen) {
                RecommendTrainChild.CellName name = new RecommendTrainChild.CellName(graph, path);
                System.err.println("== " + name);
                cells.add(RecommendTrainBenchmark.skipBeforeLoading(graph, path)
                        .map(reason -> RecommendTrainCell.skipped(graph, path, reason, 0))
                        .orElseGet(() -> RecommendTrainChild.run(commandLine, name)));
            }
        }
        out.println(
                json
                        ? new ObjectMapper().writeValueAsString(cells)
                        : RecommendTrainText.table(cells, budgetSteps, warmup, !noQuality));
        return 0;
    }

    private RecommendTrainBenchmark.Settings settings(int warmup, RecommenderOptions baselines) {
        Map<RecommenderKind, RecommenderConfig> configs = new EnumMap<>(RecommenderKind.class);
        for (RecommendTrainPath p : RecommendTrainPath.values()) {
            if (p.baseline() != null) {
                configs.put(p.baseline(), baselines.config(p.baseline(), RecommendTrainBenchmark.EVAL_NEGATIVES));
            }
        }
        return new RecommendTrainBenchmark.Settings(
                budgetSteps, warmup, !noQuality, batchSize == null ? 0 : batchSize, fanouts, configs, 0);
    }
}
