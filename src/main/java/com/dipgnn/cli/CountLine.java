package com.dipgnn.cli;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * A count redrawn in place on standard error ({@code embedding 2500/5000 elapsed 4s, 4s left}), for
 * work counted in items rather than steps; the time left comes from the mean time an item so far
 * ({@link ProgressBar#elapsedAndLeft}). Each new label (a new phase) starts its own clock.
 */
final class CountLine {

    private final PrintStream out;
    private final LongSupplier clock;
    private String label;
    private long start;
    private long doneAtStart;

    CountLine(PrintStream out, LongSupplier clock) {
        this.out = out;
        this.clock = clock;
    }

    CountLine(PrintStream out) {
        this(out, System::nanoTime);
    }

    /** Redraws the line: {@code label done/total}, the time since this label's first count and, once there is a pace since then, the time left. */
    void show(String label, long done, long total) {
        out.print("\r" + text(label, done, total));
        out.flush();
        ConsoleLog.barDrawn();
    }

    String text(String label, long done, long total) {
        if (!label.equals(this.label)) {
            this.label = label;
            start = clock.getAsLong();
            doneAtStart = done;
        }
        return String.format(Locale.ROOT, "%s %d/%d ", label, done, total)
                + ProgressBar.elapsedAndLeft(clock.getAsLong() - start, done - doneAtStart, total - done);
    }

    /** Ends the line. */
    void end() {
        out.println();
        ConsoleLog.barEnded();
    }
}
