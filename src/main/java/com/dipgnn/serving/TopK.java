package com.dipgnn.serving;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The k best (score, id) pairs seen so far: a binary min-heap whose root is the worst kept pair.
 * Higher scores are better; among equal scores the lower id is better, so results do not depend
 * on scan order. Not thread-safe: one per search.
 */
final class TopK {

    private final int k;
    private final int[] ids;
    private final float[] scores;
    private int size;

    TopK(int k) {
        this.k = k;
        this.ids = new int[k];
        this.scores = new float[k];
    }

    int size() {
        return size;
    }

    boolean isFull() {
        return size == k;
    }

    /** Whether {@link #add} would keep this pair (cheap: compare with the worst kept pair). */
    boolean accepts(int id, float score) {
        return size < k || better(score, id, scores[0], ids[0]);
    }

    /** Keeps the pair, dropping the worst one when full; call only after {@link #accepts} said yes. */
    void add(int id, float score) {
        if (size < k) {
            ids[size] = id;
            scores[size] = score;
            siftUp(size++);
        } else {
            ids[0] = id;
            scores[0] = score;
            siftDown(0);
        }
    }

    private static boolean better(float s1, int id1, float s2, int id2) {
        return s1 > s2 || (s1 == s2 && id1 < id2);
    }

    /** Whether entry i is worse than entry j (belongs nearer the root). */
    private boolean worse(int i, int j) {
        return better(scores[j], ids[j], scores[i], ids[i]);
    }

    private void siftUp(int i) {
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!worse(i, parent)) {
                return;
            }
            swap(i, parent);
            i = parent;
        }
    }

    private void siftDown(int i) {
        while (true) {
            int left = 2 * i + 1;
            if (left >= size) {
                return;
            }
            int worst = left + 1 < size && worse(left + 1, left) ? left + 1 : left;
            if (!worse(worst, i)) {
                return;
            }
            swap(i, worst);
            i = worst;
        }
    }

    private void swap(int i, int j) {
        int id = ids[i];
        ids[i] = ids[j];
        ids[j] = id;
        float s = scores[i];
        scores[i] = scores[j];
        scores[j] = s;
    }

    /** Positions of the kept pairs, best first. */
    private Integer[] order() {
        Integer[] order = new Integer[size];
        for (int i = 0; i < size; i++) {
            order[i] = i;
        }
        Arrays.sort(
                order,
                (a, b) -> better(scores[a], ids[a], scores[b], ids[b])
                        ? -1
                        : better(scores[b], ids[b], scores[a], ids[a]) ? 1 : 0);
        return order;
    }

    /** The kept ids, best first. */
    int[] sortedIds() {
        Integer[] order = order();
        int[] out = new int[size];
        for (int i = 0; i < size; i++) {
            out[i] = ids[order[i]];
        }
        return out;
    }

    /** The kept pairs, best first. */
    List<ScoredNode> sorted() {
        List<ScoredNode> out = new ArrayList<>(size);
        for (Integer i : order()) {
            out.add(new ScoredNode(ids[i], scores[i]));
        }
        return out;
    }
}
