package com.dipgnn.sampling;

import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A sampled subgraph: for each node type the global ids of its sampled nodes (a node's local id
 * is its position in that array; seeds come first, in the order they were given), and for each
 * relation the edges among sampled nodes in local ids. A sampler that draws a fixed number of
 * in-neighbours per node also records, per relation and target node, how many in-neighbours each
 * drawn one stands for ({@link #neighbourScale}), so attention can weigh the drawn ones as the
 * whole neighbourhood.
 */
public final class Subgraph {

    private final Map<String, int[]> nodes;
    private final Map<RelationType, EdgeList> edges;
    private final Map<RelationType, float[]> neighbourScales;

    /** A subgraph whose nodes have every in-edge the sampled nodes share (no neighbourhood was thinned). */
    public Subgraph(Map<String, int[]> nodes, Map<RelationType, EdgeList> edges) {
        this(nodes, edges, Map.of());
    }

    /**
     * @param neighbourScales per relation, for each local node of its target type: its in-degree
     *     along the relation in the sampled graph over the in-neighbours drawn (1 where all were
     *     kept); relations absent were not thinned
     */
    public Subgraph(
            Map<String, int[]> nodes, Map<RelationType, EdgeList> edges, Map<RelationType, float[]> neighbourScales) {
        this.nodes = Collections.unmodifiableMap(new LinkedHashMap<>(nodes));
        this.edges = Collections.unmodifiableMap(new LinkedHashMap<>(edges));
        this.neighbourScales = Collections.unmodifiableMap(new LinkedHashMap<>(neighbourScales));
    }

    /**
     * The subgraph induced by the given nodes: every edge of {@code graph} whose two ends were
     * both sampled, in every relation.
     */
    public static Subgraph induced(HeteroGraph graph, Map<String, int[]> sampledNodes) {
        Map<String, int[]> sortedIds = new LinkedHashMap<>();
        Map<String, int[]> sortedLocal = new LinkedHashMap<>();
        for (Map.Entry<String, int[]> e : sampledNodes.entrySet()) {
            int[] ids = e.getValue();
            long[] pairs = new long[ids.length];
            for (int i = 0; i < ids.length; i++) {
                pairs[i] = ((long) ids[i] << 32) | i;
            }
            Arrays.sort(pairs);
            int[] sorted = new int[ids.length];
            int[] local = new int[ids.length];
            for (int i = 0; i < pairs.length; i++) {
                sorted[i] = (int) (pairs[i] >>> 32);
                local[i] = (int) pairs[i];
            }
            sortedIds.put(e.getKey(), sorted);
            sortedLocal.put(e.getKey(), local);
        }
        Map<RelationType, EdgeList> edges = new LinkedHashMap<>();
        for (RelationType r : graph.relationTypes()) {
            int[] srcNodes = sampledNodes.get(r.source());
            int[] dstSorted = sortedIds.get(r.target());
            if (srcNodes == null || dstSorted == null || srcNodes.length == 0 || dstSorted.length == 0) {
                continue;
            }
            edges.put(r, collect(graph.adjacency(r), srcNodes, dstSorted, sortedLocal.get(r.target())));
        }
        return new Subgraph(sampledNodes, edges);
    }

    private static EdgeList collect(CsrAdjacency adjacency, int[] srcNodes, int[] dstSorted, int[] dstLocal) {
        int[] targets = adjacency.targetArray();
        IntBuffer src = new IntBuffer();
        IntBuffer dst = new IntBuffer();
        for (int i = 0; i < srcNodes.length; i++) {
            int from = adjacency.rowStart(srcNodes[i]);
            int to = adjacency.rowEnd(srcNodes[i]);
            if (to - from < dstSorted.length) {
                for (int e = from; e < to; e++) {
                    int pos = Arrays.binarySearch(dstSorted, targets[e]);
                    if (pos >= 0) {
                        src.add(i);
                        dst.add(dstLocal[pos]);
                    }
                }
            } else {
                for (int j = 0; j < dstSorted.length; j++) {
                    if (Arrays.binarySearch(targets, from, to, dstSorted[j]) >= 0) {
                        src.add(i);
                        dst.add(dstLocal[j]);
                    }
                }
            }
        }
        return EdgeList.sorted(src.toArray(), dst.toArray());
    }

    /** Node types present, in a stable order. */
    public Iterable<String> nodeTypes() {
        return nodes.keySet();
    }

    /** Global ids of the sampled nodes of {@code type} (empty when none). */
    public int[] nodes(String type) {
        return nodes.getOrDefault(type, new int[0]);
    }

    public Map<String, int[]> nodeMap() {
        return nodes;
    }

    public int numNodes(String type) {
        return nodes(type).length;
    }

    public Map<RelationType, EdgeList> edgeMap() {
        return edges;
    }

    /** Edges of the relation (empty when none). */
    public EdgeList edges(RelationType relation) {
        return edges.getOrDefault(relation, new EdgeList(new int[0], new int[0]));
    }

    /**
     * For each local node of the relation's target type, how many in-neighbours along it each drawn
     * in-edge stands for (its in-degree over the drawn count, at least 1); null when the relation's
     * neighbourhoods were not thinned.
     */
    public float[] neighbourScale(RelationType relation) {
        return neighbourScales.get(relation);
    }

    public int totalNodes() {
        return nodes.values().stream().mapToInt(a -> a.length).sum();
    }

    public int totalEdges() {
        return edges.values().stream().mapToInt(EdgeList::size).sum();
    }

    /** A copy with the edges of some relations replaced (e.g. with masked edges removed). */
    public Subgraph withEdges(Map<RelationType, EdgeList> replaced) {
        Map<RelationType, EdgeList> copy = new LinkedHashMap<>(edges);
        copy.putAll(replaced);
        return new Subgraph(nodes, copy, neighbourScales);
    }

    /** A growable int array. */
    static final class IntBuffer {
        private int[] data = new int[16];
        private int size;

        void add(int value) {
            if (size == data.length) {
                data = Arrays.copyOf(data, size * 2);
            }
            data[size++] = value;
        }

        int[] toArray() {
            return Arrays.copyOf(data, size);
        }
    }
}
