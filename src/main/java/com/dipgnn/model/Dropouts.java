package com.dipgnn.model;

import ai.djl.ndarray.NDArray;

/** Inverted dropout, active only while training. */
final class Dropouts {

    private Dropouts() {}

    static NDArray apply(NDArray x, double rate, boolean training) {
        if (!training || rate <= 0) {
            return x;
        }
        return x.getNDArrayInternal().dropout(x, (float) rate, true).singletonOrThrow();
    }
}
