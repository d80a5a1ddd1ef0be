package com.dipgnn.graph.io;

import java.util.Arrays;

/** A growable list of primitive longs (no boxing). */
final class LongList {

    private long[] values;
    private int size;

    LongList(int capacity) {
        values = new long[Math.max(capacity, 16)];
    }

    void add(long value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, values.length + (values.length >> 1));
        }
        values[size++] = value;
    }

    long get(int index) {
        return values[index];
    }

    int size() {
        return size;
    }

    /** The values as an array of exactly {@link #size()} elements. */
    long[] toArray() {
        return size == values.length ? values : Arrays.copyOf(values, size);
    }
}
