package com.dipgnn.graph.synthetic;

import java.util.SplittableRandom;

/** Derives independent, reproducible random streams from one user seed and a salt. */
final class Seeds {

    private Seeds() {}

    /** A well-mixed seed for the stream {@code salt} of {@code seed} (SplitMix64 finaliser). */
    static long derive(long seed, long salt) {
        long z = seed + 0x9E3779B97F4A7C15L * (salt + 1);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    static SplittableRandom random(long seed, long salt) {
        return new SplittableRandom(derive(seed, salt));
    }
}
