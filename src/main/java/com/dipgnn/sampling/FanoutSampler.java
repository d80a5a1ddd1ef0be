package com.dipgnn.sampling;

import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.WeakHashMap;

/**
 * Fixed fan-out neighbourhood sampling (GraphSAGE, PinSage): the computation graph of an
 * {@code L}-layer encoder around the seeds, with at most {@code fanouts[l]} in-neighbours per node
 * and relation at hop {@code l + 1}.
 *
 * <p>Hop 0 is the seeds. Each node of hop {@code l} draws, along every relation into its type,
 * {@code fanouts[l]} of its in-neighbours uniformly without replacement (all of them when it has
 * fewer); the drawn edges are kept, and the drawn nodes not sampled before form hop {@code l + 1}.
 * A node is expanded once, at the first hop it appears in. The subgraph holds the sampled nodes
 * (seeds first in the order given, then each new node in the order drawn) and only the drawn edges,
 * not the subgraph they induce, so a step's size is bounded by the seeds and the fan-outs: at most
 * {@code seeds × (1 + R f1 + R² f1 f2 + ...)} nodes for {@code R} relations into a type, whatever
 * the graph's size. Every per-step structure is sized by what is sampled (hash sets of the frontier,
 * Floyd's draw of {@code f} positions); nothing per step is allocated per node of the graph.
 *
 * <p>The sampler sees only the graph it is given: passed a link split's training structure, it
 * never returns a held-out edge. In-neighbours are read from each relation's transpose, built once
 * per graph and cached (weakly). Thread-safe; deterministic for a given {@code rng} state.
 * Left: PinSage's random-walk importance (visit counts) instead of the uniform draw.
 */
public final class FanoutSampler implements SubgraphSampler {

    /** The default fan-outs, one per encoder layer of the default two-layer model. */
    public static final List<Integer> DEFAULT_FANOUTS = List.of(10, 10);

    private final List<Integer> fanouts;
    private final Map<HeteroGraph, Map<RelationType, CsrAdjacency>> inAdjacency =
            Collections.synchronizedMap(new WeakHashMap<>());

    /**
     * @param fanouts in-neighbours drawn per node and relation at each hop, the seeds' first
     * @throws IllegalArgumentException when empty or a fan-out is below 1
     */
    public FanoutSampler(List<Integer> fanouts) {
        this.fanouts = checked(fanouts);
    }

    /** {@code fanouts} when each is at least 1 and there is at least one. */
    public static List<Integer> checked(List<Integer> fanouts) {
        if (fanouts == null || fanouts.isEmpty()) {
            throw new IllegalArgumentException("fan-outs need at least one layer (e.g. 10,10)");
        }
        for (Integer f : fanouts) {
            if (f == null || f < 1) {
                throw new IllegalArgumentException("each fan-out must be at least 1; got " + fanouts);
            }
        }
        return List.copyOf(fanouts);
    }

    public List<Integer> fanouts() {
        return fanouts;
    }

    @Override
    public Subgraph sample(HeteroGraph graph, Map<String, int[]> seeds, Random rng) {
        SeedCheck.requireKnownTypes(graph, seeds);
        Map<String, IntOrderedSet> sampled = new LinkedHashMap<>();
        Map<String, int[]> frontier = new LinkedHashMap<>();
        for (Map.Entry<String, int[]> e : seeds.entrySet()) {
            sampled.put(e.getKey(), SeedCheck.startWith(graph, e.getKey(), e.getValue()));
            frontier.put(e.getKey(), e.getValue().clone());
        }
        Map<RelationType, DrawnEdges> drawn = new LinkedHashMap<>();
        for (int hop = 0; hop < fanouts.size() && !frontier.isEmpty(); hop++) {
            frontier = expand(graph, frontier, fanouts.get(hop), sampled, drawn, rng);
        }
        Map<String, int[]> nodes = new LinkedHashMap<>();
        sampled.forEach((type, set) -> nodes.put(type, set.toArray()));
        Map<RelationType, EdgeList> edges = new LinkedHashMap<>();
        Map<RelationType, float[]> scales = new LinkedHashMap<>();
        drawn.forEach((relation, d) -> {
            EdgeList drawnEdges = EdgeList.sorted(d.src.toArray(), d.dst.toArray());
            edges.put(relation, drawnEdges);
            float[] scale = neighbourScale(inAdjacency(graph, relation), nodes.get(relation.target()), drawnEdges);
            if (scale != null) {
                scales.put(relation, scale);
            }
        });
        return new Subgraph(nodes, edges, scales);
    }

