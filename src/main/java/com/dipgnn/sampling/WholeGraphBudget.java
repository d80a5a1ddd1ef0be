package com.dipgnn.sampling;

import com.dipgnn.graph.HeteroGraph;
import java.util.Locale;

/**
 * When a training step may take the whole graph instead of a sampled subgraph: the graph has at
 * most {@code maxNodes} nodes, and the per-edge arrays of one whole-graph step stay within
 * {@code maxEdgeBytes}.
 *
 * <p>A whole-graph step holds arrays of (message-passing edges × hidden width) floats in every
 * layer of every encoder until the backward pass (gathered keys, queries and values, their
 * products, and their gradients), so its memory grows with the edge count, whatever the node count.
 * The estimate is edges × hidden × layers × encoders × {@link #BYTES_PER_EDGE_UNIT}. The node bound
 * alone let a graph of few nodes and many edges (or a wide model on Gowalla: 1.54M edges × 400 × 3
 * layers, about 44 GB) take the whole graph and be killed for memory, taking every job in the
 * process with it.
 *
 * @param maxNodes     graphs with more nodes are sampled
 * @param maxEdgeBytes graphs whose estimated per-edge memory for one step is larger are sampled
 */
public record WholeGraphBudget(long maxNodes, long maxEdgeBytes) {

    /**
     * Resident bytes a whole-graph step adds per (edge × hidden unit × layer × encoder), about six
     * floats: measured on MovieLens-100K's training structure (about 172,000 message-passing edges,
     * HGT × 4 heads), 23.0 and 24.7 from hidden 64 to 256 to 512 at 2 layers (peak resident 1.41,
     * 2.93 and 5.11 GB) and 19.7 and 21.5 per added layer (docs/results/whole-graph-memory).
     */
    public static final int BYTES_PER_EDGE_UNIT = 24;

    /** 8 GiB of per-edge arrays: Gowalla with HGT 2 × 64 (the recommendation default until 2026-11-27; GAT now) is 4.7 GB. */
    public static final long DEFAULT_MAX_EDGE_BYTES = 8L << 30;

    public WholeGraphBudget {
        if (maxNodes < 0 || maxEdgeBytes < 0) {
            throw new IllegalArgumentException(
                    "whole-graph bounds must not be negative (got " + maxNodes + " nodes, " + maxEdgeBytes + " bytes)");
        }
    }

    /**
     * A configured memory bound as the configuration records keep it: {@code maxBytes}, or
     * {@link #DEFAULT_MAX_EDGE_BYTES} where it is null (a record written before the bound existed).
     *
     * @throws IllegalArgumentException when it is negative
     */
    public static long checkedMaxBytes(Long maxBytes) {
        long bytes = maxBytes == null ? DEFAULT_MAX_EDGE_BYTES : maxBytes;
        if (bytes < 0) {
            throw new IllegalArgumentException("the whole-graph memory bound must not be negative (got " + bytes
                    + " bytes); 0 samples subgraphs at every step");
        }
        return bytes;
    }

    /** The node bound with the default per-edge memory bound. */
    public static WholeGraphBudget ofNodes(long maxNodes) {
        return new WholeGraphBudget(maxNodes, DEFAULT_MAX_EDGE_BYTES);
    }

    /**
     * The estimated bytes of per-edge arrays one whole-graph step of {@code encoders} encoders of
     * {@code layers} × {@code hidden} holds on {@code graph}.
     */
    public static long edgeBytes(HeteroGraph graph, int hidden, int layers, int encoders) {
        double bytes = (double) graph.totalEdges() * hidden * layers * encoders * BYTES_PER_EDGE_UNIT;
        return bytes >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) bytes;
    }

    /** Whether a step of {@code encoders} encoders of {@code layers} × {@code hidden} may take the whole graph. */
    public boolean allows(HeteroGraph graph, int hidden, int layers, int encoders) {
        return graph.totalNodes() <= maxNodes && edgeBytes(graph, hidden, layers, encoders) <= maxEdgeBytes;
    }

    /** The whole graph when {@link #allows allowed}, else the sampler {@code sampling} configures. */
    public SubgraphSampler samplerFor(
            HeteroGraph graph, SamplingConfig sampling, int hidden, int layers, int encoders) {
        return allows(graph, hidden, layers, encoders) ? new FullGraphSampler() : Samplers.forGraph(graph, sampling);
    }

    /** Why {@link #allows} decided as it did on {@code graph}, in words, for the run's log. */
    public String explain(HeteroGraph graph, int hidden, int layers, int encoders) {
        return (allows(graph, hidden, layers, encoders) ? "the whole graph: " : "sampled subgraphs: ")
                + figures(graph, hidden, layers, encoders);
    }

    /**
     * The figures {@link #allows} compares, without its verdict, for a caller that adds bounds of
     * its own: the graph's nodes and edges, the estimated per-edge bytes and the two bounds.
     */
    public String figures(HeteroGraph graph, int hidden, int layers, int encoders) {
        return String.format(
                Locale.ROOT,
                "%,d nodes and %,d message-passing edges; a whole-graph step would hold "
                        + "about %.1f GB of per-edge arrays (%s)",
                graph.totalNodes(),
                graph.totalEdges(),
                edgeBytes(graph, hidden, layers, encoders) / 1e9,
                bounds());
    }

    /** The two bounds in words: {@code bounds: at most 5,000 nodes and 8.6 GB}, or that a node bound of 0 turns whole-graph steps off. */
    String bounds() {
        if (maxNodes == 0) {
            return "whole-graph steps are off: the node bound is 0";
        }
        return String.format(Locale.ROOT, "bounds: at most %,d nodes and %.1f GB", maxNodes, maxEdgeBytes / 1e9);
    }
}
