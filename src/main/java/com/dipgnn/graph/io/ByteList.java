package com.dipgnn.graph.io;

import java.util.Arrays;

/** A growable list of primitive bytes (no boxing). */
final class ByteList {

    private byte[] values;
    private int size;

    ByteList(int capacity) {
        values = new byte[Math.max(capacity, 16)];
    }

    void add(byte value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, values.length + (values.length >> 1));
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
