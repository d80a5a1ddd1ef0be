package com.dipgnn.graph.synthetic;

import java.util.Arrays;

/** A set of non-negative node-id pairs in one open-addressing {@code long[]} (no boxing). */
final class PairSet {

    private static final long EMPTY = -1L;

    private long[] slots;
    private int size;

    PairSet(int expectedSize) {
        slots = new long[capacityFor(expectedSize)];
        Arrays.fill(slots, EMPTY);
    }

    private static int capacityFor(int expectedSize) {
        return Integer.highestOneBit(Math.max(16, expectedSize * 2 - 1)) << 1;
    }

    static long key(int first, int second) {
        return ((long) first << 32) | (second & 0xFFFFFFFFL);
    }

    /** Adds the pair; false when it was already present. */
    boolean add(int first, int second) {
        if (first < 0 || second < 0) {
            throw new IllegalArgumentException("pair (" + first + ", " + second + ") has a negative id");
        }
        if (2 * (size + 1) > slots.length) {
            grow();
        }
        return insert(slots, key(first, second));
    }

    boolean contains(int first, int second) {
        long key = key(first, second);
        int mask = slots.length - 1;
        for (int i = slot(key, mask); slots[i] != EMPTY; i = (i + 1) & mask) {
            if (slots[i] == key) {
                return true;
            }
        }
        return false;
    }

    int size() {
        return size;
    }

    private boolean insert(long[] table, long key) {
        int mask = table.length - 1;
        int i = slot(key, mask);
        while (table[i] != EMPTY) {
            if (table[i] == key) {
                return false;
            }
            i = (i + 1) & mask;
        }
        table[i] = key;
        size++;
        return true;
    }

    private void grow() {
        long[] old = slots;
        slots = new long[old.length * 2];
        Arrays.fill(slots, EMPTY);
        size = 0;
        for (long key : old) {
            if (key != EMPTY) {
                insert(slots, key);
            }
        }
    }

    private static int slot(long key, int mask) {
        return (int) Seeds.derive(key, 0) & mask;
    }
}
