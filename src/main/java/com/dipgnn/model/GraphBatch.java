package com.dipgnn.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeFeatures;
import com.dipgnn.graph.RelationType;
import com.dipgnn.sampling.EdgeList;
import com.dipgnn.sampling.Subgraph;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A sampled subgraph moved to the device: input features per node type, edge indices per
 * relation and the per-destination-type {@link InEdges}; the nodes' embedding-table rows and
 * structural inputs come from its {@link NodeOrigins}. Every array lives in the manager given at
 * construction (one per training step), so closing that manager frees the batch.
 */
public final class GraphBatch {

    private final NDManager manager;
    private final Subgraph subgraph;
    private final NodeOrigins origins;
    private final Map<String, NDArray> structural = new HashMap<>();
    private final Map<String, Integer> counts = new LinkedHashMap<>();
    private final Map<String, NDArray> inputs = new LinkedHashMap<>();
    private final Map<RelationType, RelationEdges> relationEdges = new LinkedHashMap<>();
    private final Map<String, InEdges> inEdges = new HashMap<>();
    private final Map<String, InEdges> inEdgesWithSelfLoops = new HashMap<>();
    private final Map<RelationType, NormalisedAdjacency> normalised = new HashMap<>();

    /**
     * @param manager the step's manager; the batch's arrays are attached to it
     * @param graph the graph the subgraph was sampled from (for node features)
     * @param subgraph the sampled nodes and edges
     */
    public GraphBatch(NDManager manager, HeteroGraph graph, Subgraph subgraph) {
        this(manager, graph, subgraph, NodeOrigins.of(graph, subgraph));
    }

    /**
     * A batch whose nodes' table rows and structural inputs come from {@code origins} (a new node in
     * serving, in a graph of its own).
     *
     * @param graph the graph holding the subgraph's node features
     */
    public GraphBatch(NDManager manager, HeteroGraph graph, Subgraph subgraph, NodeOrigins origins) {
        this.manager = manager;
        this.subgraph = subgraph;
        this.origins = origins;
        for (String type : graph.nodeTypes()) {
            int[] ids = subgraph.nodes(type);
            if (ids.length == 0) {
                continue;
            }
            counts.put(type, ids.length);
            NodeFeatures features = graph.nodes(type).features();
            if (features != null) {
                inputs.put(type, manager.create(features.gather(ids), new Shape(ids.length, features.dim())));
            }
        }
        for (Map.Entry<RelationType, EdgeList> e : subgraph.edgeMap().entrySet()) {
            RelationType r = e.getKey();
            if (e.getValue().size() > 0 && counts.containsKey(r.source()) && counts.containsKey(r.target())) {
                relationEdges.put(r, toDevice(r, r.source(), r.target(), e.getValue()));
            }
        }
    }

    private RelationEdges toDevice(RelationType r, String sourceType, String targetType, EdgeList edges) {
        return new RelationEdges(
                r,
                sourceType,
                targetType,
                GraphOps.index(manager, edges.src()),
                GraphOps.index(manager, edges.dst()),
                edges.dst());
    }

    public NDManager manager() {
        return manager;
    }

    public Subgraph subgraph() {
        return subgraph;
    }

    /** Node types with at least one node in this batch. */
    public List<String> nodeTypes() {
        return List.copyOf(counts.keySet());
    }

    public int numNodes(String type) {
        return counts.getOrDefault(type, 0);
    }

    /** Input features of the type, shape (nodes, featureDim), or null for a featureless type. */
    public NDArray input(String type) {
        return inputs.get(type);
    }

    /** Rows of the type's nodes in its per-node embedding table, in local order (-1: none). */
    public int[] tableRows(String type) {
        return origins.tableRows(type);
    }

    /**
     * Structural inputs of the type's nodes, shape (nodes, relations.size()): log(1 + degree) along
     * each relation (computed once per type and batch).
     */
    public NDArray structural(String type, List<RelationType> relations) {
        return structural.computeIfAbsent(
                type, t -> manager.create(origins.structural(t, relations), new Shape(numNodes(t), relations.size())));
    }

