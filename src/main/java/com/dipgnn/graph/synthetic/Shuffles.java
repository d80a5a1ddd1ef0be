package com.dipgnn.graph.synthetic;

import java.util.SplittableRandom;

/** Random permutations and balanced class assignments. */
final class Shuffles {

    private Shuffles() {}

    /** A uniformly random permutation of {@code 0..n-1} (Fisher-Yates). */
    static int[] permutation(int n, SplittableRandom rng) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int tmp = p[i];
            p[i] = p[j];
            p[j] = tmp;
        }
        return p;
    }

    /** A class per item, as balanced as possible ({@code i mod k} before shuffling). */
    static int[] balancedClasses(int n, int k, SplittableRandom rng) {
        int[] order = permutation(n, rng);
        int[] classOf = new int[n];
        for (int i = 0; i < n; i++) {
            classOf[order[i]] = i % k;
        }
        return classOf;
    }

    /** The members of each class, ascending. */
    static int[][] members(int[] classOf, int k) {
        int[] sizes = new int[k];
        for (int c : classOf) {
            sizes[c]++;
        }
        int[][] members = new int[k][];
        for (int c = 0; c < k; c++) {
            members[c] = new int[sizes[c]];
        }
        int[] fill = new int[k];
        for (int i = 0; i < classOf.length; i++) {
            members[classOf[i]][fill[classOf[i]]++] = i;
        }
        return members;
    }
}
