package com.dipgnn.model;

import ai.djl.ndarray.NDArray;
import java.util.ArrayList;
import java.util.List;

/**
 * The rows a table's training forward passes gathered since the optimizer last took them, each
 * with the leaf that records its gradient; arrays of steps whose scope is closed are dropped.
 */
final class RecordedGradients {

    private final List<SparseGradient> pending = new ArrayList<>();

    /** Records that {@code values} (a leaf recording its gradient) holds rows {@code rows}. */
    void record(int[] rows, NDArray values) {
        pending.removeIf(g -> g.values().isReleased());
        pending.add(new SparseGradient(rows.clone(), values));
    }

    /** What was recorded and is still open, without taking it. */
    List<SparseGradient> recorded() {
        return pending.stream().filter(g -> !g.values().isReleased()).toList();
    }

    /** What was recorded and is still open; the record starts empty again. */
    List<SparseGradient> drain() {
        List<SparseGradient> out = new ArrayList<>(recorded());
        pending.clear();
        return out;
    }
}
