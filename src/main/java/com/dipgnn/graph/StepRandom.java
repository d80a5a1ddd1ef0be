package com.dipgnn.graph;

import java.util.Random;

/**
 * Per-step random sources derived from a run seed: the randomness of a training step depends only
 * on {@code (seed, step)}, never on which thread produced it or when, so runs with one or many
 * sampling threads are identical.
 */
public final class StepRandom {

    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private StepRandom() {}

    /** A fresh {@link Random} for step {@code step} of a run seeded with {@code seed}. */
    public static Random rngFor(long seed, long step) {
        return new Random(seedFor(seed, step));
    }

    /** The 64-bit seed of step {@code step}: both inputs are mixed, so nearby values decorrelate. */
    public static long seedFor(long seed, long step) {
        return mix64(mix64(seed) ^ ((step + 1) * GOLDEN_GAMMA));
    }

    /** Stafford's "variant 13" finalizer (the one {@code SplittableRandom} uses). */
    static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