    /** Draws the in-neighbours of one hop's nodes; returns the nodes first sampled there. */
    private Map<String, int[]> expand(
            HeteroGraph graph,
            Map<String, int[]> frontier,
            int fanout,
            Map<String, IntOrderedSet> sampled,
            Map<RelationType, DrawnEdges> drawn,
            Random rng) {
        Map<String, Subgraph.IntBuffer> next = new LinkedHashMap<>();
        IntOrderedSet positions = new IntOrderedSet(fanout);
        for (Map.Entry<String, int[]> e : frontier.entrySet()) {
            String type = e.getKey();
            for (RelationType relation : graph.relationsInto(type)) {
                CsrAdjacency in = inAdjacency(graph, relation);
                int[] sources = in.targetArray();
                IntOrderedSet sourceSet =
                        sampled.computeIfAbsent(relation.source(), t -> new IntOrderedSet(fanout * 4));
                IntOrderedSet targetSet = sampled.get(type);
                DrawnEdges edges = drawn.computeIfAbsent(relation, r -> new DrawnEdges());
                for (int v : e.getValue()) {
                    int from = in.rowStart(v);
                    int degree = in.rowEnd(v) - from;
                    int dstLocal = targetSet.indexOf(v);
                    drawPositions(degree, fanout, positions, rng);
                    for (int k = 0; k < positions.size(); k++) {
                        int u = sources[from + positions.get(k)];
                        if (sourceSet.add(u)) {
                            next.computeIfAbsent(relation.source(), t -> new Subgraph.IntBuffer())
                                    .add(u);
                        }
                        edges.src.add(sourceSet.indexOf(u));
                        edges.dst.add(dstLocal);
                    }
                }
            }
        }
        Map<String, int[]> out = new LinkedHashMap<>();
        next.forEach((type, buffer) -> out.put(type, buffer.toArray()));
        return out;
    }

    /**
     * Leaves in {@code positions} {@code min(fanout, degree)} distinct positions in {@code
     * 0..degree-1}: all of them in order when {@code degree <= fanout}, else a uniform draw without
     * replacement (Floyd's algorithm, {@code fanout} random numbers whatever the degree).
     */
    static void drawPositions(int degree, int fanout, IntOrderedSet positions, Random rng) {
        positions.clear();
        if (degree <= fanout) {
            for (int p = 0; p < degree; p++) {
                positions.add(p);
            }
            return;
        }
        for (int j = degree - fanout; j < degree; j++) {
            int t = rng.nextInt(j + 1);
            if (!positions.add(t)) {
                positions.add(j);
            }
        }
    }

    private CsrAdjacency inAdjacency(HeteroGraph graph, RelationType relation) {
        Map<RelationType, CsrAdjacency> transposes =
                inAdjacency.computeIfAbsent(graph, g -> Collections.synchronizedMap(new LinkedHashMap<>()));
        return transposes.computeIfAbsent(relation, r -> graph.adjacency(r).transpose());
    }

    /** The edges drawn along one relation, in local ids. */
    private static final class DrawnEdges {
        private final Subgraph.IntBuffer src = new Subgraph.IntBuffer();
        private final Subgraph.IntBuffer dst = new Subgraph.IntBuffer();
    }

    /**
     * Per local target, its in-degree along the relation over the in-edges drawn into it (1 where
     * none was left out or none was drawn: a node not expanded has no in-edges here); null when no
     * target was thinned. A node is expanded once, so its drawn in-edges are all of one draw.
     */
    private static float[] neighbourScale(CsrAdjacency in, int[] targets, EdgeList drawn) {
        int[] count = new int[targets.length];
        for (int t : drawn.dst()) {
            count[t]++;
        }
        float[] scale = null;
        for (int t = 0; t < targets.length; t++) {
            int degree = in.rowEnd(targets[t]) - in.rowStart(targets[t]);
            if (count[t] > 0 && degree > count[t]) {
                if (scale == null) {
                    scale = new float[targets.length];
                    Arrays.fill(scale, 1f);
                }
                scale[t] = (float) degree / count[t];
            }
        }
        return scale;
    }

    @Override
    public String toString() {
        return "FanoutSampler" + fanouts;
    }
}
