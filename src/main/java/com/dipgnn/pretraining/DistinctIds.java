package com.dipgnn.pretraining;

import java.util.Arrays;

/**
 * The distinct values of an id array, in order of first appearance, and for every element the
 * position of its value among them: {@code ids[positions[i]] == values[i]}.
 *
 * @param ids the distinct values, first appearance first
 * @param positions per element of the input, the index of its value in {@code ids}
 */
record DistinctIds(int[] ids, int[] positions) {

    /** The distinct values of {@code values} (non-negative ids) and each element's position among them. */
    static DistinctIds of(int[] values) {
        int max = -1;
        for (int v : values) {
            if (v < 0) {
                throw new IllegalArgumentException("ids must be non-negative, got " + v);
            }
            max = Math.max(max, v);
        }
        int[] slot = new int[max + 1];
        Arrays.fill(slot, -1);
        int[] ids = new int[values.length];
        int[] positions = new int[values.length];
        int count = 0;
        for (int i = 0; i < values.length; i++) {
            int v = values[i];
            if (slot[v] < 0) {
                slot[v] = count;
                ids[count++] = v;
            }
            positions[i] = slot[v];
        }
        return new DistinctIds(Arrays.copyOf(ids, count), positions);
    }
}
