package com.dipgnn.pretraining;

import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The relations pre-training masks and, for each, every copy of its pairs in the graph
 * ({@link EdgeCopy}): its reverse relation; itself transposed when it is undirected or a directed
 * relation whose every edge has its reverse (symmetric in meaning, stored both ways); and any other
 * forward relation that is its exact reverse (an inverse shipped as a file of its own, such as
 * WordNet's hyponym beside hypernym) with that relation's reverse. Such an inverse is masked only
 * with its partner, never on its own.
 */
final class RelationCopies {

    private final Map<RelationType, List<EdgeCopy>> copies;

    private RelationCopies(Map<RelationType, List<EdgeCopy>> copies) {
        this.copies = copies;
    }

    /** The masked relations of {@code graph}: every forward relation with edges but the inverses of earlier ones. */
    static RelationCopies of(HeteroGraph graph) {
        List<RelationType> forward = graph.relationTypes().stream()
                .filter(r -> !r.isReverse() && graph.adjacency(r).numEdges() > 0)
                .toList();
        Map<RelationType, List<EdgeCopy>> out = new LinkedHashMap<>();
        Set<RelationType> claimed = new HashSet<>();
        for (int i = 0; i < forward.size(); i++) {
            RelationType r = forward.get(i);
            if (claimed.contains(r)) {
                continue;
            }
            List<EdgeCopy> list = new ArrayList<>();
            list.add(new EdgeCopy(r, false));
            boolean directed = graph.relationTypes().contains(r.reverse());
            if (!directed) {
                list.add(new EdgeCopy(r, true)); // undirected: both directions stored in r
            } else {
                list.add(new EdgeCopy(r.reverse(), true));
                if (r.source().equals(r.target()) && isReverseOf(graph.adjacency(r), graph.adjacency(r))) {
                    list.add(new EdgeCopy(r, true));
                    list.add(new EdgeCopy(r.reverse(), false));
                }
            }
            boolean bothWays = list.contains(new EdgeCopy(r, true));
            for (int j = i + 1; j < forward.size(); j++) {
                RelationType q = forward.get(j);
                if (!claimed.contains(q) && isInverse(graph, r, q)) {
                    claimed.add(q);
                    addPartner(graph, q, bothWays, list);
                }
            }
            out.put(r, List.copyOf(list));
        }
        return new RelationCopies(out);
    }

    /**
     * The copies of an exact inverse {@code q}: (t, s) in q and (s, t) in its reverse, and when the
     * masked relation stores its pairs both ways, the other orientation in each as well.
     */
    private static void addPartner(HeteroGraph graph, RelationType q, boolean bothWays, List<EdgeCopy> list) {
        boolean reverse = graph.relationTypes().contains(q.reverse());
        list.add(new EdgeCopy(q, true));
        if (reverse) {
            list.add(new EdgeCopy(q.reverse(), false));
        }
        if (bothWays || !reverse) {
            list.add(new EdgeCopy(q, false));
            if (reverse) {
                list.add(new EdgeCopy(q.reverse(), true));
            }
        }
    }

    /** The relations masked, in the graph's order. */
    List<RelationType> masked() {
        return List.copyOf(copies.keySet());
    }

    /** Every copy of {@code r}'s pairs, {@code r} itself first. */
    List<EdgeCopy> of(RelationType r) {
        return copies.get(r);
    }

    /**
     * Whether {@code r}'s pairs are stored both ways within itself (undirected, or directed and
     * symmetric in meaning): such a relation's pairs are masked once each, in a random orientation.
     */
    boolean pairsBothWays(RelationType r) {
        return copies.get(r).contains(new EdgeCopy(r, true));
    }

    private static boolean isInverse(HeteroGraph graph, RelationType r, RelationType q) {
        return q.source().equals(r.target())
                && q.target().equals(r.source())
                && isReverseOf(graph.adjacency(r), graph.adjacency(q));
    }

    /** Whether {@code b} holds exactly the edges of {@code a} reversed. */
    static boolean isReverseOf(CsrAdjacency a, CsrAdjacency b) {
        if (a.numEdges() != b.numEdges() || a.numSources() != b.numTargets() || a.numTargets() != b.numSources()) {
            return false;
        }
        int[] targets = a.targetArray();
        for (int s = 0; s < a.numSources(); s++) {
            for (int e = a.rowStart(s); e < a.rowEnd(s); e++) {
                if (!b.hasEdge(targets[e], s)) {
                    return false;
                }
            }
        }
        return true;
    }
}
