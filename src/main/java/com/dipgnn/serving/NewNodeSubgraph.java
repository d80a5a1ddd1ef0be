package com.dipgnn.serving;

import static com.dipgnn.serving.InvalidInferenceRequestException.Reason;

import com.dipgnn.graph.DenseFeatures;
import com.dipgnn.graph.FeaturePreprocessing;
import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeFeatures;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.StepRandom;
import com.dipgnn.model.NodeOrigins;
import com.dipgnn.sampling.EdgeList;
import com.dipgnn.sampling.Subgraph;
import com.dipgnn.sampling.SubgraphSampler;
import com.dipgnn.text.TextInputs;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A small graph around a {@link NewNode} for one inductive forward pass, built without copying the
 * deployed graph: the new node's given neighbours (and, for sampled inference, the neighbourhood
 * sampled around them) renumbered {@code 0..m-1} per type into a graph of their own (features
 * only), the new node appended as the last node of its type, with an edge from each neighbour
 * along the relation that carries messages into its type.
 *
 * <p>The new node only receives messages: no edge leaves it, so the states of the existing nodes
 * are those of the deployed graph. Exact inference ({@link #exact}) reads the neighbours' states
 * of every layer from the deployment, so given the features and all in-neighbours of an existing
 * node the new node's embedding equals that node's up to float summation order. Sampled inference
 * ({@link #build}) re-encodes a neighbourhood sampled for the request, which agrees with the
 * deployed embedding only under a sampler that keeps every node within reach of the layers (full
 * graph, or depth at least the layer count with unbounded width) at deployment and here.
 *
 * <p>The local nodes keep their rows in the model's per-node embedding tables and their
 * structural inputs in the deployed graph; the new node has no row (it reads its type's unknown
 * vector) and its degrees are those of the edges it was sent with.
 */
final class NewNodeSubgraph {

    /** Random stream of inductive sampling (distinct from the chunk streams of the deployment). */
    private static final long STREAM = 0x1DC0DEL;

    private final HeteroGraph localGraph;
    private final Subgraph subgraph;
    private final int newNodeRow;
    /** Neighbour ids per relation leaving the new node's type, sorted (for excluding known links). */
    private final Map<RelationType, int[]> outgoing;
    /** Graph ids of the local nodes of each type, in local order, without the new node. */
    private final Map<String, int[]> graphIds;

    private final NodeOrigins origins;

    private NewNodeSubgraph(
            HeteroGraph localGraph,
            Subgraph subgraph,
            int newNodeRow,
            Map<RelationType, int[]> outgoing,
            Map<String, int[]> graphIds,
            NodeOrigins origins) {
        this.localGraph = localGraph;
        this.subgraph = subgraph;
        this.newNodeRow = newNodeRow;
        this.outgoing = outgoing;
        this.graphIds = graphIds;
        this.origins = origins;
    }

    /** The nodes' table rows and structural inputs (the new node: no row, degrees of its given edges). */
    NodeOrigins origins() {
        return origins;
    }

    HeteroGraph localGraph() {
        return localGraph;
    }

    Subgraph subgraph() {
        return subgraph;
    }

    /** The new node's local id (row) within its type. */
    int newNodeRow() {
        return newNodeRow;
    }

    /** Graph ids of the local nodes of {@code type}, in local order; the new node (the last of its type) has none. */
    int[] graphIds(String type) {
        return graphIds.getOrDefault(type, new int[0]);
    }

    /** The new node's given neighbours along a relation leaving its type, sorted; empty when none. */
    int[] neighboursAlong(RelationType relation) {
        return outgoing.getOrDefault(relation, new int[0]);
    }

    /**
     * Validates the node against the graph and builds its subgraph for sampled inference: the
     * neighbourhood of its neighbours sampled with {@code sampler}.
     *
     * @param graph the deployed graph (features already standardised or normalised as the model expects)
     * @param features how the graph's features were prepared, applied to the new node's likewise
     */
    static NewNodeSubgraph build(
            HeteroGraph graph,
            SubgraphSampler sampler,
            long seed,
            NewNode node,
            FeaturePreprocessing features,
            int maxBatch,
            TextInputs text) {
        Parsed p = parse(graph, node, features, maxBatch, text);
        return assemble(graph, sampler, seed, p.type(), p.features(), p.inbound(), p.outgoing());
    }

    /**
     * Validates the node against the graph and builds its subgraph for exact inference: its given
     * neighbours alone, whose states the deployment keeps for every layer, and the edges from them
     * into the new node ({@link #graphIds} maps the local rows back to the graph).
     *
     * @param graph the deployed graph (features already standardised or normalised as the model expects)
     * @param features how the graph's features were prepared, applied to the new node's likewise
     */
    static NewNodeSubgraph exact(
            HeteroGraph graph, NewNode node, FeaturePreprocessing features, int maxBatch, TextInputs text) {
        Parsed p = parse(graph, node, features, maxBatch, text);
        Map<String, int[]> neighbours = new LinkedHashMap<>();
        for (String t : graph.nodeTypes()) {
            neighbours.put(
                    t,
                    p.inbound().entrySet().stream()
                            .filter(e -> e.getKey().source().equals(t))
                            .map(Map.Entry::getValue)
                            .reduce(new int[0], NewNodeSubgraph::union));
        }
        return withNewNode(
                graph,
                p.type(),
                p.features(),
                neighbours,
                neighbours,
                new LinkedHashMap<>(),
                p.inbound(),
                p.outgoing());
    }

    /** A validated new node: its features as the model reads them and its neighbours per relation. */
    private record Parsed(
            String type, float[] features, Map<RelationType, int[]> inbound, Map<RelationType, int[]> outgoing) {}

    private static Parsed parse(
            HeteroGraph graph, NewNode node, FeaturePreprocessing preprocessing, int maxBatch, TextInputs text) {
        if (node == null) {
            throw Requests.invalid("node", Reason.MALFORMED, "the new node is missing");
        }
        Requests.requireType(graph, "type", node.type());
        float[] features = features(graph, node, preprocessing, text);
        Map<RelationType, int[]> inbound = new TreeMap<>(byGraphOrder(graph));
        Map<RelationType, int[]> outgoing = new LinkedHashMap<>();
        int total = 0;
        for (Map.Entry<String, int[]> e : node.neighbours().entrySet()) {
            String field = "neighbours." + e.getKey();
            RelationType r = Requests.relation(graph, field, e.getKey());
            RelationType in = inboundOf(graph, r, node.type(), field);
            int[] ids = e.getValue();
            Requests.requireIds(graph, field, in.source(), ids, maxBatch);
            total += ids.length;
            Requests.requireBatch("neighbours", total, maxBatch);
            inbound.merge(in, sortedDistinct(ids), NewNodeSubgraph::union);
            RelationType out = r.source().equals(node.type()) ? r : in.reverse();
            outgoing.merge(out, sortedDistinct(ids), NewNodeSubgraph::union);
        }
        return new Parsed(node.type(), features, inbound, outgoing);
    }

    /**
     * The new node's feature row as the model reads it, checked, then standardised or row-normalised
     * as the graph's rows were. For a type whose inputs include text, the row is the given features
     * followed by the columns derived from the node's text; without a text, the given features may
     * hold those columns already (the whole row), and a type with features of its own may leave them
     * empty (as for a text that holds none of the columns).
     */
    private static float[] features(
            HeteroGraph graph, NewNode node, FeaturePreprocessing preprocessing, TextInputs text) {
        NodeTable table = graph.nodes(node.type());
        int width = table.featureDim();
        int dataWidth = table.dataFeatureDim();
        boolean fromText = text != null && text.derivedTypes().contains(node.type());
        float[] given = node.features() == null ? new float[0] : node.features();
        if (node.text() != null && !fromText) {
            throw Requests.invalid(
                    "text",
                    Reason.NOT_SUPPORTED_BY_MODEL,
                    "the model reads the inputs of '"
                            + node.type() + "' nodes from " + width + " features, not from text"
                            + (text == null || text.derivedTypes().isEmpty()
                                    ? ""
                                    : "; types it reads text of: " + text.derivedTypes())
                            + "; send features instead");
        }
        if (fromText && node.text() == null && given.length == 0 && dataWidth == 0) {
            throw Requests.invalid(
                    "text",
                    Reason.MALFORMED,
                    "the model derives the inputs of '" + node.type()
                            + "' nodes from their text: send the new node's text");
        }
        boolean wholeRow = fromText && node.text() == null && given.length == width;
        if (given.length != dataWidth && !wholeRow) {
            throw Requests.invalid(
                    "features",
                    Reason.FEATURE_WIDTH,
                    "a node of type '" + node.type() + "' has "
                            + dataWidth + " features" + (dataWidth == 0 ? " (the type is featureless: send none)" : "")
                            + (fromText
                                    ? (dataWidth == 0
                                            ? "; its inputs are derived from its text: send its text instead"
                                            : "; beside them the model reads its text")
                                    : "")
                            + "; got " + given.length);
        }
        for (int j = 0; j < given.length; j++) {
            if (!Float.isFinite(given[j])) {
                throw Requests.invalid(
                        "features[" + j + "]",
                        Reason.MALFORMED,
                        "feature " + j + " is " + given[j] + "; features must be finite numbers");
            }
        }
        float[] row = fromText && !wholeRow ? withTextColumns(node, text, given, width) : given;
        return width == 0 ? row : preprocessing.applyRow(node.type(), row, dataWidth);
    }

    /**
     * The given features followed by the columns derived from the node's text (left empty when it
     * sends none, as for a text that holds none of the columns).
     */
    private static float[] withTextColumns(NewNode node, TextInputs text, float[] given, int width) {
        float[] row = Arrays.copyOf(given, width);
        if (node.text() != null) {
            text.fillRow(node.type(), text.tokenizer().encode(node.text()), row, given.length);
        }
        return row;
    }

    /**
     * The relation that carries messages from the neighbours into the new node's type: the given
     * relation when it enters the type, else its reverse (or itself, for a same-type relation
     * stored in both directions).
     */
    private static RelationType inboundOf(HeteroGraph graph, RelationType r, String type, String field) {
        if (r.source().equals(type)) {
            return graph.relationTypes().contains(r.reverse()) ? r.reverse() : r;
        }
        if (r.target().equals(type)) {
            return r;
        }
        throw Requests.invalid(
                field,
                Reason.UNKNOWN_RELATION,
                "relation " + r.key() + " does not touch node type '" + type + "'; relations of that type are "
                        + graph.relationsFrom(type).stream()
                                .map(RelationType::key)
                                .toList());
    }

    private static Comparator<RelationType> byGraphOrder(HeteroGraph graph) {
        List<RelationType> order = graph.relationTypes();
        return Comparator.comparingInt(order::indexOf);
    }

    private static int[] sortedDistinct(int[] ids) {
        return Arrays.stream(ids).sorted().distinct().toArray();
    }

    private static int[] union(int[] a, int[] b) {
        int[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return sortedDistinct(both);
    }

    private static NewNodeSubgraph assemble(
            HeteroGraph graph,
            SubgraphSampler sampler,
            long seed,
            String type,
            float[] features,
            Map<RelationType, int[]> inbound,
            Map<RelationType, int[]> outgoing) {
        Map<String, int[]> seeds = new LinkedHashMap<>();
        for (String t : graph.nodeTypes()) {
            int[] ids = inbound.entrySet().stream()
                    .filter(e -> e.getKey().source().equals(t))
                    .map(Map.Entry::getValue)
                    .reduce(new int[0], NewNodeSubgraph::union);
            if (ids.length > 0) {
                seeds.put(t, ids);
            }
        }
        Subgraph sampled = sampler.sample(graph, seeds, StepRandom.rngFor(seed, STREAM));
        return withNewNode(graph, type, features, sampled.nodeMap(), seeds, sampled.edgeMap(), inbound, outgoing);
    }

    /**
     * The local graph of {@code nodes} (graph ids per type, each type's {@code neighbours} first, sorted)
     * with the new node appended to its type, {@code edges} among them (local ids) and an edge from
     * each inbound neighbour into the new node.
     */
    private static NewNodeSubgraph withNewNode(
            HeteroGraph graph,
            String type,
            float[] features,
            Map<String, int[]> nodes,
            Map<String, int[]> neighbours,
            Map<RelationType, EdgeList> edges,
            Map<RelationType, int[]> inbound,
            Map<RelationType, int[]> outgoing) {
        int row = nodes.getOrDefault(type, new int[0]).length;
        GraphBuilder builder = new GraphBuilder("new-node");
        Map<String, int[]> localNodes = new LinkedHashMap<>();
        for (String t : graph.nodeTypes()) {
            int[] ids = nodes.getOrDefault(t, new int[0]);
            int count = ids.length + (t.equals(type) ? 1 : 0);
            builder.addNodes(table(graph, t, ids, count, t.equals(type) ? features : null));
            int[] local = new int[count];
            Arrays.setAll(local, i -> i);
            localNodes.put(t, local);
        }
        Map<RelationType, EdgeList> all = new LinkedHashMap<>(edges);
        for (Map.Entry<RelationType, int[]> e : inbound.entrySet()) {
            int[] sources = localIds(neighbours.get(e.getKey().source()), e.getValue());
            all.put(e.getKey(), appendInto(all.get(e.getKey()), sources, row));
        }
        return new NewNodeSubgraph(
                builder.build(),
                new Subgraph(localNodes, all),
                row,
                outgoing,
                nodes,
                origins(graph, nodes, type, outgoing));
    }

    /** Local nodes: their deployed ids and degrees; the new node, appended to its type: no row, its own degrees. */
    private static NodeOrigins origins(
            HeteroGraph graph, Map<String, int[]> nodes, String newType, Map<RelationType, int[]> outgoing) {
        return new NodeOrigins() {
            @Override
            public int[] tableRows(String type) {
                int[] ids = nodes.getOrDefault(type, new int[0]);
                if (!type.equals(newType)) {
                    return ids;
                }
                int[] rows = Arrays.copyOf(ids, ids.length + 1);
                rows[ids.length] = -1;
                return rows;
            }

            @Override
            public int[] degrees(String type, RelationType relation) {
                int[] existing = NodeOrigins.degrees(graph, relation, nodes.getOrDefault(type, new int[0]));
                if (!type.equals(newType)) {
                    return existing;
                }
                int[] all = Arrays.copyOf(existing, existing.length + 1);
                all[existing.length] = outgoing.getOrDefault(relation, new int[0]).length;
                return all;
            }
        };
    }

    /** A node table of the sampled nodes of a type, plus the new node's row when {@code newRow} is given. */
    private static NodeTable table(HeteroGraph graph, String type, int[] ids, int count, float[] newRow) {
        NodeFeatures features = graph.nodes(type).features();
        if (features == null) {
            return NodeTable.ofCount(type, count);
        }
        float[] values = Arrays.copyOf(features.gather(ids), count * features.dim());
        if (newRow != null) {
            System.arraycopy(newRow, 0, values, ids.length * features.dim(), features.dim());
        }
        return NodeTable.ofCount(type, count).withFeatures(new DenseFeatures(count, features.dim(), values));
    }

    /** Local ids of {@code ids} among the first nodes of their type (sorted: the seeds, or the neighbours). */
    private static int[] localIds(int[] seeds, int[] ids) {
        int[] local = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            local[i] = Arrays.binarySearch(seeds, ids[i]);
        }
        return local;
    }

    /**
     * Edges of {@code existing} plus one from each source to {@code target}; the target is the
     * largest local id of its type, so appending keeps the destination-then-source order.
     */
    private static EdgeList appendInto(EdgeList existing, int[] sources, int target) {
        int[] src = existing == null ? new int[0] : existing.src();
        int[] dst = existing == null ? new int[0] : existing.dst();
        int[] newSrc = Arrays.copyOf(src, src.length + sources.length);
        int[] newDst = Arrays.copyOf(dst, dst.length + sources.length);
        for (int i = 0; i < sources.length; i++) {
            newSrc[src.length + i] = sources[i];
            newDst[dst.length + i] = target;
        }
        return new EdgeList(newSrc, newDst);
    }
}
