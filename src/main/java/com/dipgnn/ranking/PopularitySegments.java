package com.dipgnn.ranking;

import java.util.Arrays;

/**
 * The short head and long tail of a catalogue (Abdollahpouri et al.'s split of popularity-bias
 * studies): the head is the fewest most-interacted items that together hold at least
 * {@code share} of all training interactions, taken in descending training degree (ties to the
 * lower id); every other item is the tail. Used to tell where a ranking finds its held-out
 * items: a test set that leans towards popular items rewards a model that leans the same way.
 */
public final class PopularitySegments {

    /** The field's usual head: the items holding 20% of the interactions. */
    public static final double SHORT_HEAD_SHARE = 0.2;

    private final boolean[] head;
    private final int headItems;

    private PopularitySegments(boolean[] head, int headItems) {
        this.head = head;
        this.headItems = headItems;
    }

    /** The split at {@link #SHORT_HEAD_SHARE}. */
    public static PopularitySegments of(int[] trainingDegrees) {
        return of(trainingDegrees, SHORT_HEAD_SHARE);
    }

    /**
     * @param trainingDegrees training interactions per item, never negative
     * @param share the head's share of the interactions, in (0, 1]
     */
    public static PopularitySegments of(int[] trainingDegrees, double share) {
        if (!(share > 0 && share <= 1)) {
            throw new IllegalArgumentException("the head's share of interactions must be in (0, 1], got " + share);
        }
        long total = 0;
        for (int d : trainingDegrees) {
            if (d < 0) {
                throw new IllegalArgumentException("an item's training degree cannot be negative, got " + d);
            }
            total += d;
        }
        long[] byDegree = descendingDegreeThenId(trainingDegrees);
        boolean[] head = new boolean[trainingDegrees.length];
        long covered = 0;
        int n = 0;
        while (total > 0 && covered < share * total && n < byDegree.length) {
            int item = (int) byDegree[n++];
            head[item] = true;
            covered += trainingDegrees[item];
        }
        return new PopularitySegments(head, n);
    }

    /** Items packed as (MAX - degree) << 32 | id and sorted: primitive, so a large catalogue boxes nothing. */
    private static long[] descendingDegreeThenId(int[] degrees) {
        long[] keys = new long[degrees.length];
        for (int i = 0; i < degrees.length; i++) {
            keys[i] = ((long) (Integer.MAX_VALUE - degrees[i]) << 32) | i;
        }
        Arrays.sort(keys);
        return keys;
    }

    /** Whether an item is in the short head. */
    public boolean isHead(int item) {
        return head[item];
    }

    /** How many items the head holds. */
    public int headItems() {
        return headItems;
    }
}
