package com.dipgnn.graph.io;

import java.util.Arrays;

/** A growable list of primitive ints (no boxing). */
final class IntList {

    private int[] values;
    private int size;

    IntList(int capacity) {
        values = new int[Math.max(capacity, 16)];
    }

    void add(int value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, values.length + (values.length >> 1));
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
