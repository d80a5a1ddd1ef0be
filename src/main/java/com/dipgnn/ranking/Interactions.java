package com.dipgnn.ranking;

import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * A set of user-item interactions as sorted, distinct item lists per user (compressed rows).
 * Duplicated (user, item) pairs count once: the field's protocols treat interactions as a set.
 */
public final class Interactions {

    private final int users;
    private final int items;
    private final int[] rowStart;
    private final int[] itemIds;

    private Interactions(int users, int items, int[] rowStart, int[] itemIds) {
        this.users = users;
        this.items = items;
        this.rowStart = rowStart;
        this.itemIds = itemIds;
    }

    /**
     * The distinct pairs {@code (src[e], dst[e])}.
     *
     * @throws IllegalArgumentException when an id is outside {@code [0, users)} or {@code [0, items)}
     */
    public static Interactions of(int users, int items, int[] src, int[] dst) {
        if (src.length != dst.length) {
            throw new IllegalArgumentException(
                    "interaction arrays differ in length: " + src.length + " users, " + dst.length + " items");
        }
        long[] pairs = new long[src.length];
        for (int e = 0; e < src.length; e++) {
            if (src[e] < 0 || src[e] >= users || dst[e] < 0 || dst[e] >= items) {
                throw new IllegalArgumentException("interaction " + e + " (" + src[e] + ", " + dst[e] + ") is outside "
                        + users + " users x " + items + " items");
            }
            pairs[e] = ((long) src[e] << 32) | dst[e];
        }
        Arrays.sort(pairs);
        int[] rowStart = new int[users + 1];
        int[] itemIds = new int[pairs.length];
        int n = 0;
        for (int e = 0; e < pairs.length; e++) {
            if (e > 0 && pairs[e] == pairs[e - 1]) {
                continue;
            }
            itemIds[n++] = (int) pairs[e];
            rowStart[(int) (pairs[e] >>> 32) + 1]++;
        }
        for (int u = 0; u < users; u++) {
            rowStart[u + 1] += rowStart[u];
        }
        return new Interactions(users, items, rowStart, Arrays.copyOf(itemIds, n));
    }

    /** The union of two sets over the same users and items. */
    public Interactions union(Interactions other) {
        if (other.users != users || other.items != items) {
            throw new IllegalArgumentException(
                    "cannot unite interactions of " + users + "x" + items + " and " + other.users + "x" + other.items);
        }
        return of(users, items, concat(userColumn(), other.userColumn()), concat(itemIds, other.itemIds));
    }

    public int users() {
        return users;
    }

    public int items() {
        return items;
    }

    /** Number of distinct pairs. */
    public int size() {
        return itemIds.length;
    }

    /** Number of items of {@code user}. */
    public int count(int user) {
        return rowStart[user + 1] - rowStart[user];
    }

    /** The items of {@code user}, sorted ascending (a copy). */
    public int[] items(int user) {
        return Arrays.copyOfRange(itemIds, rowStart[user], rowStart[user + 1]);
    }

    /** Whether {@code user} interacted with {@code item}. */
    public boolean contains(int user, int item) {
        return Arrays.binarySearch(itemIds, rowStart[user], rowStart[user + 1], item) >= 0;
    }

    /** Users with at least one interaction, ascending. */
    public int[] activeUsers() {
        return IntStream.range(0, users).filter(u -> count(u) > 0).toArray();
    }

    /** Interactions per item. */
    public int[] itemDegrees() {
        int[] degrees = new int[items];
        for (int item : itemIds) {
            degrees[item]++;
        }
        return degrees;
    }

    /** Users of every pair, in row order (parallel to {@link #itemColumn()}). */
    public int[] userColumn() {
        int[] out = new int[itemIds.length];
        for (int u = 0; u < users; u++) {
            Arrays.fill(out, rowStart[u], rowStart[u + 1], u);
        }
        return out;
    }

    /** Items of every pair, in row order. */
    public int[] itemColumn() {
        return itemIds.clone();
    }

    private static int[] concat(int[] a, int[] b) {
        int[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
