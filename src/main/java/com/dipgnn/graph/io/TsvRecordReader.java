package com.dipgnn.graph.io;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Reads tab-separated lines with the gnnfmt escaping: inside a field, {@code \\}, {@code \t},
 * {@code \n} and {@code \r} stand for a backslash, tab, newline and carriage return; there is no
 * quoting, so one line is one record.
 */
final class TsvRecordReader extends RecordReader {

    private String current = "";
    private int linesRead;

    private TsvRecordReader(Path file, String expectedAs, InputLimits limits) {
        super(file, DataFiles.open(file, expectedAs, limits), limits);
    }

    /** Opens {@code file} (gunzipped when named .gz); {@code expectedAs} says what it should hold. */
    static TsvRecordReader open(Path file, String expectedAs, InputLimits limits) {
        return new TsvRecordReader(file, expectedAs, limits);
    }

    @Override
    boolean next() {
        String text;
        try {
            text = in().readLine();
        } catch (IOException e) {
            throw readFailure(linesRead + 1, e);
        }
        if (text == null) {
            return false;
        }
        linesRead++;
        current = text;
        split(text);
        return true;
    }

    private void split(String text) {
        beginRecord(linesRead);
        int start = 0;
        while (true) {
            int tab = text.indexOf('\t', start);
            if (tab < 0) {
                addField(start, text.length());
                return;
            }
            addField(start, tab);
            start = tab + 1;
        }
    }

    /** Number of lines read so far. */
    int linesRead() {
        return linesRead;
    }

    @Override
    CharSequence chars() {
        return current;
    }

    @Override
    String text(int field) {
        int start = start(field);
        int end = end(field);
        int backslash = current.indexOf('\\', start);
        if (backslash < 0 || backslash >= end) {
            return current.substring(start, end);
        }
        return unescape(current, start, end);
    }

    /** Undoes the gnnfmt escaping of {@code s[start, end)}. */
    static String unescape(String s, int start, int end) {
        StringBuilder out = new StringBuilder(end - start);
        for (int i = start; i < end; i++) {
            char c = s.charAt(i);
            if (c != '\\' || i + 1 == end) {
                out.append(c);
                continue;
            }
            char next = s.charAt(++i);
            out.append(
                    switch (next) {
                        case 't' -> '\t';
                        case 'n' -> '\n';
                        case 'r' -> '\r';
                        default -> next;
                    });
        }
        return out.toString();
    }
}
