package com.dipgnn.cli;

import com.dipgnn.optim.TrainingListener;
import com.dipgnn.optim.TrainingTimeLimit;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * A one-line progress bar on standard error with the step, loss, latest validation metric, the
 * time since the first step and the estimated time left (from the mean step time so far, or until
 * its {@link #limitedTo time limit} when that comes first). On a terminal it redraws in place;
 * otherwise (logs, CI) it prints a line every 10%.
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
    private final LongSupplier clock;
    private long firstStep = -1;
    private long firstNanos;
    private TrainingTimeLimit timeLimit;
    private long lastStep;
    private long lastTotal;
    private String training = "training";

    public ProgressBar(PrintStream out, String label, String metric) {
        this(out, label, metric, System.console() != null, System::nanoTime);
    }

    /** A bar that redraws in place when {@code interactive}, timed by {@code clock} (nanoseconds). */
    ProgressBar(PrintStream out, String label, String metric, boolean interactive, LongSupplier clock) {
        this.out = out;
        this.label = label;
        this.metric = metric;
        this.interactive = interactive;
        this.clock = clock;
        this.timeLimit = TrainingTimeLimit.of(null, clock);
    }

    /**
     * This bar, ending {@code training} (its name in the log line that says so) once {@code limit}
     * has passed since the run started ({@link #timeUp}); null: no limit.
     */
    public ProgressBar limitedTo(Duration limit, String training) {
        this.timeLimit = TrainingTimeLimit.of(limit, clock);
        this.training = training;
        return this;
    }

    @Override
    public void onStart(long resumedFrom) {
        timeLimit.start();
    }

    @Override
    public boolean timeUp() {
        return timeLimit.endsTraining(training, lastStep, lastTotal);
    }

    @Override
    public void onStep(long step, long totalSteps, double loss) {
        long now = clock.getAsLong();
        lastStep = step;
        lastTotal = totalSteps;
        if (firstStep < 0) {
            firstStep = step;
            firstNanos = now;
        }
        long decile = step * 10 / totalSteps;
        if (!interactive && decile == lastPrintedDecile && step != totalSteps) {
            return;
        }
        lastPrintedDecile = decile;
        int filled = (int) (WIDTH * step / totalSteps);
        String bar = "#".repeat(filled) + "-".repeat(WIDTH - filled);
        String line = String.format(
                Locale.ROOT,
                "%s [%s] %3d%% step %d/%d loss %.4f %s %s (best %s) %s",
                label,
                bar,
                100 * step / totalSteps,
                step,
                totalSteps,
                loss,
                metric,
                fmt(lastMetric),
                fmt(bestMetric),
                timing(step, totalSteps, now));
        if (interactive) {
            out.print("\r" + line);
            if (step == totalSteps) {
                out.println();
                ConsoleLog.barEnded();
            } else {
                ConsoleLog.barDrawn();
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
            ConsoleLog.barEnded();
        }
    }

    /** The time since the first step, and the time left at the mean pace of the steps since then. */
    private String timing(long step, long totalSteps, long now) {
        return elapsedAndLeft(now - firstNanos, step - firstStep, totalSteps - step, timeLimit, now);
    }

    /**
     * {@code elapsed 1m05s, 3m20s left}: {@code elapsedNanos}, and the mean time of the {@code done}
     * units in it times the {@code toGo} units left (no estimate before a unit is done, none at the end).
     */
    static String elapsedAndLeft(long elapsedNanos, long done, long toGo) {
        return elapsedAndLeft(elapsedNanos, done, toGo, null, 0);
    }

    /**
     * As {@link #elapsedAndLeft(long, long, long)}, the time left ending at {@code limit} (read at
     * {@code nowNanos}) when that comes first ({@link TrainingTimeLimit#secondsLeft}); null: none.
     */
    private static String elapsedAndLeft(
            long elapsedNanos, long done, long toGo, TrainingTimeLimit limit, long nowNanos) {
        String text = "elapsed " + duration(elapsedNanos);
        if (done > 0 && toGo > 0) {
            double perUnit = elapsedNanos / 1e9 / done;
            double bySteps = perUnit * toGo;
            double left = limit == null ? bySteps : limit.secondsLeft(bySteps, perUnit, nowNanos);
            text += ", " + duration(Math.round(left * 1e9)) + " left" + (left < bySteps ? " (time limit)" : "");
        }
        return text;
    }

    /** {@code 42s}, {@code 3m05s} or {@code 1h02m}. */
    static String duration(long nanos) {
        long seconds = Math.round(nanos / 1e9);
        if (seconds < 60) {
            return seconds + "s";
        }
        if (seconds < 3600) {
            return String.format(Locale.ROOT, "%dm%02ds", seconds / 60, seconds % 60);
        }
        return String.format(Locale.ROOT, "%dh%02dm", seconds / 3600, (seconds % 3600) / 60);
    }

    private static String fmt(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.4f", v);
    }
}
