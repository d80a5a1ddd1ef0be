package com.dipgnn.jobs.runner;

import com.dipgnn.experiments.SvgLinePlot;
import com.dipgnn.finetuning.FineTuneLogEntry;
import com.dipgnn.pretraining.PretrainLogEntry;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A job's training curves, as series of (step, value) points: the training losses and the
 * validation metrics (fine-tuning) or pre-training figures, one point per validation or logged
 * interval. Serialises to JSON as it is; {@link #toSvg()} draws the loss and the primary metric.
 *
 * @param primaryMetric the series drawn under the loss (null: every {@code *accuracy} series)
 * @param losses loss series by name (fine-tuning: {@code loss}, the mean over each validation interval)
 * @param metrics metric series by name (fine-tuning: {@code val_<metric>})
 */
public record TrainingCurves(String primaryMetric, Map<String, List<Point>> losses, Map<String, List<Point>> metrics) {

    /** One point of a series. */
    public record Point(long step, double value) {}

    private static final String LOSS = "loss";

    public TrainingCurves {
        losses = frozen(losses);
        metrics = frozen(metrics);
    }

    /** The curves of a fine-tuning run from its validation history; {@code primary} is e.g. {@code micro_f1}. */
    public static TrainingCurves ofFineTuning(List<FineTuneLogEntry> history, String primary) {
        Map<String, List<Point>> losses = new LinkedHashMap<>();
        Map<String, List<Point>> metrics = new LinkedHashMap<>();
        for (FineTuneLogEntry e : history) {
            if (e.steps() > 0) {
                add(losses, LOSS, e.step(), e.loss());
            }
            e.validation().forEach((name, value) -> add(metrics, "val_" + name, e.step(), value));
        }
        return new TrainingCurves("val_" + primary, losses, metrics);
    }

    /** The curves of a pre-training run from its logged intervals (losses: the figures named {@code *loss}). */
    public static TrainingCurves ofPretraining(List<PretrainLogEntry> history) {
        Map<String, List<Point>> losses = new LinkedHashMap<>();
        Map<String, List<Point>> metrics = new LinkedHashMap<>();
        for (PretrainLogEntry e : history) {
            e.metrics().forEach((name, value) -> add(isLoss(name) ? losses : metrics, name, e.step(), value));
        }
        return new TrainingCurves(null, losses, metrics);
    }

    static boolean isLoss(String name) {
        return name.endsWith(LOSS);
    }

    /**
     * A standalone SVG document: the training loss above, the primary metric (pre-training: the
     * accuracies) below, against the step.
     */
    public String toSvg() {
        List<String> panels = new ArrayList<>();
        Map<String, List<Point>> loss = losses.containsKey(LOSS) ? Map.of(LOSS, losses.get(LOSS)) : losses;
        if (!loss.isEmpty()) {
            panels.add(panel("Training loss", "loss", loss));
        }
        Map<String, List<Point>> shown = shownMetrics();
        if (!shown.isEmpty()) {
            panels.add(panel(
                    primaryMetric != null
                            ? "Validation " + primaryMetric.replaceFirst("^val_", "")
                            : "Pre-training accuracy",
                    primaryMetric != null ? primaryMetric : "accuracy",
                    shown));
        }
        if (panels.isEmpty()) {
            panels.add(panel("No training curves yet", "", Map.of()));
        }
        return stack(panels);
    }

    private Map<String, List<Point>> shownMetrics() {
        if (primaryMetric != null) {
            return metrics.containsKey(primaryMetric) ? Map.of(primaryMetric, metrics.get(primaryMetric)) : Map.of();
        }
        Map<String, List<Point>> accuracies = new LinkedHashMap<>();
        metrics.forEach((name, points) -> {
            if (name.endsWith("accuracy")) {
                accuracies.put(name, points);
            }
        });
        return accuracies;
    }

    private static String panel(String title, String yLabel, Map<String, List<Point>> series) {
        SvgLinePlot plot = new SvgLinePlot(title, "step", yLabel);
        series.forEach((name, points) -> plot.addSeries(
                name,
                points.stream().mapToDouble(Point::step).toArray(),
                points.stream().mapToDouble(Point::value).toArray(),
                null));
        return plot.render();
    }

    /** Stacks standalone SVG documents vertically in one document (nested {@code svg} elements). */
    private static String stack(List<String> panels) {
        StringBuilder body = new StringBuilder();
        int width = 0;
        int height = 0;
        for (int i = 0; i < panels.size(); i++) {
            String svg = panels.get(i).replaceFirst("^<\\?xml[^>]*>\\s*", "").replace("plot-area", "plot-area-" + i);
            body.append(svg.replaceFirst("<svg ", "<svg y=\"" + height + "\" "));
            width = Math.max(width, attribute(svg, "width"));
            height += attribute(svg, "height");
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\""
                + width + "\" height=\"" + height + "\" viewBox=\"0 0 " + width + " " + height + "\">\n"
                + body + "</svg>\n";
    }

    /** An integer attribute of the first element (the {@code svg} element). */
    private static int attribute(String svg, String name) {
        Matcher m = Pattern.compile(" " + name + "=\"(\\d+)\"").matcher(svg);
        if (!m.find()) {
            throw new IllegalStateException("plot without a " + name);
        }
        return Integer.parseInt(m.group(1));
    }

    private static void add(Map<String, List<Point>> series, String name, long step, double value) {
        series.computeIfAbsent(name, k -> new ArrayList<>()).add(new Point(step, value));
    }

    private static Map<String, List<Point>> frozen(Map<String, List<Point>> series) {
        Map<String, List<Point>> copy = new LinkedHashMap<>();
        if (series != null) {
            series.forEach((name, points) -> copy.put(name, List.copyOf(points)));
        }
        return Collections.unmodifiableMap(copy);
    }
}
