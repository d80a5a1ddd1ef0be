package com.dipgnn.cli;

import java.io.PrintStream;
import java.util.logging.ConsoleHandler;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.LogManager;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/**
 * The engine's log lines on the command line: one line a record ({@code INFO: ...}) on standard
 * error, and never inside a progress bar that a terminal redraws in place: a bar left unfinished
 * is ended first and redrawn below on its next step.
 */
final class ConsoleLog {

    /** Whether an interactive bar's line is on screen without its newline. */
    private static boolean barOpen;

    private ConsoleLog() {}

    /** Replaces java.util.logging's console handler (two lines a record) with this one-line form on {@code err}. */
    static synchronized void install(PrintStream err) {
        Logger root = LogManager.getLogManager().getLogger("");
        for (Handler handler : root.getHandlers()) {
            if (handler instanceof ConsoleHandler || handler instanceof OneLine) {
                root.removeHandler(handler);
            }
        }
        root.addHandler(new OneLine(err));
    }

    /** An interactive bar drew its line without a newline. */
    static synchronized void barDrawn() {
        barOpen = true;
    }

    /** The bar's line was ended. */
    static synchronized void barEnded() {
        barOpen = false;
    }

    private static synchronized void print(PrintStream err, String line) {
        if (barOpen) {
            err.println();
            barOpen = false;
        }
        err.println(line);
        err.flush();
    }

    /** One line a record: level and message (with the exception's, when there is one). */
    private static final class OneLine extends Handler {
        private final PrintStream err;
        private final Formatter messages = new SimpleFormatter();

        OneLine(PrintStream err) {
            this.err = err;
        }

        @Override
        public void publish(LogRecord record) {
            if (!isLoggable(record)) {
                return;
            }
            String text = record.getLevel().getName() + ": " + messages.formatMessage(record);
            if (record.getThrown() != null) {
                text += " (" + record.getThrown() + ")";
            }
            print(err, text);
        }

        @Override
        public void flush() {
            err.flush();
        }

        @Override
        public void close() {
            flush();
        }
    }
}
