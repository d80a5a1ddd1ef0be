package com.dipgnn.graph.io;

import java.util.Arrays;

/**
 * A growable list of primitive bytes (no boxing) that never grows past its cap: a reader checks its
 * input against the limit the cap stands for before adding (and names the file, line and setting);
 * an add past the cap is a bug and throws.
 */
final class ByteList {

    private final int cap;
    private byte[] values;
    private int size;

    /** A list of at most the largest array's size. */
    ByteList(int capacity) {
        this(capacity, Growth.MAX_ARRAY);
    }

    /**
     * @param capacity room to make at once (at most {@code cap})
     * @param cap the most values it may hold (at most the largest array's size)
     */
    ByteList(int capacity, long cap) {
        this.cap = Growth.cap(cap);
        values = new byte[Growth.initial(capacity, this.cap)];
    }

    void add(byte value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, Growth.next(size, cap));
        }
        values[size++] = value;
    }

    byte get(int index) {
        return values[index];
    }

    int size() {
        return size;
    }

    /** The values as an array of exactly {@link #size()} elements. */
    byte[] toArray() {
        return size == values.length ? values : Arrays.copyOf(values, size);
    }
}
