package com.dipgnn.graph.io;

import java.util.Arrays;

/**
 * A growable list of primitive ints (no boxing) that never grows past its cap: a reader checks its
 * input against the limit the cap stands for before adding (and names the file, line and setting);
 * an add past the cap is a bug and throws.
 */
final class IntList {

    private final int cap;
    private int[] values;
    private int size;

    /** A list of at most the largest array's size. */
    IntList(int capacity) {
        this(capacity, Growth.MAX_ARRAY);
    }

    /**
     * @param capacity room to make at once (at most {@code cap})
     * @param cap the most values it may hold (at most the largest array's size)
     */
    IntList(int capacity, long cap) {
        this.cap = Growth.cap(cap);
        values = new int[Growth.initial(capacity, this.cap)];
    }

    void add(int value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, Growth.next(size, cap));
        }
        values[size++] = value;
    }

    int get(int index) {
        return values[index];
    }

    int size() {
        return size;
    }

    /** The values as an array of exactly {@link #size()} elements. */
    int[] toArray() {
        return size == values.length ? values : Arrays.copyOf(values, size);
    }
}
