package com.dipgnn.training;

import java.util.Random;
import java.util.SplittableRandom;

/** Derives independent, reproducible random streams from a run seed and a step or purpose. */
public final class Seeds {

    private Seeds() {
    }

    /** A generator that depends only on {@code (seed, stream)}. */
    public static Random rng(long seed, long stream) {
        return new Random(new SplittableRandom(seed * 0x9E3779B97F4A7C15L + stream).nextLong());
    }
}
