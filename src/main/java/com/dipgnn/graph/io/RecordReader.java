package com.dipgnn.graph.io;

import com.dipgnn.graph.SplitMark;
import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads a delimited text file record by record. The fields of the current record are character
 * ranges of {@link #chars()}, so numbers are parsed without allocating; every parse failure becomes
 * a {@link GraphDataException} naming the file and line.
 */
abstract class RecordReader implements Closeable {

    private final Path file;
    private final BufferedReader in;
    private final InputLimits limits;
    private long records;
    private long maxRecords = Long.MAX_VALUE;
    private String recordLimit;
    private int[] starts = new int[16];
    private int[] ends = new int[16];
    private int fieldCount;
    private int line;

    RecordReader(Path file, BufferedReader in, InputLimits limits) {
        this.file = file;
        this.in = in;
        this.limits = limits;
    }

    final InputLimits limits() {
        return limits;
    }

    /**
     * Refuses more than {@code max} records after the header, naming the limit {@code limitName}
     * (e.g. {@code max-nodes}): a table's rows are counted as they are read.
     */
    final <R extends RecordReader> R limitRecords(long max, String limitName) {
        maxRecords = max;
        recordLimit = limitName;
        @SuppressWarnings("unchecked")
        R self = (R) this;
        return self;
    }

    /** Reads the next record; false at the end of the file. */
    abstract boolean next();

    /** The characters the field ranges of the current record point into. */
    abstract CharSequence chars();

    /** The text of a field, with quoting or escaping undone. */
    abstract String text(int field);

    final BufferedReader in() {
        return in;
    }

    final Path file() {
        return file;
    }

    /** The 1-based line on which the current record starts. */
    final int line() {
        return line;
    }

    final int fieldCount() {
        return fieldCount;
    }

    final int start(int field) {
        return starts[field];
    }

    final int end(int field) {
        return ends[field];
    }

    /** Whether the current record is an empty line. */
    final boolean isBlank() {
        return fieldCount == 1 && starts[0] == ends[0];
    }

    final void beginRecord(int recordLine) {
        line = recordLine;
        fieldCount = 0;
        if (++records - 1 > maxRecords) { // the header and at most maxRecords rows
            throw new GraphDataException(
                    file,
                    line,
                    "the table has more than " + maxRecords + " rows (the limit " + recordLimit + ")",
                    limits.raise(recordLimit));
        }
    }

    final void addField(int start, int end) {
        if (fieldCount == limits.maxColumns()) {
            throw new GraphDataException(
                    file,
                    line,
                    "the record has more than " + limits.maxColumns() + " fields (the limit max-columns)",
                    "check the delimiter; " + limits.raise("max-columns"));
        }
        if (fieldCount == starts.length) {
            starts = Arrays.copyOf(starts, 2 * fieldCount);
            ends = Arrays.copyOf(ends, 2 * fieldCount);
        }
        starts[fieldCount] = start;
        ends[fieldCount] = end;
        fieldCount++;
    }

    /** Reads the header record: the column names, trimmed, with a leading byte-order mark removed. */
    final List<String> header(String expectedColumns) {
        if (!next()) {
            throw new GraphDataException(
                    file, 1, "file is empty", "expected a header line naming the columns (" + expectedColumns + ")");
        }
        List<String> names = new ArrayList<>(fieldCount);
        for (int i = 0; i < fieldCount; i++) {
            String name = text(i).strip();
            names.add(i == 0 && name.startsWith("\uFEFF") ? name.substring(1).strip() : name);
        }
        return names;
    }

    /** Fails unless the current record has exactly {@code expected} fields. */
    final void requireFieldCount(int expected, String what) {
        if (fieldCount != expected) {
            throw error(
                    "row has " + fieldCount + " field" + (fieldCount == 1 ? "" : "s"),
                    "expected " + expected + " (" + what + ")");
        }
    }

    final int intField(int field, String column) {
        return intAt(starts[field], ends[field], column);
    }

    final int intAt(int start, int end, String what) {
        long value = Numbers.parseLong(chars(), start, end);
        if (value == Numbers.INVALID || value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
            throw error(what + " " + show(start, end) + " is not a whole number", "expected an integer such as 42");
        }
        return (int) value;
    }

    final long longField(int field, String column) {
        long value = Numbers.parseLong(chars(), starts[field], ends[field]);
        if (value == Numbers.INVALID) {
            throw error(
                    column + " " + show(starts[field], ends[field]) + " is not a whole number",
                    "expected an integer such as 1999 or 1700000000");
        }
        return value;
    }

    final float floatField(int field, String column) {
        return floatAt(starts[field], ends[field], column, -1);
    }

    /** {@link #floatAt(int, int, String, int)} for the value of a field named {@code what} + {@code number}. */
    final float floatField(int field, String what, int number) {
        return floatAt(starts[field], ends[field], what, number);
    }

    /**
     * A finite float; NaN, infinities and values beyond the float range are refused.
     *
     * @param what the name of the value, for messages
     * @param number a number completing the name (a column or feature index), or -1
     */
    final float floatAt(int start, int end, String what, int number) {
        float value;
        try {
            value = Numbers.parseFloat(chars(), start, end);
        } catch (NumberFormatException e) {
            throw error(
                    name(what, number) + " " + show(start, end) + " is not a number",
                    "expected a decimal number with '.' as decimal point, such as 0.5 or 1e-3");
        }
        if (!Float.isFinite(value)) {
            throw error(
                    name(what, number) + " " + show(start, end) + " is not a finite number",
                    "features must be finite: replace NaN or infinite values (e.g. by 0) before loading");
        }
        return value;
    }

    private static String name(String what, int number) {
        return number < 0 ? what : what + number;
    }

    /** The split mark code of a field: train, val, test, or - (or empty) for none. */
    final byte splitField(int field) {
        CharSequence s = chars();
        int start = starts[field];
        int end = ends[field];
        if (Numbers.equalsAt(s, start, end, "train")) {
            return SplitMark.TRAIN.code();
        }
        if (Numbers.equalsAt(s, start, end, "test")) {
            return SplitMark.TEST.code();
        }
        if (Numbers.equalsAt(s, start, end, "val")) {
            return SplitMark.VAL.code();
        }
        if (start == end || Numbers.equalsAt(s, start, end, "-")) {
            return SplitMark.NONE.code();
        }
        try {
            return SplitMark.parse(text(field).strip()).code();
        } catch (IllegalArgumentException e) {
            throw error(
                    "split " + show(start, end) + " is not a split name", "expected train, val, test, or - for none");
        }
    }

    /** The text of a range, quoted and shortened for a message. */
    final String show(int start, int end) {
        return Excerpt.of(chars().subSequence(start, end));
    }

    /** An error at the current record. */
    final GraphDataException error(String problem, String remedy) {
        return new GraphDataException(file, line, problem, remedy);
    }

    /** Wraps a failure of the underlying reader. */
    final GraphDataException readFailure(int failedLine, IOException e) {
        return DataFiles.readFailure(file, failedLine, e);
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException ignored) {
            // nothing useful to do: everything needed was read
        }
    }
}
