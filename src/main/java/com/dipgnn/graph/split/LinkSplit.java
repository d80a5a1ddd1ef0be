package com.dipgnn.graph.split;

import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.GraphEdits;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.SplitMark;
import com.dipgnn.graph.StepRandom;
import java.util.Arrays;
import java.util.Random;
import java.util.function.IntUnaryOperator;

/**
 * The edges of one relation split for link prediction: training positives, and validation and
 * test edges that are held out of the graph the model sees ({@link #structure()}).
 *
 * @param relation the predicted relation (anchor type = source, candidate type = target)
 * @param structure the graph without the validation and test edges
 * @param train training edges (sources, targets)
 * @param val held-out validation edges
 * @param test held-out test edges
 */
public record LinkSplit(RelationType relation, HeteroGraph structure, Edges train, Edges val, Edges test) {

    /** Parallel arrays of edge endpoints. */
    public record Edges(int[] src, int[] dst) {
        public int size() {
            return src.length;
        }
    }

    /**
     * The paper's protocol: all edges of training anchors are training positives; for each
     * validation and test anchor, a seeded {@code fraction} of its edges (at least one, for anchors
     * with two or more edges) is held out and must be recovered.
     */
    public static LinkSplit holdOut(
            HeteroGraph graph,
            RelationType relation,
            int[] trainAnchors,
            int[] valAnchors,
            int[] testAnchors,
            double fraction,
            long seed) {
        CsrAdjacency adjacency = graph.adjacency(relation);
        Random rng = StepRandom.rngFor(seed, 0x11CC);
        Edges train = allEdges(adjacency, trainAnchors);
        Edges val = heldOut(adjacency, valAnchors, fraction, rng);
        Edges test = heldOut(adjacency, testAnchors, fraction, rng);
        return withStructure(graph, relation, train, val, test);
    }

    /**
     * A data set's own edge split (e.g. MovieLens {@code ua}): TEST-marked edges are the test
     * set, VAL-marked ones (or, when there are none, a seeded {@code valFraction} of the training
     * edges) the validation set, the remaining TRAIN/unmarked edges the training positives.
     */
    public static LinkSplit fromEdgeMarks(HeteroGraph graph, RelationType relation, double valFraction, long seed) {
        CsrAdjacency a = graph.adjacency(relation);
        if (!a.hasSplits()) {
            throw new IllegalArgumentException("relation " + relation + " has no per-edge split column "
                    + "to take a data set split from; use --split holdout (a seeded per-user hold-out), "
                    + "leave-one-out or transfer");
        }
        IntPairs train = new IntPairs();
        IntPairs val = new IntPairs();
        IntPairs test = new IntPairs();
        boolean anyVal = false;
        for (int e = 0; e < a.numEdges(); e++) {
            anyVal |= a.split(e) == SplitMark.VAL;
        }
        Random rng = StepRandom.rngFor(seed, 0x5EED);
        int[] targets = a.targetArray();
        for (int s = 0; s < a.numSources(); s++) {
            for (int e = a.rowStart(s); e < a.rowEnd(s); e++) {
                SplitMark mark = a.split(e);
                if (mark == SplitMark.TEST) {
                    test.add(s, targets[e]);
                } else if (mark == SplitMark.VAL || (!anyVal && rng.nextDouble() < valFraction)) {
                    val.add(s, targets[e]);
                } else {
                    train.add(s, targets[e]);
                }
            }
        }
        if (test.size == 0) {
            throw new IllegalArgumentException("relation " + relation + " has no edges marked test");
        }
        return withStructure(graph, relation, train.edges(), val.edges(), test.edges());
    }

    /**
     * A seeded per-user hold-out for a relation without its own split: for every source (user)
     * with at least three edges, {@code testFraction} of its edges (at least one) are test edges
     * and {@code valFraction} (at least one) validation edges; at least one edge always stays in
     * training. Sources with fewer edges keep them all for training.
     */
    public static LinkSplit perUserHoldOut(
            HeteroGraph graph, RelationType relation, double testFraction, double valFraction, long seed) {
        if (!(testFraction > 0 && valFraction > 0 && testFraction + valFraction < 1)) {
            throw new IllegalArgumentException("per-user hold-out needs test and validation fractions in (0, 1) "
                    + "that sum below 1; got " + testFraction + " and " + valFraction);
        }
        return perUser(
                graph,
                relation,
                seed,
                n -> Math.max(1, (int) Math.round(testFraction * n)),
                n -> Math.max(1, (int) Math.round(valFraction * n)));
    }

