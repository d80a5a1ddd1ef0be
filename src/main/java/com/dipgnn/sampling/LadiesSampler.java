package com.dipgnn.sampling;

import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.WeakHashMap;

/**
 * LADIES, layer-dependent importance sampling (Zou et al. 2019), for homogeneous graphs (one node
 * type; all its relations together form one adjacency {@code A}).
 *
 * <p>Layer 0 is the seeds. The candidates of layer {@code l+1} are the neighbours of layer
 * {@code l}'s nodes under {@code A + I} (so a layer's own nodes are candidates too), and a
 * candidate {@code u} is drawn with probability proportional to
 * {@code ||Q P[:, u]||^2 = sum over v in layer l adjacent to u of 1 / (deg(v) deg(u))}, where
 * {@code P} is the normalized adjacency with self loops and {@code deg} counts the self loop.
 * Each layer draws {@code width} distinct nodes (all candidates when fewer), for {@code depth}
 * layers; the result is the subgraph induced by the union of all layers: the seeds first in the
 * order given, then each newly drawn node in the order drawn.
 *
 * <p>Thread-safe. The merged adjacency of a graph with several relations is built once per graph
 * and cached (weakly).
 */
public final class LadiesSampler implements NodeSetSampler {

    private final SamplingConfig config;
    private final Map<HeteroGraph, CsrAdjacency> mergedAdjacency = Collections.synchronizedMap(new WeakHashMap<>());

    public LadiesSampler(SamplingConfig config) {
        this.config = Objects.requireNonNull(config, "config");
    }

    @Override
    public SamplingConfig config() {
        return config;
    }

    /** The sampled nodes of the graph's only node type, seeds first; no edges. */
    @Override
    public Map<String, int[]> sampleNodes(HeteroGraph graph, Map<String, int[]> seeds, Random rng) {
        String type = requireHomogeneous(graph);
        SeedCheck.requireKnownTypes(graph, seeds);
        IntOrderedSet sampled = SeedCheck.startWith(graph, type, seeds.getOrDefault(type, new int[0]));
        CsrAdjacency adjacency = mergedAdjacency.computeIfAbsent(graph, LadiesSampler::merge);
        int[] layer = sampled.toArray();
        for (int l = 0; l < config.depth() && layer.length > 0; l++) {
            layer = nextLayer(adjacency, layer, rng);
            for (int node : layer) {
                sampled.add(node);
            }
        }
        return Map.of(type, sampled.toArray());
    }

    private int[] nextLayer(CsrAdjacency adjacency, int[] layer, Random rng) {
        IntDoubleMap candidates = new IntDoubleMap(layer.length * 8);
        int[] targets = adjacency.targetArray();
        for (int v : layer) {
            double share = 1.0 / degreeWithSelfLoop(adjacency, v);
            for (int e = adjacency.rowStart(v); e < adjacency.rowEnd(v); e++) {
                candidates.add(targets[e], share);
            }
            if (!adjacency.hasEdge(v, v)) {
                candidates.add(v, share);
            }
        }
        int[] nodes = candidates.keys();
        double[] weights = candidates.values();
        for (int i = 0; i < nodes.length; i++) {
            weights[i] /= degreeWithSelfLoop(adjacency, nodes[i]);
        }
        int[] drawn = WeightedDraw.withoutReplacement(weights, config.width(), rng);
        int[] next = new int[drawn.length];
        for (int i = 0; i < drawn.length; i++) {
            next[i] = nodes[drawn[i]];
        }
        return next;
    }

    private static int degreeWithSelfLoop(CsrAdjacency adjacency, int node) {
        return adjacency.degree(node) + (adjacency.hasEdge(node, node) ? 0 : 1);
    }

    private static String requireHomogeneous(HeteroGraph graph) {
        if (!graph.isHomogeneous()) {
            throw new IllegalArgumentException("LADIES samples homogeneous graphs (one node type), but graph '"
                    + graph.name() + "' has node types " + graph.nodeTypes()
                    + "; use HgSampler (Samplers.forGraph picks the right sampler)");
        }
        return graph.nodeTypes().get(0);
    }

    /** All relations of a homogeneous graph as one adjacency (duplicate edges merged). */
    private static CsrAdjacency merge(HeteroGraph graph) {
        List<RelationType> relations = graph.relationTypes();
        int n = graph.numNodes(graph.nodeTypes().get(0));
        if (relations.size() == 1) {
            return graph.adjacency(relations.get(0));
        }
        long total = 0;
        for (RelationType r : relations) {
            total += graph.adjacency(r).numEdges();
        }
        if (total > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("graph '" + graph.name() + "' has " + total
                    + " edges over all relations, too many to merge into one adjacency for LADIES");
        }
        int[] src = new int[(int) total];
        int[] dst = new int[(int) total];
        int k = 0;
        for (RelationType r : relations) {
            CsrAdjacency a = graph.adjacency(r);
            int[] targets = a.targetArray();
            for (int s = 0; s < n; s++) {
                for (int e = a.rowStart(s); e < a.rowEnd(s); e++) {
                    src[k] = s;
                    dst[k++] = targets[e];
                }
            }
        }
        return CsrAdjacency.fromEdges(n, n, src, dst, null);
    }

    @Override
    public String toString() {
        return "LadiesSampler[depth=" + config.depth() + ", width=" + config.width() + "]";
    }
}
