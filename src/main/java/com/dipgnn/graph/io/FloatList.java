package com.dipgnn.graph.io;

import java.util.Arrays;

/** A growable list of primitive floats (no boxing). */
final class FloatList {

    private float[] values;
    private int size;

    FloatList(int capacity) {
        values = new float[Math.max(capacity, 16)];
    }

    void add(float value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, values.length + (values.length >> 1));
        }
        values[size++] = value;
    }

    float get(int index) {
        return values[index];
    }

    int size() {
        return size;
    }

    /** The values as an array of exactly {@link #size()} elements. */
    float[] toArray() {
        return size == values.length ? values : Arrays.copyOf(values, size);
    }
}
