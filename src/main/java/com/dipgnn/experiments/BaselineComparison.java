package com.dipgnn.experiments;

import ai.djl.Device;
import com.dipgnn.finetuning.SplitMode;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.optim.TrainingListener;
import com.dipgnn.recommend.RecommenderConfig;
import com.dipgnn.recommend.RecommenderExperiment;
import com.dipgnn.recommend.RecommenderKind;
import com.dipgnn.recommend.RecommenderResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * The field's baseline recommenders (popularity, MF, LightGCN) on a reproduction's edge split
 * and seeds, so that the GNN methods of a link-prediction reproduction are compared with them
 * under the same protocols; rendered as a Markdown table for the report.
 */
public final class BaselineComparison {

    /** The metrics a row shows, in order. */
    public static final List<String> METRICS = List.of("recall@20", "ndcg@20", "mrr", "hits@10");

    /**
     * One baseline's runs.
     *
     * @param kind the recommender
     * @param runs per seed, the split → metric → value map
     * @param seconds per seed, the wall time
     */
    public record Baseline(RecommenderKind kind, List<Map<String, Map<String, Double>>> runs, List<Double> seconds) {

        /** Mean and sample standard deviation of a test metric, formatted as {@code mean ± std} (×100). */
        public String cell(String metric) {
            double[] v = runs.stream()
                    .mapToDouble(r -> r.get("test").getOrDefault(metric, Double.NaN))
                    .toArray();
            double mean = Arrays.stream(v).average().orElse(Double.NaN);
            double ss = 0;
            for (double x : v) {
                ss += (x - mean) * (x - mean);
            }
            double std = v.length > 1 ? Math.sqrt(ss / (v.length - 1)) : 0;
            return String.format(Locale.ROOT, "%.2f ± %.2f", 100 * mean, 100 * std);
        }
    }

    private BaselineComparison() {}

    /**
     * Trains and evaluates each baseline with seeds {@code firstSeed .. firstSeed + runs - 1}.
     *
     * @param listener the training listener of (baseline, seed)
     */
    public static List<Baseline> run(
            HeteroGraph graph,
            String relation,
            SplitMode split,
            long splitSeed,
            List<RecommenderConfig> configs,
            int runs,
            long firstSeed,
            Device device,
            BiFunction<RecommenderKind, Long, TrainingListener> listener)
            throws IOException {
        List<Baseline> out = new ArrayList<>();
        for (RecommenderConfig config : configs) {
            RecommenderExperiment experiment =
                    new RecommenderExperiment(graph, relation, split, splitSeed, config, device);
            List<Map<String, Map<String, Double>>> metrics = new ArrayList<>();
            List<Double> seconds = new ArrayList<>();
            for (int r = 0; r < runs; r++) {
                RecommenderResult result =
                        experiment.run(firstSeed + r, listener.apply(config.kind(), firstSeed + r), null);
                metrics.add(new LinkedHashMap<>(result.metrics()));
                seconds.add(result.seconds());
            }
            out.add(new Baseline(config.kind(), metrics, seconds));
        }
        return out;
    }

    /** The Markdown section: one row per baseline, test metrics ×100 as mean ± std, mean wall time. */
    public static String markdown(List<Baseline> baselines) {
        StringBuilder md = new StringBuilder("## Baseline recommenders (same split and seeds)\n\n| model |");
        METRICS.forEach(m -> md.append(' ').append(m).append(" |"));
        md.append(" s per run |\n|---|");
        METRICS.forEach(m -> md.append("---|"));
        md.append("---|\n");
        for (Baseline b : baselines) {
            md.append("| ").append(b.kind().cliName()).append(" |");
            METRICS.forEach(m -> md.append(' ').append(b.cell(m)).append(" |"));
            md.append(String.format(
                    Locale.ROOT,
                    " %.1f |%n",
                    b.seconds().stream()
                            .mapToDouble(Double::doubleValue)
                            .average()
                            .orElse(0)));
        }
        return md.toString();
    }
}