    /**
     * Leave-one-out (the SASRec protocol's split): for every source with at least three edges, one
     * seeded edge is the test edge and another the validation edge; the rest are training edges.
     */
    public static LinkSplit leaveOneOut(HeteroGraph graph, RelationType relation, long seed) {
        return perUser(graph, relation, seed, n -> 1, n -> 1);
    }

    private static LinkSplit perUser(
            HeteroGraph graph,
            RelationType relation,
            long seed,
            IntUnaryOperator testCount,
            IntUnaryOperator valCount) {
        CsrAdjacency a = graph.adjacency(relation);
        Random rng = StepRandom.rngFor(seed, 0x9E5);
        IntPairs train = new IntPairs();
        IntPairs val = new IntPairs();
        IntPairs test = new IntPairs();
        for (int s = 0; s < a.numSources(); s++) {
            int[] targets = Arrays.stream(a.neighbors(s)).distinct().toArray();
            int n = targets.length;
            int t = n >= 3 ? Math.min(testCount.applyAsInt(n), n - 2) : 0;
            int v = n >= 3 ? Math.min(valCount.applyAsInt(n), n - 1 - t) : 0;
            for (int i = 0; i < t + v; i++) {
                int j = i + rng.nextInt(n - i);
                int swap = targets[i];
                targets[i] = targets[j];
                targets[j] = swap;
            }
            for (int i = 0; i < n; i++) {
                (i < t ? test : i < t + v ? val : train).add(s, targets[i]);
            }
        }
        if (test.size == 0) {
            throw new IllegalArgumentException("relation " + relation + " has no source with three or more edges: "
                    + "nothing can be held out per user");
        }
        return withStructure(graph, relation, train.edges(), val.edges(), test.edges());
    }

    private static LinkSplit withStructure(
            HeteroGraph graph, RelationType relation, Edges train, Edges val, Edges test) {
        int[] src = concat(val.src(), test.src());
        int[] dst = concat(val.dst(), test.dst());
        HeteroGraph structure = GraphEdits.withoutEdges(graph, relation, src, dst);
        return new LinkSplit(relation, structure, train, val, test);
    }

    private static Edges allEdges(CsrAdjacency a, int[] anchors) {
        IntPairs out = new IntPairs();
        for (int s : anchors) {
            for (int t : a.neighbors(s)) {
                out.add(s, t);
            }
        }
        return out.edges();
    }

    private static Edges heldOut(CsrAdjacency a, int[] anchors, double fraction, Random rng) {
        IntPairs out = new IntPairs();
        for (int s : anchors) {
            int[] neighbors = a.neighbors(s);
            if (neighbors.length < 2) {
                continue;
            }
            int k = Math.max(1, (int) Math.round(fraction * neighbors.length));
            for (int i = 0; i < k; i++) {
                int j = i + rng.nextInt(neighbors.length - i);
                int t = neighbors[i];
                neighbors[i] = neighbors[j];
                neighbors[j] = t;
                out.add(s, neighbors[i]);
            }
        }
        return out.edges();
    }

    private static int[] concat(int[] a, int[] b) {
        int[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** A growable list of (source, target) pairs. */
    private static final class IntPairs {
        private int[] src = new int[64];
        private int[] dst = new int[64];
        private int size;

        void add(int s, int t) {
            if (size == src.length) {
                src = Arrays.copyOf(src, size * 2);
                dst = Arrays.copyOf(dst, size * 2);
            }
            src[size] = s;
            dst[size] = t;
            size++;
        }

        Edges edges() {
            return new Edges(Arrays.copyOf(src, size), Arrays.copyOf(dst, size));
        }
    }
}
