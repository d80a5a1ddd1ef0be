package com.dipgnn.inference;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.model.EncoderLayer;
import com.dipgnn.model.GraphBatch;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.sampling.EdgeList;
import com.dipgnn.sampling.Subgraph;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Exact inference over a whole graph, one layer at a time: the state of a node after layer
 * {@code l} is the encoder's layer {@code l} applied to the node's own state after layer
 * {@code l - 1} and to those of <em>all</em> its in-neighbours, over every relation into its type.
 * Nothing is sampled, so a node's embedding depends on the model, the graph and the node alone,
 * never on which nodes share its forward pass or on a seed; a node that is not in the graph
 * (given its features and in-neighbours) gets the same embedding from the stored states of the
 * layers below (see {@link #inNeighbours}).
 *
 * <p>Each layer's work is linear in nodes plus edges: a pass takes nodes of one type (at most
 * {@code passNodes}, and at most {@code passEdges} in-edges unless one node has more) with their
 * in-neighbours, whose states are read from the layer below and projected again in every pass
 * that needs them; ordering nodes by a hash of their in-neighbourhoods puts nodes that share
 * in-neighbours in the same pass more often, which keeps that repetition down. The passes
 * ({@link #plan}) can run anywhere that has the graph, the model and the states below (the Spark
 * batch job runs each layer's passes on its executors). An instance is used by one thread at a time.
 */
public final class LayerwiseEmbedder {

    /**
     * Destination nodes per pass. With {@link #DEFAULT_PASS_EDGES}: on a 1.2M-node query-product
     * graph at width 128, 25-30% less CPU than a quarter of both; an edge-sized tensor of a pass
     * is then 128 MiB at width 128.
     */
    public static final int DEFAULT_PASS_NODES = 16_384;
    /** In-edges per pass (a node with more gets a pass of its own). */
    public static final int DEFAULT_PASS_EDGES = 262_144;

    private final HeteroGraph graph;
    private final int passNodes;
    private final int passEdges;
    /** Scratch: a node's index in the pass being built, -1 elsewhere (one embedder per thread). */
    private int[][] localOf;

    public LayerwiseEmbedder(HeteroGraph graph) {
        this(graph, DEFAULT_PASS_NODES, DEFAULT_PASS_EDGES);
    }

    public LayerwiseEmbedder(HeteroGraph graph, int passNodes, int passEdges) {
        if (passNodes < 1 || passEdges < 1) {
            throw new IllegalArgumentException(
                    "passNodes and passEdges must be at least 1; got " + passNodes + " and " + passEdges);
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

    /** A pass: nodes of one type whose states a layer computes together, from their in-neighbours. */
    public record Pass(String type, int[] nodes) implements Serializable {}

    /** What the embeddings of exact inference are described as (a deployment's, the batch job's). */
    public static final String DESCRIPTION = "none: exact inference, every in-neighbour at every layer";

    /**
     * The passes every layer runs, type after type (graph order): fixed by the graph alone, so a
     * driver and its executors that build it on the same graph agree on it.
     */
    public List<Pass> plan() {
        List<Pass> passes = new ArrayList<>();
        for (String type : graph.nodeTypes()) {
            int[] order = visitOrder(type);
            for (int from = 0; from < order.length; ) {
                int to = passEnd(type, order, from);
                passes.add(new Pass(type, Arrays.copyOfRange(order, from, to)));
                from = to;
            }
        }
        return passes;
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
        List<Map<String, float[]>> states = new ArrayList<>();
        run(encoder, scope, progress, states::add);
        return states;
    }

    /**
     * The last layer's states of every node, as {@link #embedAll} computes them, streamed layer by
     * layer: only the states of the layer below and of the layer being computed are held at once
     * (two {@code nodes x width} tables), however many layers the encoder has, plus one pass's
     * arrays (bounded by {@code passNodes} and {@code passEdges}).
     *
     * @return per node type (graph order), {@code numNodes x width} row-major by node id
     */
    public Map<String, float[]> embedLast(GraphEncoder encoder, NDManager scope, NodeEmbedder.Progress progress) {
        return run(encoder, scope, progress, layer -> {});
    }

    /**
     * Computes the layers in order, handing each layer's states to {@code done} once computed;
     * returns the last layer's.
     */
    private Map<String, float[]> run(
            GraphEncoder encoder,
            NDManager scope,
            NodeEmbedder.Progress progress,
            Consumer<Map<String, float[]>> done) {
        int layers = encoder.layers().size();
        long total = graph.totalNodes() * layers;
        long computed = 0;
        List<Pass> plan = plan();
        Map<String, float[]> below = null;
        for (int layer = 0; layer < layers; layer++) {
            Map<String, float[]> out = new LinkedHashMap<>();
            for (Pass pass : plan) {
                place(out, pass, runPass(encoder, layer, below, pass, scope));
                computed += pass.nodes().length;
                progress.embedded(computed, total);
            }
            graph.nodeTypes().forEach(type -> out.putIfAbsent(type, new float[0]));
            done.accept(out);
            below = out;
        }
        return below;
    }

    /**
     * Copies a pass's states ({@link #runPass}) into the per-type tables {@code tables} (row-major
     * by node id), creating a type's table at its first pass.
     */
    public void place(Map<String, float[]> tables, Pass pass, float[] rows) {
        int[] nodes = pass.nodes();
        int width = rows.length / nodes.length;
        float[] table =
                tables.computeIfAbsent(pass.type(), t -> new float[Math.multiplyExact(graph.numNodes(t), width)]);
        for (int i = 0; i < nodes.length; i++) {
            System.arraycopy(rows, i * width, table, nodes[i] * width, width);
        }
    }

    /**
     * The states after layer {@code layer} of the pass's nodes, row-major in their order.
     *
     * @param below every node's states after the layer before, per type (null for the first layer,
     *     which starts from the encoder's inputs)
     */
    public float[] runPass(GraphEncoder encoder, int layer, Map<String, float[]> below, Pass pass, NDManager scope) {
        if (localOf == null) {
            localOf = newLocalIndex();
        }
        return runPass(encoder, encoder.layers().get(layer), below, pass.type(), pass.nodes(), localOf, scope);
    }

    /**
     * The nodes of {@code type} in the order passes take them: by the smallest hash of their
     * in-neighbours (then by id), so that nodes sharing in-neighbours tend to share a pass, where
     * those neighbours' states are read and projected once for all of them. Only the work depends
     * on the order, not the states.
     */
    private int[] visitOrder(String type) {
        List<RelationType> into = graph.relationsInto(type);
        List<String> types = graph.nodeTypes();
        long[] keys = new long[graph.numNodes(type)];
        for (int v = 0; v < keys.length; v++) {
            long smallest = Integer.MAX_VALUE;
            for (RelationType r : into) {
                CsrAdjacency in = inNeighbours(graph, r);
                long sourceType = types.indexOf(r.source());
                int[] targets = in.targetArray();
                for (int e = in.rowStart(v); e < in.rowEnd(v); e++) {
                    smallest = Math.min(smallest, mix(sourceType << 32 | targets[e]) >>> 33);
                }
            }
            keys[v] = smallest << 32 | v;
        }
        Arrays.sort(keys);
        int[] order = new int[keys.length];
        for (int i = 0; i < keys.length; i++) {
            order[i] = (int) keys[i];
        }
        return order;
    }

    /** Stafford's "variant 13" 64-bit finaliser: a fixed hash spreading nearby ids. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private int[][] newLocalIndex() {
        int[][] localOf = new int[graph.nodeTypes().size()][];
        for (int t = 0; t < localOf.length; t++) {
            localOf[t] = new int[graph.numNodes(graph.nodeTypes().get(t))];
            Arrays.fill(localOf[t], -1);
        }
        return localOf;
    }

    /** The end (exclusive, in {@code order}) of the pass of {@code type} that starts at {@code order[from]}. */
    private int passEnd(String type, int[] order, int from) {
        List<CsrAdjacency> in = graph.relationsInto(type).stream()
                .map(r -> inNeighbours(graph, r))
                .toList();
        long edges = 0;
        int to = from;
        while (to < order.length && to - from < passNodes) {
            long degree = 0;
            for (CsrAdjacency a : in) {
                degree += a.degree(order[to]);
            }
            if (to > from && edges + degree > passEdges) {
                break;
            }
            edges += degree;
            to++;
        }
        return to;
    }

    /** Layer states of {@code nodes} of {@code type}, row-major in their order. */
    private float[] runPass(
            GraphEncoder encoder,
            EncoderLayer layer,
            Map<String, float[]> below,
            String type,
            int[] nodes,
            int[][] localOf,
            NDManager scope) {
        Subgraph pass = passSubgraph(type, nodes, localOf);
        try (NDManager passScope = scope.newSubManager()) {
            GraphBatch batch = new GraphBatch(passScope, graph, pass);
            Map<String, NDArray> input =
                    below == null ? encoder.inputStates(batch, false) : gather(below, pass, passScope);
            NDArray out = layer.forward(batch, input, false).get(type);
            return out.get("0:" + nodes.length).toFloatArray();
        }
    }

    /**
     * {@code nodes} of {@code type} first (local ids {@code 0..}), then their in-neighbours, and
     * the edges into the first ones only.
     */
    private Subgraph passSubgraph(String type, int[] destinations, int[][] localOf) {
        List<String> types = graph.nodeTypes();
        List<IntList> nodes = new ArrayList<>();
        types.forEach(t -> nodes.add(new IntList()));
        int typeIndex = types.indexOf(type);
        for (int id : destinations) {
            localOf[typeIndex][id] = nodes.get(typeIndex).add(id);
        }
        Map<RelationType, EdgeList> edges = new LinkedHashMap<>();
        for (RelationType r : graph.relationsInto(type)) {
            CsrAdjacency in = inNeighbours(graph, r);
            int s = types.indexOf(r.source());
            IntList src = new IntList();
            IntList dst = new IntList();
            int[] targets = in.targetArray();
            for (int d = 0; d < destinations.length; d++) {
                for (int e = in.rowStart(destinations[d]); e < in.rowEnd(destinations[d]); e++) {
                    int u = targets[e];
                    if (localOf[s][u] < 0) {
                        localOf[s][u] = nodes.get(s).add(u);
                    }
                    src.add(localOf[s][u]);
                    dst.add(d);
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
