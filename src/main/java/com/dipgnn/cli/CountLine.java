package com.dipgnn.cli;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * A count redrawn in place on standard error ({@code embedding 2500/5000 elapsed 4s, 4s left}), for
 * work counted in items rather than steps; the time left comes from the mean time an item so far.
 */
final class CountLine {

    private final PrintStream out;
    private final LongSupplier clock;
    private final long start;

    CountLine(PrintStream out, LongSupplier clock) {
        this.out = out;
        this.clock = clock;
        this.start = clock.getAsLong();
    }

    CountLine(PrintStream out) {
        this(out, System::nanoTime);
    }

    /** Redraws the line: {@code label done/total}, the time since this line began and, once there is a pace, the time left. */
    void show(String label, long done, long total) {
        out.print("\r" + text(label, done, total));
        out.flush();
    }

    String text(String label, long done, long total) {
        long elapsed = clock.getAsLong() - start;
        String line =
                String.format(Locale.ROOT, "%s %d/%d elapsed %s", label, done, total, ProgressBar.duration(elapsed));
        if (done > 0 && done < total) {
            line += ", " + ProgressBar.duration((long) ((double) elapsed / done * (total - done))) + " left";
        }
        return line;
    }
}
