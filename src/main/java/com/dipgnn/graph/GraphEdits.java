package com.dipgnn.graph;

import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** Derived graphs with some edges removed (e.g. the held-out edges of link prediction). */
public final class GraphEdits {

    private GraphEdits() {}

    /**
     * The graph without the given edges of {@code relation}, removed from the relation and from
     * its reverse (or from both directions of a symmetric same-type relation).
     */
    public static HeteroGraph withoutEdges(HeteroGraph graph, RelationType relation, int[] src, int[] dst) {
        Set<Long> removed = new HashSet<>();
        for (int i = 0; i < src.length; i++) {
            removed.add(pair(src[i], dst[i]));
        }
        RelationType reverse = relation.reverse();
        boolean symmetric = !graph.relationTypes().contains(reverse);
        Map<RelationType, CsrAdjacency> relations = new LinkedHashMap<>();
        for (RelationType r : graph.relationTypes()) {
            CsrAdjacency a = graph.adjacency(r);
            if (r.equals(relation)) {
                relations.put(r, filter(a, removed, false, symmetric));
            } else if (r.equals(reverse)) {
                relations.put(r, filter(a, removed, true, false));
            } else {
                relations.put(r, a);
            }
        }
        Map<String, NodeTable> tables = new LinkedHashMap<>();
        for (String type : graph.nodeTypes()) {
            tables.put(type, graph.nodes(type));
        }
        return new HeteroGraph(graph.name(), tables, relations);
    }

    private static CsrAdjacency filter(CsrAdjacency a, Set<Long> removed, boolean reversed, boolean bothWays) {
        int[] targets = a.targetArray();
        int kept = 0;
        int[] src = new int[a.numEdges()];
        int[] dst = new int[a.numEdges()];
        byte[] marks = a.hasSplits() ? new byte[a.numEdges()] : null;
        for (int s = 0; s < a.numSources(); s++) {
            for (int e = a.rowStart(s); e < a.rowEnd(s); e++) {
                int t = targets[e];
                long key = reversed ? pair(t, s) : pair(s, t);
                if (removed.contains(key) || (bothWays && removed.contains(pair(t, s)))) {
                    continue;
                }
                src[kept] = s;
                dst[kept] = t;
                if (marks != null) {
                    marks[kept] = a.split(e).code();
                }
                kept++;
            }
        }
        return CsrAdjacency.fromEdges(
                a.numSources(),
                a.numTargets(),
                Arrays.copyOf(src, kept),
                Arrays.copyOf(dst, kept),
                marks == null ? null : Arrays.copyOf(marks, kept));
    }

    private static long pair(int s, int t) {
        return ((long) s << 32) | (t & 0xffffffffL);
    }
}
