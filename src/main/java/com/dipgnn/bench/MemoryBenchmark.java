package com.dipgnn.bench;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.synthetic.OagShapedConfig;
import com.dipgnn.graph.synthetic.SyntheticGraphs;

/**
 * Heap held by a graph of OAG-CS shape (1.1M nodes, 28.4M edges, 400-dim dense features on three
 * node types of about 300k nodes): measured as the growth of used heap after full collections,
 * and split into adjacency and feature bytes by the graph's own accounting.
 */
public final class MemoryBenchmark {

    /**
     * The figures.
     *
     * @param scale the graph's scale (1 = OAG-CS size)
     * @param nodes total nodes
     * @param inputEdges edges as generated (each reverse stored in addition)
     * @param storedEdges stored directed edges, reverses included
     * @param heapBytes measured heap growth holding the graph
     * @param adjacencyBytes bytes of CSR arrays (graph accounting)
     * @param featureBytes bytes of feature arrays (graph accounting)
     * @param maxHeapBytes the JVM's maximum heap
     * @param buildSeconds time to generate and build the graph
     */
    public record Report(
            double scale,
            long nodes,
            long inputEdges,
            long storedEdges,
            long heapBytes,
            long adjacencyBytes,
            long featureBytes,
            long maxHeapBytes,
            double buildSeconds) {

        /** Adjacency bytes per stored edge. */
        public double bytesPerStoredEdge() {
            return (double) adjacencyBytes / storedEdges;
        }

        /** Measured heap bytes per node, everything included. */
        public double heapBytesPerNode() {
            return (double) heapBytes / nodes;
        }

        /** Measured heap bytes per input edge, everything included. */
        public double heapBytesPerInputEdge() {
            return (double) heapBytes / inputEdges;
        }
    }

    private MemoryBenchmark() {}

    public static Report run(double scale) {
        long before = usedAfterGc();
        long t0 = System.nanoTime();
        HeteroGraph graph = SyntheticGraphs.oagShaped(new OagShapedConfig(scale, 400, 20, 1));
        double seconds = (System.nanoTime() - t0) / 1e9;
        long after = usedAfterGc();
        long adjacency = 0;
        for (RelationType r : graph.relationTypes()) {
            adjacency += graph.adjacency(r).memoryBytes();
        }
        long features = 0;
        for (String t : graph.nodeTypes()) {
            features += graph.nodes(t).features() == null
                    ? 0
                    : graph.nodes(t).features().memoryBytes();
        }
        Report report = new Report(
                scale,
                graph.totalNodes(),
                SyntheticGraphs.oagShapedInputEdges(scale),
                graph.totalEdges(),
                after - before,
                adjacency,
                features,
                Runtime.getRuntime().maxMemory(),
                seconds);
        if (graph.totalNodes() < 0) {
            throw new IllegalStateException("unreachable: keeps the graph alive until measured");
        }
        return report;
    }

    /** Used heap bytes after three full collections. */
    static long usedAfterGc() {
        Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            System.gc();
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return rt.totalMemory() - rt.freeMemory();
    }
}
