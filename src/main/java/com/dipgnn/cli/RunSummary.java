package com.dipgnn.cli;

import com.dipgnn.finetuning.FineTuneResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Mean and sample standard deviation of each metric over several runs, per split. */
public final class RunSummary {

    /** Mean and standard deviation of one metric. */
    public record Stat(double mean, double std, int n) {
        @Override
        public String toString() {
            return n > 1
                    ? String.format(Locale.ROOT, "%.4f ± %.4f", mean, std)
                    : String.format(Locale.ROOT, "%.4f", mean);
        }
    }

    private RunSummary() {}

    public static Map<String, Map<String, Stat>> of(List<FineTuneResult> results) {
        return ofMetrics(results.stream().map(FineTuneResult::metrics).toList());
    }

    /** Mean and sample standard deviation of each split's metrics over runs, each run's metrics by split. */
    public static Map<String, Map<String, Stat>> ofMetrics(List<Map<String, Map<String, Double>>> runs) {
        Map<String, Map<String, List<Double>>> values = new LinkedHashMap<>();
        for (Map<String, Map<String, Double>> r : runs) {
            r.forEach((split, metrics) ->
                    metrics.forEach((name, v) -> values.computeIfAbsent(split, k -> new LinkedHashMap<>())
                            .computeIfAbsent(name, k -> new ArrayList<>())
                            .add(v)));
        }
        Map<String, Map<String, Stat>> out = new LinkedHashMap<>();
        values.forEach((split, metrics) -> {
            Map<String, Stat> stats = new LinkedHashMap<>();
            metrics.forEach((name, list) -> stats.put(name, stat(list)));
            out.put(split, stats);
        });
        return out;
    }

    static Stat stat(List<Double> values) {
        double mean = values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        double ss = values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
        double std = values.size() > 1 ? Math.sqrt(ss / (values.size() - 1)) : 0;
        return new Stat(mean, std, values.size());
    }

    /** A plain-text table: one row per split, one column per metric. */
    public static String table(Map<String, Map<String, Stat>> summary) {
        List<String> columns = new ArrayList<>();
        summary.values()
                .forEach(m -> m.keySet().forEach(k -> {
                    if (!columns.contains(k)) {
                        columns.add(k);
                    }
                }));
        StringBuilder sb = new StringBuilder();
        String rowFormat = "%-6s" + " | %-17s".repeat(columns.size()) + "%n";
        sb.append(String.format(Locale.ROOT, rowFormat, concat("split", columns)));
        sb.append("-".repeat(6 + 20 * columns.size())).append(System.lineSeparator());
        summary.forEach((split, stats) -> {
            List<String> cells = new ArrayList<>();
            cells.add(split);
            for (String c : columns) {
                cells.add(stats.containsKey(c) ? stats.get(c).toString() : "");
            }
            sb.append(String.format(Locale.ROOT, rowFormat, cells.toArray()));
        });
        return sb.toString();
    }

    private static Object[] concat(String first, List<String> rest) {
        List<String> all = new ArrayList<>();
        all.add(first);
        all.addAll(rest);
        return all.toArray();
    }
}
