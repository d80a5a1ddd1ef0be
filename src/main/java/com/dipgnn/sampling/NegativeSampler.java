package com.dipgnn.sampling;

import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import java.util.Objects;
import java.util.Random;

/**
 * Draws negative sources for link prediction: for an edge {@code (s, t)} of relation {@code r},
 * nodes {@code s'} of the source type with no edge {@code (s', t)} in {@code r} and
 * {@code s' != s}, distinct from each other, uniformly over the source type or over a given
 * candidate pool (e.g. the nodes of a sampled subgraph). Rejection sampling with a bounded number
 * of tries; when it runs out (a target linked to almost every candidate), the eligible candidates
 * are enumerated and drawn from directly. Thread-safe.
 */
public final class NegativeSampler {

    /** Default rejection tries per negative before falling back to enumeration. */
    public static final int DEFAULT_TRIES_PER_NEGATIVE = 32;

    private final HeteroGraph graph;
    private final int triesPerNegative;

    public NegativeSampler(HeteroGraph graph) {
        this(graph, DEFAULT_TRIES_PER_NEGATIVE);
    }

    public NegativeSampler(HeteroGraph graph, int triesPerNegative) {
        this.graph = Objects.requireNonNull(graph, "graph");
        if (triesPerNegative < 1) {
            throw new IllegalArgumentException("tries per negative must be at least 1 (got " + triesPerNegative + ")");
        }
        this.triesPerNegative = triesPerNegative;
    }

    /** {@code n} negatives per edge, uniform over the source type; row {@code i} is for edge {@code i}. */
    public int[][] sample(RelationType relation, int[] sources, int[] targets, int n, Random rng) {
        return sample(relation, sources, targets, n, null, rng);
    }

    /**
     * {@code n} negatives per edge drawn from {@code pool} (node ids of the source type; null for
     * the whole type); row {@code i} holds the negatives of edge {@code (sources[i], targets[i])}.
     *
     * @throws IllegalArgumentException on bad ids, or when some edge has fewer than {@code n}
     *     eligible candidates
     */
    public int[][] sample(RelationType relation, int[] sources, int[] targets, int n, int[] pool, Random rng) {
        if (sources.length != targets.length) {
            throw new IllegalArgumentException("negative sampling for " + relation + ": " + sources.length
                    + " sources but " + targets.length + " targets; pass one source per target");
        }
        Edges edges = prepare(relation, n, pool);
        int[][] negatives = new int[sources.length][];
        IntOrderedSet chosen = new IntOrderedSet(Math.max(16, n));
        for (int i = 0; i < sources.length; i++) {
            edges.checkEdge(i, sources[i], targets[i]);
            negatives[i] = drawFor(edges, sources[i], targets[i], n, chosen, rng);
        }
        return negatives;
    }

    /** {@code n} negatives for the single edge {@code (source, target)}. */
    public int[] sample(RelationType relation, int source, int target, int n, int[] pool, Random rng) {
        return sample(relation, new int[] {source}, new int[] {target}, n, pool, rng)[0];
    }

    private Edges prepare(RelationType relation, int n, int[] pool) {
        CsrAdjacency forward = graph.adjacency(relation);
        if (n < 0) {
            throw new IllegalArgumentException("number of negatives must be >= 0 (got " + n + ")");
        }
        int sourceCount = graph.numNodes(relation.source());
        if (pool != null) {
            for (int i = 0; i < pool.length; i++) {
                if (pool[i] < 0 || pool[i] >= sourceCount) {
                    throw new IllegalArgumentException("candidate pool entry " + i + " is node " + pool[i]
                            + ", outside 0.." + (sourceCount - 1) + " of type '" + relation.source() + "'");
                }
            }
        }
        int available = pool == null ? sourceCount : pool.length;
        if (n > 0 && available - 1 < n) {
            throw new IllegalArgumentException("cannot draw " + n + " negatives for " + relation + ": the "
                    + (pool == null
                            ? "node type '" + relation.source() + "' has only " + sourceCount + " nodes"
                            : "candidate pool has only " + pool.length + " nodes")
                    + ", and the positive source is excluded; use fewer negatives per edge");
        }
        RelationType reverse = relation.reverse();
        boolean hasReverse = graph.relationTypes().contains(reverse);
        return new Edges(relation, forward, hasReverse ? graph.adjacency(reverse) : null, sourceCount, pool);
    }

    private int[] drawFor(Edges edges, int source, int target, int n, IntOrderedSet chosen, Random rng) {
        chosen.clear();
        long tries = (long) triesPerNegative * n;
        for (long k = 0; k < tries && chosen.size() < n; k++) {
            int candidate = edges.randomCandidate(rng);
            if (edges.eligible(candidate, source, target)) {
                chosen.add(candidate);
            }
        }
        if (chosen.size() < n) {
            fillByEnumeration(edges, source, target, n, chosen, rng);
        }
        return chosen.toArray();
    }

    private static void fillByEnumeration(
            Edges edges, int source, int target, int n, IntOrderedSet chosen, Random rng) {
        IntOrderedSet rest = new IntOrderedSet();
        for (int i = 0; i < edges.candidateCount(); i++) {
            int candidate = edges.candidate(i);
            if (!chosen.contains(candidate) && edges.eligible(candidate, source, target)) {
                rest.add(candidate);
            }
        }
        int missing = n - chosen.size();
        if (rest.size() < missing) {
            throw new IllegalArgumentException("cannot draw " + n + " negatives for edge (" + source + ", "
                    + target + ") of " + edges.relation + ": only " + (chosen.size() + rest.size())
                    + " candidates of type '" + edges.relation.source() + "' are not linked to target " + target
                    + "; use fewer negatives per edge or a larger candidate pool");
        }
        int[] pool = rest.toArray();
        for (int i = 0; i < missing; i++) {
            int j = i + rng.nextInt(pool.length - i);
            int picked = pool[j];
            pool[j] = pool[i];
            pool[i] = picked;
            chosen.add(picked);
        }
    }

    /** Edge lookups and candidates for one relation and pool. */
    private static final class Edges {
        private final RelationType relation;
        private final CsrAdjacency forward;
        private final CsrAdjacency reverse;
        private final int sourceCount;
        private final int[] pool;

        Edges(RelationType relation, CsrAdjacency forward, CsrAdjacency reverse, int sourceCount, int[] pool) {
            this.relation = relation;
            this.forward = forward;
            this.reverse = reverse;
            this.sourceCount = sourceCount;
            this.pool = pool;
        }

        void checkEdge(int index, int source, int target) {
            if (source < 0 || source >= sourceCount || target < 0 || target >= forward.numTargets()) {
                throw new IllegalArgumentException("edge " + index + " (" + source + ", " + target
                        + ") is outside relation " + relation + " (" + sourceCount + " source and "
                        + forward.numTargets() + " target nodes)");
            }
        }

        int randomCandidate(Random rng) {
            return pool == null ? rng.nextInt(sourceCount) : pool[rng.nextInt(pool.length)];
        }

        int candidateCount() {
            return pool == null ? sourceCount : pool.length;
        }

        int candidate(int i) {
            return pool == null ? i : pool[i];
        }

        /** Not the positive source and not linked to the target (looked up in the target's row). */
        boolean eligible(int candidate, int source, int target) {
            if (candidate == source) {
                return false;
            }
            // The reverse relation's row of the target lists the target's sources; a relation
            // stored without a reverse (a symmetric same-type one) is looked up in the candidate's row.
            boolean linked = reverse != null ? reverse.hasEdge(target, candidate) : forward.hasEdge(candidate, target);
            return !linked;
        }
    }
}
