package com.dipgnn.pretraining;

import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import java.util.Arrays;
import java.util.Random;

/**
 * Draws the generator's negative sources for masked edges of one relation: for an edge (s, t),
 * distinct nodes s' of the source type taken from a pool (the subgraph's nodes), with s' != s and
 * (s', t) not an edge of the whole graph, so no true edge is ever a negative. When the pool holds
 * fewer eligible nodes than asked for, the row is padded and the padding marked invalid. One
 * instance serves one batch on one thread.
 */
final class CandidateSampler {

    private static final int TRIES_PER_NEGATIVE = 8;

    private final CsrAdjacency forward;
    private final CsrAdjacency reverse;
    private final int[] pool;
    private final int width;
    private final int[] stamp;
    private final boolean sameType;
    private int marker;

    /**
     * @param graph the pre-training graph (all of its edges count as true edges)
     * @param relation the masked relation
     * @param pool global ids of the candidate source nodes; a candidate's local id is its position
     * @param negatives negatives per edge
     */
    CandidateSampler(HeteroGraph graph, RelationType relation, int[] pool, int negatives) {
        this.forward = graph.adjacency(relation);
        RelationType rev = relation.reverse();
        this.reverse = graph.relationTypes().contains(rev) ? graph.adjacency(rev) : null;
        this.pool = pool;
        this.width = 1 + negatives;
        this.stamp = new int[pool.length];
        this.sameType = relation.source().equals(relation.target());
    }

    int width() {
        return width;
    }

    /**
     * Fills row {@code row} of {@code candidates} and {@code valid} for the edge whose source and
     * target have local ids {@code source} and global target {@code targetGlobal}.
     */
    void fill(int row, int source, int targetGlobal, int[] candidates, boolean[] valid, Random rng) {
        int base = row * width;
        marker++;
        stamp[source] = marker;
        candidates[base] = source;
        valid[base] = true;
        int filled = 1;
        int tries = TRIES_PER_NEGATIVE * (width - 1);
        for (int k = 0; k < tries && filled < width; k++) {
            int c = rng.nextInt(pool.length);
            if (stamp[c] != marker && eligible(c, source, targetGlobal)) {
                stamp[c] = marker;
                candidates[base + filled] = c;
                valid[base + filled] = true;
                filled++;
            }
        }
        if (filled < width) {
            filled = fillByEnumeration(base, filled, source, targetGlobal, candidates, valid, rng);
        }
        for (int k = filled; k < width; k++) {
            candidates[base + k] = source;
            valid[base + k] = false;
        }
    }

    private int fillByEnumeration(
            int base, int filled, int source, int targetGlobal, int[] candidates, boolean[] valid, Random rng) {
        int[] rest = new int[pool.length];
        int n = 0;
        for (int c = 0; c < pool.length; c++) {
            if (stamp[c] != marker && eligible(c, source, targetGlobal)) {
                rest[n++] = c;
            }
        }
        for (int i = 0; i < n && filled < width; i++) {
            int j = i + rng.nextInt(n - i);
            int picked = rest[j];
            rest[j] = rest[i];
            candidates[base + filled] = picked;
            valid[base + filled] = true;
            filled++;
        }
        return filled;
    }

    /**
     * Not the true source, not the target itself (a self loop is no plausible edge of a same-type
     * relation), and (pool[c], target) is not an edge of the graph.
     */
    boolean eligible(int c, int source, int targetGlobal) {
        if (c == source || pool[c] == pool[source] || (sameType && pool[c] == targetGlobal)) {
            return false;
        }
        return !isEdge(pool[c], targetGlobal);
    }

    boolean isEdge(int sourceGlobal, int targetGlobal) {
        return reverse != null
                ? reverse.hasEdge(targetGlobal, sourceGlobal)
                : forward.hasEdge(sourceGlobal, targetGlobal);
    }

    @Override
    public String toString() {
        return "CandidateSampler[pool=" + pool.length + ", width=" + width + ", first="
                + Arrays.toString(Arrays.copyOf(pool, Math.min(3, pool.length))) + "]";
    }
}
