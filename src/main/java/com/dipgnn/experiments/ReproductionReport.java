package com.dipgnn.experiments;

import com.dipgnn.pretraining.PretrainMethod;
import com.dipgnn.pretraining.PretrainMetrics;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns a {@link ReproductionResult} into the paper-style Markdown table (mean ± std over runs,
 * the gain over fine-tuning from scratch and its paired t-test), a table of pre-training figures
 * (the paper's Table 6 columns), and an SVG plot of the validation metric over fine-tuning steps.
 */
public final class ReproductionReport {

    private ReproductionReport() {}

    /** The Markdown report; {@code plotFile} (may be null) is linked when given. */
    public static String markdown(ReproductionResult result, String plotFile) {
        StringBuilder md = new StringBuilder();
        md.append("# Reproduction: ")
                .append(result.dataset())
                .append(" (")
                .append(result.task())
                .append(")\n\n");
        md.append("Graph: ").append(result.graphSummary()).append("\n\n");
        md.append(resultsTable(result)).append('\n');
        md.append(recommendation(result)).append('\n');
        md.append(probeTable(result)).append('\n');
        md.append(comparisonTable(result)).append('\n');
        md.append(pretrainingTable(result)).append('\n');
        if (plotFile != null) {
            md.append("![validation ")
                    .append(label(result.metric()))
                    .append(" over fine-tuning steps](")
                    .append(plotFile)
                    .append(")\n\n");
        }
        md.append("## Settings\n\n");
        result.settings()
                .forEach((k, v) ->
                        md.append("- ").append(k).append(": `").append(v).append("`\n"));
        return md.toString();
    }

    static String resultsTable(ReproductionResult result) {
        String metric = result.metric();
        MethodReport baseline = result.methods().stream()
                .filter(m -> m.method() == PretrainMethod.NONE)
                .findFirst()
                .orElse(null);
        StringBuilder md = new StringBuilder();
        md.append("| method | test ")
                .append(label(metric))
                .append(" (mean ± std) | gain vs w/o pre-train | runs | ")
                .append("pre-training steps | pre-training s |\n");
        md.append("|---|---|---|---|---|---|\n");
        for (MethodReport m : result.methods()) {
            String gain =
                    baseline == null || m == baseline ? "" : signed(100 * (m.mean(metric) - baseline.mean(metric)));
            md.append(String.format(
                    Locale.ROOT,
                    "| %s | %.2f ± %.2f | %s | %d | %d | %.0f |%n",
                    m.method().displayName(),
                    100 * m.mean(metric),
                    100 * m.std(metric),
                    gain,
                    m.runs().size(),
                    m.pretrainSteps(),
                    m.pretrainSeconds()));
        }
        md.append("\nFigures are ×100. Every method fine-tunes with the same seeds on the same split.\n");
        return md.toString();
    }

    /**
     * Which method this data set's figures recommend: the best mean test metric, said with its
     * paired test against fine-tuning from scratch; scratch itself when no method beats it with
     * p < 0.05 (pre-training then costs time for nothing measurable).
     */
    static String recommendation(ReproductionResult result) {
        String metric = result.metric();
        MethodReport best = result.methods().stream()
                .max(Comparator.comparingDouble(m -> m.mean(metric)))
                .orElse(null);
        MethodReport baseline = result.methods().stream()
                .filter(m -> m.method() == PretrainMethod.NONE)
                .findFirst()
                .orElse(null);
        if (best == null || baseline == null || result.comparisons().isEmpty()) {
            return "";
        }
        if (best == baseline) {
            return "**Recommendation:** no pre-training: no method beat fine-tuning from scratch on average.\n";
        }
        PairedTTest.Result t = result.comparisons()
                .get(best.method().displayName() + " vs " + baseline.method().displayName());
        if (t == null || t.pValue() >= 0.05) {
            return String.format(
                    Locale.ROOT,
                    "**Recommendation:** no pre-training: the best method, %s, is %s ahead "
                            + "of fine-tuning from scratch, within the run-to-run spread (p = %s).%n",
                    best.method().displayName(),
                    signed(100 * (best.mean(metric) - baseline.mean(metric))),
                    t == null ? "–" : pValue(t.pValue()));
        }
        return String.format(
                Locale.ROOT,
                "**Recommendation:** %s, %s ahead of fine-tuning from scratch (p = %s).%n",
                best.method().displayName(),
                signed(100 * (best.mean(metric) - baseline.mean(metric))),
                pValue(t.pValue()));
    }

    /** The linear probe's table (test and validation of the frozen starting encoder), or "" when not probed. */
    static String probeTable(ReproductionResult result) {
        String metric = result.metric();
        if (result.methods().stream().anyMatch(m -> m.probeTest(metric).length == 0)) {
            return "";
        }
        StringBuilder md = new StringBuilder("Linear probe of each frozen encoder before fine-tuning (a logistic "
                + "regression on its clean-graph embeddings; same split and seeds):\n\n");
        md.append("| method | probe test ").append(label(metric)).append(" (mean ± std) | probe validation |\n");
        md.append("|---|---|---|\n");
        for (MethodReport m : result.methods()) {
            double[] test = m.probeTest(metric);
            double[] val = m.runs().stream()
                    .mapToDouble(r -> r.probe().get("val").get(metric))
                    .toArray();
            md.append(String.format(
                    Locale.ROOT,
                    "| %s | %.2f ± %.2f | %.2f |%n",
                    m.method().displayName(),
                    100 * mean(test),
                    100 * std(test),
                    100 * mean(val)));
        }
        return md.toString();
    }

    private static double mean(double[] v) {
        return Arrays.stream(v).average().orElse(Double.NaN);
    }

    private static double std(double[] v) {
        if (v.length < 2) {
            return 0;
        }
        double m = mean(v);
        return Math.sqrt(Arrays.stream(v).map(x -> (x - m) * (x - m)).sum() / (v.length - 1));
    }

    static String comparisonTable(ReproductionResult result) {
        if (result.comparisons().isEmpty()) {
            return "";
        }
        StringBuilder md =
                new StringBuilder("| comparison (paired over seeds) | mean difference | t | df | p (two-sided) |\n");
        md.append("|---|---|---|---|---|\n");
        result.comparisons()
                .forEach((name, t) -> md.append(String.format(
                        Locale.ROOT,
                        "| %s | %s | %.2f | %d | %s |%n",
                        name,
                        signed(100 * t.meanDifference()),
                        t.t(),
                        t.degreesOfFreedom(),
                        pValue(t.pValue()))));
        return md.toString();
    }

    static String pretrainingTable(ReproductionResult result) {
        List<String> columns = List.of(
                PretrainMetrics.GEN_ACCURACY,
                PretrainMetrics.GEN_TOP1_ACCURACY,
                PretrainMetrics.DISC_ACCURACY,
                PretrainMetrics.DISC_TRIVIAL_RATE,
                PretrainMetrics.DISC_MARGIN,
                PretrainMetrics.GEN_COVERAGE,
                PretrainMetrics.DISC_COVERAGE,
                PretrainMetrics.COVERAGE_RATIO,
                PretrainMetrics.DISC_FEATURE_ACCURACY,
                PretrainMetrics.DISC_FEATURE_TRIVIAL_RATE,
                PretrainMetrics.DISC_FEATURE_MARGIN,
                PretrainMetrics.GEN_TEXT_ACCURACY,
                PretrainMetrics.DISC_TEXT_ACCURACY,
                PretrainMetrics.DISC_TEXT_TRIVIAL_RATE,
                PretrainMetrics.DISC_TEXT_MARGIN,
                PretrainMetrics.LOSS);
        StringBuilder md = new StringBuilder("| method | gen. acc (generated) | gen. top-1 | disc. acc | disc. trivial "
                + "| disc. margin | coverage gen. | coverage disc. | ratio | feature disc. acc | feature trivial "
                + "| feature margin | text gen. acc | text disc. acc | text trivial | text margin | final loss |\n");
        md.append("|---".repeat(columns.size() + 1)).append("|\n");
        boolean any = false;
        for (MethodReport m : result.methods()) {
            Map<String, Double> f = m.pretrainFinal();
            if (f == null || f.isEmpty()) {
                continue;
            }
            any = true;
            md.append("| ").append(m.method().displayName());
            for (String key : columns) {
                Double v = f.get(key);
                md.append(" | ").append(v == null ? "–" : String.format(Locale.ROOT, "%.3f", v));
            }
            md.append(" |\n");
        }
        return any
                ? "Pre-training figures of the last logging interval (the paper's Table 6 columns). A "
                        + "discriminator's accuracy means something only above its trivial rate, the accuracy of "
                        + "always answering its more common label; the margin is the difference:\n\n" + md
                : "";
    }

    /** The SVG plot of the mean validation metric (± std over runs) against the fine-tuning step. */
    public static SvgLinePlot plot(ReproductionResult result) {
        SvgLinePlot plot = new SvgLinePlot(
                result.dataset() + ": validation " + label(result.metric()) + " during fine-tuning",
                "fine-tuning step",
                "validation " + label(result.metric()));
        for (MethodReport m : result.methods()) {
            TreeMap<Double, List<Double>> byStep = new TreeMap<>();
            for (RunRecord r : m.runs()) {
                for (double[] p : r.curve()) {
                    byStep.computeIfAbsent(p[0], k -> new ArrayList<>()).add(p[1]);
                }
            }
            double[] x = new double[byStep.size()];
            double[] y = new double[byStep.size()];
            double[] band = new double[byStep.size()];
            int i = 0;
            for (Map.Entry<Double, List<Double>> e : byStep.entrySet()) {
                x[i] = e.getKey();
                double mean = e.getValue().stream()
                        .mapToDouble(Double::doubleValue)
                        .average()
                        .orElse(Double.NaN);
                double ss = e.getValue().stream()
                        .mapToDouble(v -> (v - mean) * (v - mean))
                        .sum();
                y[i] = mean;
                band[i] = e.getValue().size() > 1 ? Math.sqrt(ss / (e.getValue().size() - 1)) : 0;
                i++;
            }
            plot.addSeries(m.method().displayName(), x, y, band);
        }
        return plot;
    }

    /** Writes {@code report.md}, {@code validation.svg} and returns the Markdown path. */
    public static Path write(ReproductionResult result, Path dir) throws IOException {
        Files.createDirectories(dir);
        plot(result).write(dir.resolve("validation.svg"));
        Path md = dir.resolve("report.md");
        Files.writeString(md, markdown(result, "validation.svg"), StandardCharsets.UTF_8);
        return md;
    }

    static String label(String metric) {
        return switch (metric) {
            case "micro_f1" -> "micro-F1";
            case "mrr" -> "MRR";
            default -> metric;
        };
    }

    private static String signed(double v) {
        return String.format(Locale.ROOT, "%+.2f", v);
    }

    private static String pValue(double p) {
        return p < 1e-4 ? "< 0.0001" : String.format(Locale.ROOT, "%.4f", p);
    }
}
