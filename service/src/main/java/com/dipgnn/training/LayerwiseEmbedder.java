package com.dipgnn.training;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.model.GraphBatch;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.MessagePassingLayer;
import com.dipgnn.sampling.EdgeList;
import com.dipgnn.sampling.Subgraph;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Exact inference over a whole graph, one layer at a time: the state of a node after layer
 * {@code l} is the encoder's layer {@code l} applied to the node's own state after layer
 * {@code l - 1} and to those of <em>all</em> its in-neighbours, over every relation into its type.
 * Nothing is sampled, so a node's embedding depends on the model, the graph and the node alone,
 * never on which nodes share its forward pass or on a seed; a node that is not in the graph
 * (given its features and in-neighbours) gets the same embedding from the stored states of the
 * layers below (see {@link #inNeighbours}).
 *
 * <p>Each layer's work is linear in nodes plus edges: a pass takes a run of consecutive nodes of
 * one type (at most {@code passNodes}, and at most {@code passEdges} in-edges unless one node has
 * more) with their in-neighbours, whose states are read from the layer below.
 */
public final class LayerwiseEmbedder {

    /** Destination nodes per pass. */
    public static final int DEFAULT_PASS_NODES = 4096;
    /** In-edges per pass (a node with more gets a pass of its own). */
    public static final int DEFAULT_PASS_EDGES = 65_536;

    private final HeteroGraph graph;
    private final int passNodes;
    private final int passEdges;

    public LayerwiseEmbedder(HeteroGraph graph) {
        this(graph, DEFAULT_PASS_NODES, DEFAULT_PASS_EDGES);
    }

    public LayerwiseEmbedder(HeteroGraph graph, int passNodes, int passEdges) {
        if (passNodes < 1 || passEdges < 1) {
            throw new IllegalArgumentException("passNodes and passEdges must be at least 1; got " + passNodes
                    + " and " + passEdges);
        }
        this.graph = graph;
        this.passNodes = passNodes;
        this.passEdges = passEdges;
    }

    /**
     * The in-neighbourhood of {@code relation} (source to target type) by target node: the stored
     * reverse relation, or the relation itself when it joins a type to itself without a reverse
     * (an undirected relation, stored in both directions).
     *
     * @throws IllegalArgumentException for a relation between two types stored without its reverse
     */
    public static CsrAdjacency inNeighbours(HeteroGraph graph, RelationType relation) {
        if (graph.relationTypes().contains(relation.reverse())) {
            return graph.adjacency(relation.reverse());
        }
        if (relation.source().equals(relation.target())) {
            return graph.adjacency(relation);
        }
        throw new IllegalArgumentException("relation " + relation.key() + " is stored without its reverse, so its"
                + " in-neighbours are unknown; build the graph with GraphBuilder, which adds reverses");
    }

    /**
     * Runs every layer of {@code encoder} in inference mode over every node.
     *
     * @param scope each pass runs in a sub-manager of it, closed before the next
     * @param progress called after each pass with node states computed and their total (nodes x layers)
     * @return per layer (index 0 for the first), per node type (graph order), the states of every
     *     node, {@code numNodes x width} row-major by node id; the last layer's are the embeddings
     */
    public List<Map<String, float[]>> embedAll(GraphEncoder encoder, NDManager scope, NodeEmbedder.Progress progress) {
        List<MessagePassingLayer> layers = encoder.layers();
        long total = graph.totalNodes() * layers.size();
        long done = 0;
        int[][] localOf = newLocalIndex();
        List<Map<String, float[]>> states = new ArrayList<>();
        Map<String, float[]> below = null;
        for (MessagePassingLayer layer : layers) {
            Map<String, float[]> out = new LinkedHashMap<>();
            for (String type : graph.nodeTypes()) {
                int n = graph.numNodes(type);
                for (int from = 0; from < n; ) {
                    int to = passEnd(type, from);
                    float[] rows = runPass(encoder, layer, below, type, from, to, localOf, scope);
                    float[] table = out.get(type);
                    if (table == null) {
                        table = new float[Math.multiplyExact(n, rows.length / (to - from))];
                        out.put(type, table);
                    }
                    System.arraycopy(rows, 0, table, from * (rows.length / (to - from)), rows.length);
                    done += to - from;
                    progress.embedded(done, total);
                    from = to;
                }
                out.putIfAbsent(type, new float[0]);
            }
            states.add(out);
            below = out;
        }
        return states;
    }

    private int[][] newLocalIndex() {
        int[][] localOf = new int[graph.nodeTypes().size()][];
        for (int t = 0; t < localOf.length; t++) {
            localOf[t] = new int[graph.numNodes(graph.nodeTypes().get(t))];
            Arrays.fill(localOf[t], -1);
        }
        return localOf;
    }

    /** The end (exclusive) of the pass of {@code type} that starts at node {@code from}. */
    private int passEnd(String type, int from) {
        List<CsrAdjacency> in = graph.relationsInto(type).stream().map(r -> inNeighbours(graph, r)).toList();
        int n = graph.numNodes(type);
        long edges = 0;
        int to = from;
        while (to < n && to - from < passNodes) {
            long degree = 0;
            for (CsrAdjacency a : in) {
                degree += a.degree(to);
            }
            if (to > from && edges + degree > passEdges) {
                break;
            }
            edges += degree;
            to++;
        }
        return to;
    }

    /** Layer states of nodes {@code from..to-1} of {@code type}, row-major. */
    private float[] runPass(GraphEncoder encoder, MessagePassingLayer layer, Map<String, float[]> below, String type,
                            int from, int to, int[][] localOf, NDManager scope) {
        Subgraph pass = passSubgraph(type, from, to, localOf);
        try (NDManager passScope = scope.newSubManager()) {
            GraphBatch batch = new GraphBatch(passScope, graph, pass);
            Map<String, NDArray> input = below == null ? encoder.inputStates(batch, false) : gather(below, pass, passScope);
            NDArray out = layer.forward(batch, input, false).get(type);
            return out.get("0:" + (to - from)).toFloatArray();
        }
    }

    /**
     * Nodes {@code from..to-1} of {@code type} first (local ids {@code 0..}), then their
     * in-neighbours, and the edges into the first ones only.
     */
    private Subgraph passSubgraph(String type, int from, int to, int[][] localOf) {
        List<String> types = graph.nodeTypes();
        List<IntList> nodes = new ArrayList<>();
        types.forEach(t -> nodes.add(new IntList()));
        int typeIndex = types.indexOf(type);
        for (int id = from; id < to; id++) {
            localOf[typeIndex][id] = nodes.get(typeIndex).add(id);
        }
        Map<RelationType, EdgeList> edges = new LinkedHashMap<>();
        for (RelationType r : graph.relationsInto(type)) {
            CsrAdjacency in = inNeighbours(graph, r);
            int s = types.indexOf(r.source());
            IntList src = new IntList();
            IntList dst = new IntList();
            int[] targets = in.targetArray();
            for (int d = from; d < to; d++) {
                for (int e = in.rowStart(d); e < in.rowEnd(d); e++) {
                    int u = targets[e];
                    if (localOf[s][u] < 0) {
                        localOf[s][u] = nodes.get(s).add(u);
                    }
                    src.add(localOf[s][u]);
                    dst.add(d - from);
                }
            }
            edges.put(r, EdgeList.sorted(src.toArray(), dst.toArray()));
        }
        Map<String, int[]> ids = new LinkedHashMap<>();
        for (int t = 0; t < types.size(); t++) {
            int[] global = nodes.get(t).toArray();
            for (int id : global) {
                localOf[t][id] = -1;
            }
            ids.put(types.get(t), global);
        }
        return new Subgraph(ids, edges);
    }

    /** The states below of the pass's nodes, per type present. */
    private Map<String, NDArray> gather(Map<String, float[]> below, Subgraph pass, NDManager scope) {
        Map<String, NDArray> states = new LinkedHashMap<>();
        for (Map.Entry<String, int[]> e : pass.nodeMap().entrySet()) {
            int[] ids = e.getValue();
            if (ids.length > 0) {
                float[] table = below.get(e.getKey());
                states.put(e.getKey(), rows(scope, table, ids, table.length / graph.numNodes(e.getKey())));
            }
        }
        return states;
    }

    /** Rows {@code ids} of a row-major table of width {@code width}, as an (ids x width) array. */
    public static NDArray rows(NDManager manager, float[] table, int[] ids, int width) {
        float[] out = new float[ids.length * width];
        for (int i = 0; i < ids.length; i++) {
            System.arraycopy(table, ids[i] * width, out, i * width, width);
        }
        return manager.create(out, new Shape(ids.length, width));
    }

    /** A growable int array whose {@link #add} returns the index it stored at. */
    private static final class IntList {
        private int[] data = new int[16];
        private int size;

        int add(int value) {
            if (size == data.length) {
                data = Arrays.copyOf(data, size * 2);
            }
            data[size] = value;
            return size++;
        }

        int[] toArray() {
            return Arrays.copyOf(data, size);
        }
    }
}
