package com.dipgnn.cli;

import com.dipgnn.pretraining.PretrainListener;
import com.dipgnn.pretraining.PretrainLogEntry;
import com.dipgnn.pretraining.PretrainMetrics;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;

/** Pre-training progress on standard error: a progress bar per step and one line per logging interval. */
final class PretrainProgress implements PretrainListener {

    private final PrintStream out;
    private final ProgressBar bar;

    PretrainProgress(PrintStream out, String label) {
        this(out, label, null);
    }

    /** Progress that ends pre-training once {@code timeLimit} has passed since it started (null: no limit). */
    PretrainProgress(PrintStream out, String label, Duration timeLimit) {
        this.out = out;
        this.bar = new ProgressBar(out, label, PretrainMetrics.DISC_ACCURACY).limitedTo(timeLimit, "pre-training");
    }

    @Override
    public void onStart(long resumedFrom) {
        bar.onStart(resumedFrom);
    }

    @Override
    public boolean timeUp() {
        return bar.timeUp();
    }

    @Override
    public void onStep(long step, long totalSteps, Map<String, Double> stats) {
        bar.onStep(step, totalSteps, stats.getOrDefault(PretrainMetrics.LOSS, Double.NaN));
    }

    @Override
    public void onLog(PretrainLogEntry entry) {
        bar.onValidation(entry.step(), entry.metrics(), true);
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  step %d:", entry.step()));
        entry.metrics().forEach((k, v) -> line.append(String.format(Locale.ROOT, " %s %.4f", k, v)));
        out.println(line);
    }

    @Override
    public void onWarning(String message) {
        out.println("  warning: " + message);
    }

    @Override
    public void onCheckpoint(long step, Path directory) {
        out.println("  checkpoint at step " + step + " in " + directory);
    }
}
