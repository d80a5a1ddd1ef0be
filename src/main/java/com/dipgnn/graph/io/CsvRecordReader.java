package com.dipgnn.graph.io;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Reads comma-separated records as RFC 4180 defines them: a field may be enclosed in double
 * quotes, and then holds commas, line breaks and doubled quotes ({@code ""} for {@code "}). Both
 * {@code \n} and {@code \r\n} end a record.
 *
 * <p>Hand-written, kept after a comparison on the same edge file (5,000,000 records of
 * src,dst,weight parsed to numbers; docs/results/libraries/csv/): 5.5-5.6 million records/s warm
 * against 5.8-6.2 for FastCSV 4.4.0 and 3.0-3.2 for Apache Commons CSV 1.14.1. FastCSV is at most
 * about 10% faster, but hands out a String per field: this reader's fields are ranges of one
 * buffer, which the loaders' number parsing reads without allocating and which carry the file's
 * own line numbers and limits into every error ({@link RecordReader}).
 */
final class CsvRecordReader extends RecordReader {

    private static final int EOF = -1;

    private final StringBuilder chars = new StringBuilder(256);
    private final char[] buffer = new char[1 << 16];
    private int bufferLength;
    private int position;
    private int physicalLine = 1;

    private CsvRecordReader(Path file, String expectedAs, InputLimits limits) {
        super(file, DataFiles.open(file, expectedAs, limits), limits);
    }

    /** Opens {@code file} (gunzipped when named .gz); {@code expectedAs} says what it should hold. */
    static CsvRecordReader open(Path file, String expectedAs, InputLimits limits) {
        return new CsvRecordReader(file, expectedAs, limits);
    }

    @Override
    boolean next() {
        int recordLine = physicalLine;
        int c = read();
        if (c == EOF) {
            return false;
        }
        chars.setLength(0);
        beginRecord(recordLine);
        while (true) {
            int start = chars.length();
            c = c == '"' ? readQuoted() : readUnquoted(c);
            addField(start, chars.length());
            if (c != ',') {
                return true;
            }
            c = read();
        }
    }

    /** Reads an unquoted field starting with {@code c}; returns the character that ended it. */
    private int readUnquoted(int c) {
        while (c != ',' && c != '\n' && c != EOF) {
            if (c == '"') {
                throw error(
                        "a double quote appears inside an unquoted field",
                        "enclose the whole field in double quotes and write each inner quote twice (\"\")");
            }
            if (c != '\r' || peek() != '\n') {
                chars.append((char) c);
            }
            c = read();
        }
        return c;
    }

    /** Reads a quoted field after its opening quote; returns the character that ended it. */
    private int readQuoted() {
        while (true) {
            int c = read();
            if (c == EOF) {
                throw error(
                        "a quoted field is never closed",
                        "add the closing double quote; inner quotes must be written twice (\"\")");
            }
            if (c == '"') {
                if (peek() != '"') {
                    return afterClosingQuote();
                }
                read();
            }
            if (chars.length() >= limits().maxLineChars()) { // a quoted field may span lines
                throw error(
                        "the record is longer than " + limits().maxLineChars() + " characters (the limit "
                                + "max-line-chars)",
                        "check the quoting; " + limits().raise("max-line-chars"));
            }
            chars.append((char) c);
        }
    }

    private int afterClosingQuote() {
        int c = read();
        if (c == '\r' && peek() == '\n') {
            c = read();
        }
        if (c != ',' && c != '\n' && c != EOF) {
            throw error(
                    "unexpected character " + Excerpt.of(String.valueOf((char) c)) + " after a closing double quote",
                    "a quoted field must be followed by a comma or the end of the line; "
                            + "write inner quotes twice (\"\")");
        }
        return c;
    }

    private int read() {
        if (position == bufferLength && !fill()) {
            return EOF;
        }
        char c = buffer[position++];
        if (c == '\n') {
            physicalLine++;
        }
        return c;
    }

    private int peek() {
        if (position == bufferLength && !fill()) {
            return EOF;
        }
        return buffer[position];
    }

    private boolean fill() {
        try {
            int n = in().read(buffer, 0, buffer.length);
            bufferLength = Math.max(n, 0);
            position = 0;
            return n > 0;
        } catch (IOException e) {
            throw readFailure(physicalLine, e);
        }
    }

    @Override
    CharSequence chars() {
        return chars;
    }

    @Override
    String text(int field) {
        return chars.substring(start(field), end(field));
    }
}
