package com.dipgnn.graph.synthetic;

import java.util.SplittableRandom;

/**
 * Draws an exact number of distinct directed edges of one relation. Out-degrees come first (each
 * edge picks its source with {@link SourceDraw}, redrawn while that source is full), then each
 * source draws its distinct targets with {@link TargetDraw}, which is told how many draws of
 * the current edge were rejected already (so that it can keep the edge's kind, e.g. its category,
 * and widen its choice). After {@value #MAX_TARGET_TRIES} rejected draws a uniform draw over all
 * targets is used, so generation always ends. Rows are produced in source order, so the result
 * depends only on the random stream.
 */
final class DistinctEdges {

    /** Consecutive rejected draws of a source after which a uniform draw is used instead. */
    private static final int MAX_TRIES = 64;
    /** Consecutive rejected draws of a target after which a uniform draw is used instead. */
    static final int MAX_TARGET_TRIES = 256;

    /** Picks the source of the next edge. */
    @FunctionalInterface
    interface SourceDraw {
        int draw(SplittableRandom rng);
    }

    /** Picks a target for an edge leaving {@code source}. */
    @FunctionalInterface
    interface TargetDraw {
        /**
         * @param rejected how many earlier draws for this edge hit a taken target (0 on the
         *     first draw of each edge)
         */
        int draw(int source, int rejected, SplittableRandom rng);
    }

    /** Edge list: {@code src[i] -> dst[i]}, grouped by source in ascending order. */
    record Edges(int[] src, int[] dst) {}

    private DistinctEdges() {}

    /**
     * @param relation the relation, named in error messages
     * @param maxDegree the largest out-degree of a source; at most the number of possible targets
     * @param noSelfLoops whether {@code source -> source} is forbidden (same-type relations)
     * @throws IllegalArgumentException when the edges cannot fit under {@code maxDegree}
     */
    static Edges generate(
            String relation,
            int numSources,
            int numTargets,
            long numEdges,
            int maxDegree,
            boolean noSelfLoops,
            SourceDraw sources,
            TargetDraw targets,
            SplittableRandom rng) {
        checkFeasible(relation, numSources, numTargets, numEdges, maxDegree, noSelfLoops);
        int[] degree = new int[numSources];
        drawDegrees(degree, (int) numEdges, maxDegree, sources, rng);
        return withDegrees(degree, numTargets, noSelfLoops, targets, rng);
    }

    /**
     * Draws the distinct targets of sources whose out-degrees are given: {@code degree[s]} edges
     * leave source {@code s}, each at most the number of possible targets (checked by the caller).
     */
    static Edges withDegrees(
            int[] degree, int numTargets, boolean noSelfLoops, TargetDraw targets, SplittableRandom rng) {
        long numEdges = 0;
        for (int d : degree) {
            numEdges += d;
        }
        int numSources = degree.length;
        int[] src = new int[(int) numEdges];
        int[] dst = new int[(int) numEdges];
        int[] takenBy = new int[numTargets];
        int pos = 0;
        for (int s = 0; s < numSources; s++) {
            int mark = s + 1;
            if (noSelfLoops) {
                takenBy[s] = mark;
            }
            for (int k = 0; k < degree[s]; k++) {
                int t = drawFreeTarget(s, mark, takenBy, targets, rng);
                takenBy[t] = mark;
                src[pos] = s;
                dst[pos] = t;
                pos++;
            }
        }
        return new Edges(src, dst);
    }

    static void checkFeasible(
            String relation, int numSources, int numTargets, long numEdges, int maxDegree, boolean noSelfLoops) {
        int possibleTargets = numTargets - (noSelfLoops ? 1 : 0);
        if (maxDegree < 1 || maxDegree > possibleTargets) {
            throw new IllegalArgumentException("relation " + relation + ": a source can have 1.."
                    + possibleTargets + " distinct targets, not " + maxDegree
                    + "; use more target nodes");
        }
        if (numEdges < 0 || numEdges > (long) numSources * maxDegree || numEdges > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("relation " + relation + ": " + numEdges
                    + " distinct edges do not fit " + numSources + " sources of at most " + maxDegree
                    + " edges each; use fewer edges or more nodes");
        }
    }

    /**
     * Adds {@code numEdges} edges to the out-degrees in {@code degree}, each at a source picked by
     * {@code sources} and redrawn while that source has {@code maxDegree} already.
     */
    static void drawDegrees(int[] degree, int numEdges, int maxDegree, SourceDraw sources, SplittableRandom rng) {
        int numSources = degree.length;
        for (int e = 0; e < numEdges; e++) {
            int s = sources.draw(rng);
            int tries = 0;
            while (degree[s] >= maxDegree) {
                s = ++tries < MAX_TRIES ? sources.draw(rng) : rng.nextInt(numSources);
            }
            degree[s]++;
        }
    }

    private static int drawFreeTarget(int source, int mark, int[] takenBy, TargetDraw targets, SplittableRandom rng) {
        int t = targets.draw(source, 0, rng);
        int tries = 0;
        while (takenBy[t] == mark) {
            t = ++tries < MAX_TARGET_TRIES ? targets.draw(source, tries, rng) : rng.nextInt(takenBy.length);
        }
        return t;
    }
}