    /**
     * Replaces the input features of a featured type (pre-training hides or corrupts some rows).
     *
     * @param features shape (nodes of the type in this batch, feature width)
     */
    public void replaceInput(String type, NDArray features) {
        NDArray current = inputs.get(type);
        if (current == null || !current.getShape().equals(features.getShape())) {
            throw new IllegalArgumentException("cannot replace the inputs of type '" + type + "' with shape "
                    + features.getShape() + ": the batch holds " + (current == null ? "none" : current.getShape()));
        }
        inputs.put(type, features);
    }

    /** Device edges of the relation, or null when the batch has none. */
    public RelationEdges edges(RelationType relation) {
        return relationEdges.get(relation);
    }

    public int totalEdges() {
        return relationEdges.values().stream().mapToInt(RelationEdges::size).sum();
    }

    /**
     * All edges into nodes of {@code type}, over every relation, plus one self loop per node
     * when {@code selfLoops}; null when there are none.
     */
    public InEdges inEdges(String type, boolean selfLoops) {
        Map<String, InEdges> cache = selfLoops ? inEdgesWithSelfLoops : inEdges;
        return cache.computeIfAbsent(type, t -> buildInEdges(t, selfLoops));
    }

    private InEdges buildInEdges(String type, boolean selfLoops) {
        List<RelationEdges> into = new ArrayList<>();
        for (RelationEdges r : relationEdges.values()) {
            if (r.targetType().equals(type)) {
                into.add(r);
            }
        }
        if (selfLoops && numNodes(type) > 0) {
            int n = numNodes(type);
            int[] ids = new int[n];
            for (int i = 0; i < n; i++) {
                ids[i] = i;
            }
            into.add(new RelationEdges(
                    null, type, type, GraphOps.index(manager, ids), GraphOps.index(manager, ids), ids));
        }
        return into.isEmpty() ? null : new InEdges(manager, type, numNodes(type), into, logitOffsets(into));
    }

    /**
     * Per edge of {@code into} (in order), the log of how many in-neighbours it stands for where the
     * sampler thinned its target's neighbourhood ({@link Subgraph#neighbourScale}), 0 elsewhere and
     * on self loops; null when nothing was thinned. Added to attention logits, it weighs the drawn
     * in-neighbours as the whole neighbourhood: exp(s + log c) = c exp(s), the softmax's sum over
     * all in-neighbours estimated from the drawn ones, so a node's own share matches exact inference.
     */
    private NDArray logitOffsets(List<RelationEdges> into) {
        int total = into.stream().mapToInt(RelationEdges::size).sum();
        float[] offsets = null;
        int at = 0;
        for (RelationEdges r : into) {
            float[] scale = r.relation() == null ? null : subgraph.neighbourScale(r.relation());
            if (scale != null) {
                offsets = offsets == null ? new float[total] : offsets;
                for (int e = 0; e < r.size(); e++) {
                    offsets[at + e] = (float) Math.log(scale[r.dstHost()[e]]);
                }
            }
            at += r.size();
        }
        return offsets == null ? null : manager.create(offsets);
    }

    /**
     * The relation's edges as a symmetric-normalised sparse matrix ({@link NormalisedAdjacency}),
     * built on first use; null when the batch has none of its edges.
     */
    NormalisedAdjacency normalisedAdjacency(RelationType relation) {
        if (!relationEdges.containsKey(relation)) {
            return null;
        }
        return normalised.computeIfAbsent(
                relation,
                r -> NormalisedAdjacency.of(
                        manager,
                        r,
                        subgraph.edgeMap().get(r),
                        numNodes(r.target()),
                        numNodes(r.source()),
                        origins.degrees(r.source(), r),
                        subgraph.neighbourScale(r)));
    }
}
