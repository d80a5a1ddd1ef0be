package com.dipgnn.graph.split;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;

/** Seeded shuffles and subsets; each (seed, purpose) pair has its own random stream. */
final class SeededSampling {

    private SeededSampling() {}

    /** A random stream for one purpose (a node type name, "train", ...), independent of the others. */
    static SplittableRandom random(long seed, String purpose) {
        long z = seed;
        for (byte b : purpose.getBytes(StandardCharsets.UTF_8)) {
            z = mix(z + b);
        }
        return new SplittableRandom(mix(z ^ 0x5DEECE66DL));
    }

    private static long mix(long value) {
        long z = value + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** A shuffled copy (Fisher-Yates). */
    static int[] shuffled(int[] values, SplittableRandom rng) {
        int[] out = values.clone();
        for (int i = out.length - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int tmp = out[i];
            out[i] = out[j];
            out[j] = tmp;
        }
        return out;
    }

    /** {@code values[from..to)} sorted ascending, as a new array. */
    static int[] sortedRange(int[] values, int from, int to) {
        int[] out = Arrays.copyOfRange(values, from, to);
        Arrays.sort(out);
        return out;
    }

    /**
     * A seeded random subset of {@code round(fraction * n)} nodes (at least one when
     * {@code fraction > 0} and there are nodes), sorted ascending.
     */
    static int[] keepFraction(int[] nodes, double fraction, SplittableRandom rng) {
        if (fraction >= 1.0) {
            return nodes.clone();
        }
        int keep = (int) Math.round(fraction * nodes.length);
        if (fraction > 0 && nodes.length > 0) {
            keep = Math.max(1, keep);
        }
        return sortedRange(shuffled(nodes, rng), 0, keep);
    }
}
