package com.dipgnn.cli;

import com.dipgnn.optim.TrainingListener;
import java.io.PrintStream;
import java.util.Locale;
import java.util.Map;

/**
 * A one-line progress bar on standard error with the step, loss and latest validation metric.
 * On a terminal it redraws in place; otherwise (logs, CI) it prints a line every 10%.
 */
public final class ProgressBar implements TrainingListener {

    private static final int WIDTH = 30;

    private final PrintStream out;
    private final String label;
    private final boolean interactive;
    private final String metric;
    private double lastMetric = Double.NaN;
    private double bestMetric = Double.NaN;
    private long lastPrintedDecile = -1;

    public ProgressBar(PrintStream out, String label, String metric) {
        this.out = out;
        this.label = label;
        this.metric = metric;
        this.interactive = System.console() != null;
    }

    @Override
    public void onStep(long step, long totalSteps, double loss) {
        long decile = step * 10 / totalSteps;
        if (!interactive && decile == lastPrintedDecile && step != totalSteps) {
            return;
        }
        lastPrintedDecile = decile;
        int filled = (int) (WIDTH * step / totalSteps);
        String bar = "#".repeat(filled) + "-".repeat(WIDTH - filled);
        String line = String.format(
                Locale.ROOT,
                "%s [%s] %3d%% step %d/%d loss %.4f %s %s (best %s)",
                label,
                bar,
                100 * step / totalSteps,
                step,
                totalSteps,
                loss,
                metric,
                fmt(lastMetric),
                fmt(bestMetric));
        if (interactive) {
            out.print("\r" + line);
            if (step == totalSteps) {
                out.println();
            }
        } else {
            out.println(line);
        }
        out.flush();
    }

    @Override
    public void onValidation(long step, Map<String, Double> metrics, boolean improved) {
        lastMetric = metrics.getOrDefault(metric, Double.NaN);
        if (improved) {
            bestMetric = lastMetric;
        }
    }

    /** Ends the line (after an early stop). */
    public void finish() {
        if (interactive) {
            out.println();
        }
    }

    private static String fmt(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.4f", v);
    }
}
