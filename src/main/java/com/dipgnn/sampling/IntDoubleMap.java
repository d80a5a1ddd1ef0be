package com.dipgnn.sampling;

import java.util.Arrays;

/**
 * An open-addressing (linear probing) map from non-negative int keys to double values, sized to
 * its content rather than to the graph. Iteration order depends only on the sequence of
 * operations, so it is deterministic.
 *
 * <p>Kept rather than fastutil's {@code Int2DoubleOpenHashMap}: on the HGSampling access pattern
 * (docs/results/libraries/fastutil/) the two took the same time within noise (2.3-3.6 ms against
 * 2.4-3.2 ms a subgraph), fastutil-core costs 6.6 MB in the service and Spark jars, and its
 * iteration order differs, which would change every subgraph the samplers draw for a given seed
 * and so every stored result that a seed reproduces today.
 */
final class IntDoubleMap {

    private static final int FREE = -1;

    private int[] keys;
    private double[] values;
    private int mask;
    private int size;

    IntDoubleMap() {
        this(16);
    }

    IntDoubleMap(int expected) {
        int capacity = Integer.highestOneBit(Math.max(8, expected) * 2 - 1) << 1;
        allocate(capacity);
    }

    private void allocate(int capacity) {
        keys = new int[capacity];
        values = new double[capacity];
        Arrays.fill(keys, FREE);
        mask = capacity - 1;
        size = 0;
    }

    private int slotOf(int key) {
        int h = key * 0x9E3779B9;
        return (h ^ (h >>> 16)) & mask;
    }

    /** Adds {@code delta} to the value of {@code key} (a missing key counts as 0). */
    void add(int key, double delta) {
        int slot = slotOf(key);
        while (keys[slot] != FREE) {
            if (keys[slot] == key) {
                values[slot] += delta;
                return;
            }
            slot = (slot + 1) & mask;
        }
        keys[slot] = key;
        values[slot] = delta;
        if (++size * 2 > keys.length) {
            grow();
        }
    }

    /** The value of {@code key}, or 0 when absent. */
    double get(int key) {
        int slot = slotOf(key);
        while (keys[slot] != FREE) {
            if (keys[slot] == key) {
                return values[slot];
            }
            slot = (slot + 1) & mask;
        }
        return 0;
    }

    boolean containsKey(int key) {
        int slot = slotOf(key);
        while (keys[slot] != FREE) {
            if (keys[slot] == key) {
                return true;
            }
            slot = (slot + 1) & mask;
        }
        return false;
    }

    /** Removes {@code key} (backward-shift deletion keeps probe chains intact). */
    void remove(int key) {
        int slot = slotOf(key);
        while (keys[slot] != key) {
            if (keys[slot] == FREE) {
                return;
            }
            slot = (slot + 1) & mask;
        }
        int hole = slot;
        int next = (hole + 1) & mask;
        while (keys[next] != FREE) {
            int home = slotOf(keys[next]);
            boolean movable = hole <= next ? (home <= hole || home > next) : (home <= hole && home > next);
            if (movable) {
                keys[hole] = keys[next];
                values[hole] = values[next];
                hole = next;
            }
            next = (next + 1) & mask;
        }
        keys[hole] = FREE;
        size--;
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** The keys, in iteration order. */
    int[] keys() {
        int[] out = new int[size];
        int k = 0;
        for (int slot = 0; slot < keys.length; slot++) {
            if (keys[slot] != FREE) {
                out[k++] = keys[slot];
            }
        }
        return out;
    }

    /** The values, aligned with {@link #keys()}. */
    double[] values() {
        double[] out = new double[size];
        int k = 0;
        for (int slot = 0; slot < keys.length; slot++) {
            if (keys[slot] != FREE) {
                out[k++] = values[slot];
            }
        }
        return out;
    }

    private void grow() {
        int[] oldKeys = keys;
        double[] oldValues = values;
        allocate(oldKeys.length * 2);
        for (int slot = 0; slot < oldKeys.length; slot++) {
            if (oldKeys[slot] != FREE) {
                add(oldKeys[slot], oldValues[slot]);
            }
        }
    }
}
