package com.dipgnn.graph;

import java.util.Arrays;

/**
 * Adjacency of one relation in compressed sparse row form: row {@code s} lists the targets of
 * the edges leaving source node {@code s}, sorted ascending and free of duplicates. Primitive
 * arrays only: 4 bytes per edge plus 4 per source node (plus 1 per edge when edge split marks
 * are kept).
 */
public final class CsrAdjacency {

    private final int numSources;
    private final int numTargets;
    private final int[] offsets;
    private final int[] targets;
    private final byte[] splits;

    private CsrAdjacency(int numSources, int numTargets, int[] offsets, int[] targets, byte[] splits) {
        this.numSources = numSources;
        this.numTargets = numTargets;
        this.offsets = offsets;
        this.targets = targets;
        this.splits = splits;
    }

    /**
     * Builds the adjacency from an edge list; duplicate edges are merged (the first edge's split
     * mark is kept).
     *
     * @param numSources number of source nodes
     * @param numTargets number of target nodes
     * @param src source id of each edge
     * @param dst target id of each edge
     * @param splits optional split mark per edge ({@link SplitMark} codes), or {@code null}
     */
    public static CsrAdjacency fromEdges(int numSources, int numTargets, int[] src, int[] dst, byte[] splits) {
        if (src.length != dst.length || (splits != null && splits.length != src.length)) {
            throw new IllegalArgumentException("edge arrays differ in length");
        }
        int[] counts = new int[numSources + 1];
        for (int i = 0; i < src.length; i++) {
            checkId(src[i], numSources, "source");
            checkId(dst[i], numTargets, "target");
            counts[src[i] + 1]++;
        }
        for (int s = 0; s < numSources; s++) {
            counts[s + 1] += counts[s];
        }
        int[] order = new int[src.length];
        int[] cursor = Arrays.copyOf(counts, numSources);
        for (int i = 0; i < src.length; i++) {
            order[cursor[src[i]]++] = i;
        }
        return compact(numSources, numTargets, counts, order, dst, splits);
    }

    private static CsrAdjacency compact(
            int numSources, int numTargets, int[] rowStart, int[] order, int[] dst, byte[] splits) {
        int[] offsets = new int[numSources + 1];
        int[] targets = new int[order.length];
        byte[] outSplits = splits == null ? null : new byte[order.length];
        long[] row = new long[0];
        int written = 0;
        for (int s = 0; s < numSources; s++) {
            int from = rowStart[s];
            int to = rowStart[s + 1];
            int n = to - from;
            if (row.length < n) {
                row = new long[Math.max(n, row.length * 2)];
            }
            for (int k = 0; k < n; k++) {
                int edge = order[from + k];
                row[k] = ((long) dst[edge] << 32) | edge;
            }
            Arrays.sort(row, 0, n);
            int last = -1;
            for (int k = 0; k < n; k++) {
                int t = (int) (row[k] >>> 32);
                if (t == last) {
                    continue;
                }
                last = t;
                targets[written] = t;
                if (outSplits != null) {
                    outSplits[written] = splits[(int) row[k]];
                }
                written++;
            }
            offsets[s + 1] = written;
        }
        int[] trimmed = written == targets.length ? targets : Arrays.copyOf(targets, written);
        byte[] trimmedSplits =
                outSplits == null || written == outSplits.length ? outSplits : Arrays.copyOf(outSplits, written);
        return new CsrAdjacency(numSources, numTargets, offsets, trimmed, trimmedSplits);
    }

    private static void checkId(int id, int count, String role) {
        if (id < 0 || id >= count) {
            throw new IllegalArgumentException(role + " id " + id + " is outside 0.." + (count - 1));
        }
    }

    /** The same edges with sources and targets swapped. */
    public CsrAdjacency transpose() {
        int[] src = new int[targets.length];
        for (int s = 0; s < numSources; s++) {
            Arrays.fill(src, offsets[s], offsets[s + 1], s);
        }
        return fromEdges(numTargets, numSources, targets, src, splits);
    }

    /** The union of this adjacency and its transpose (both directions, one relation). */
    public CsrAdjacency symmetrized() {
        if (numSources != numTargets) {
            throw new IllegalStateException("only a same-type relation can be symmetrized");
        }
        int m = targets.length;
        int[] src = new int[2 * m];
        int[] dst = new int[2 * m];
        byte[] marks = splits == null ? null : new byte[2 * m];
        for (int s = 0; s < numSources; s++) {
            for (int e = offsets[s]; e < offsets[s + 1]; e++) {
                src[e] = s;
                dst[e] = targets[e];
                src[m + e] = targets[e];
                dst[m + e] = s;
                if (marks != null) {
                    marks[e] = splits[e];
                    marks[m + e] = splits[e];
                }
            }
        }
        return fromEdges(numSources, numTargets, src, dst, marks);
    }

    public int numSources() {
        return numSources;
    }

    public int numTargets() {
        return numTargets;
    }

    public int numEdges() {
        return targets.length;
    }

    public int degree(int source) {
        return offsets[source + 1] - offsets[source];
    }

    /** First index into {@link #targetArray()} of the row of {@code source}. */
    public int rowStart(int source) {
        return offsets[source];
    }

    /** One past the last index into {@link #targetArray()} of the row of {@code source}. */
    public int rowEnd(int source) {
        return offsets[source + 1];
    }

    /** The backing target array (not a copy: do not modify). */
    public int[] targetArray() {
        return targets;
    }

    /** The targets of {@code source}, as a new array. */
    public int[] neighbors(int source) {
        return Arrays.copyOfRange(targets, offsets[source], offsets[source + 1]);
    }

    /** Whether the edge {@code source -> target} exists (binary search in the sorted row). */
    public boolean hasEdge(int source, int target) {
        return Arrays.binarySearch(targets, offsets[source], offsets[source + 1], target) >= 0;
    }

    /** Whether per-edge split marks are kept. */
    public boolean hasSplits() {
        return splits != null;
    }

    /** The split mark of the edge at index {@code edgeIndex} of {@link #targetArray()}. */
    public SplitMark split(int edgeIndex) {
        return splits == null ? SplitMark.NONE : SplitMark.fromCode(splits[edgeIndex]);
    }

    /** Heap bytes held by the arrays of this adjacency. */
    public long memoryBytes() {
        return 4L * offsets.length + 4L * targets.length + (splits == null ? 0 : splits.length);
    }

    /**
     * The adjacency restricted to the kept nodes, renumbered: {@code sourceMap[old] = new id} or
     * -1 when dropped, likewise {@code targetMap}.
     */
    public CsrAdjacency induced(int[] sourceMap, int newSources, int[] targetMap, int newTargets) {
        int count = 0;
        for (int s = 0; s < numSources; s++) {
            if (sourceMap[s] < 0) {
                continue;
            }
            for (int e = offsets[s]; e < offsets[s + 1]; e++) {
                if (targetMap[targets[e]] >= 0) {
                    count++;
                }
            }
        }
        int[] src = new int[count];
        int[] dst = new int[count];
        byte[] marks = splits == null ? null : new byte[count];
        int k = 0;
        for (int s = 0; s < numSources; s++) {
            if (sourceMap[s] < 0) {
                continue;
            }
            for (int e = offsets[s]; e < offsets[s + 1]; e++) {
                int t = targetMap[targets[e]];
                if (t >= 0) {
                    src[k] = sourceMap[s];
                    dst[k] = t;
                    if (marks != null) {
                        marks[k] = splits[e];
                    }
                    k++;
                }
            }
        }
        return fromEdges(newSources, newTargets, src, dst, marks);
    }
}
