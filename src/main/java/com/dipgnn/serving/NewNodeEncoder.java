package com.dipgnn.serving;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import com.dipgnn.graph.FeaturePreprocessing;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.inference.LayerwiseEmbedder;
import com.dipgnn.model.EncoderLayer;
import com.dipgnn.model.GraphBatch;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.sampling.SubgraphSampler;
import com.dipgnn.text.TextInputs;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * A deployment's encoder for nodes that are not in the graph ({@link NewNode}): it runs the
 * encoder's layers on the new node and its given neighbours, whose states below the last layer it
 * keeps (exact inference), or on a small subgraph sampled around them (sampled inference). Owns
 * the encoder's native memory; thread-safe, and {@link #close()} waits for running requests.
 */
final class NewNodeEncoder implements AutoCloseable {

    private final HeteroGraph graph;
    private final FeaturePreprocessing features;
    private final DeploymentOptions options;
    private final SubgraphSampler sampler;
    private final NDManager manager;
    private final GraphEncoder encoder;
    /** Exact inference: the states of every node after each layer below the last; null for sampled inference. */
    private final List<Map<String, float[]>> lowerLayers;

    private final TextInputs text;
    private final ReadWriteLock lifecycle = new ReentrantReadWriteLock();
    private boolean closed;

    NewNodeEncoder(ModelDeployment.DeploymentParts parts) {
        this.graph = parts.graph();
        this.features = parts.features();
        this.options = parts.options();
        this.sampler = parts.sampler();
        this.manager = parts.manager();
        this.encoder = parts.encoder();
        this.lowerLayers = parts.lowerLayers() == null
                ? null
                : parts.lowerLayers().stream().map(Map::copyOf).toList();
        this.text = parts.text();
    }

    /** The subgraph a new node is encoded on: its given neighbours (exact), or a sample around them. */
    NewNodeSubgraph subgraph(NewNode node) {
        return lowerLayers != null
                ? NewNodeSubgraph.exact(graph, node, features, options.maxBatch(), text)
                : NewNodeSubgraph.build(graph, sampler, options.seed(), node, features, options.maxBatch(), text);
    }

    /** The new node's embedding: the encoder's last layer at its row of {@code sub}. */
    float[] embed(NewNodeSubgraph sub, String type) {
        lifecycle.readLock().lock();
        try {
            if (closed) {
                throw new IllegalStateException("the deployment is closed");
            }
            try (NDManager scope = manager.newSubManager()) {
                GraphBatch batch = new GraphBatch(scope, sub.localGraph(), sub.subgraph(), sub.origins());
                NDArray states = lowerLayers != null
                        ? layerByLayer(batch, sub, type)
                        : encoder.forward(batch, false).get(type);
                return states.get(sub.newNodeRow()).toFloatArray();
            }
        } finally {
            lifecycle.readLock().unlock();
        }
    }

    /**
     * Exact inference of a new node: each layer runs on the new node's state below and its
     * neighbours' states below as the deployment computed them; returns the last layer's states of
     * the new node's type (its row is the new node's embedding).
     */
    private NDArray layerByLayer(GraphBatch batch, NewNodeSubgraph sub, String type) {
        Map<String, NDArray> states = encoder.inputStates(batch, false);
        List<EncoderLayer> layers = encoder.layers();
        for (int l = 0; ; l++) {
            NDArray mine = layers.get(l).forward(batch, states, false).get(type);
            if (l == layers.size() - 1) {
                return mine;
            }
            states = statesAfter(lowerLayers.get(l), batch, sub, type, mine.get(sub.newNodeRow() + ":"));
        }
    }

    /** The local nodes' states after a lower layer: the neighbours' from the deployment, the new node's as computed. */
    private Map<String, NDArray> statesAfter(
            Map<String, float[]> layer, GraphBatch batch, NewNodeSubgraph sub, String type, NDArray newNodeState) {
        Map<String, NDArray> states = new LinkedHashMap<>();
        for (String t : batch.nodeTypes()) {
            int[] ids = sub.graphIds(t);
            float[] table = layer.get(t);
            NDArray rows = LayerwiseEmbedder.rows(batch.manager(), table, ids, table.length / graph.numNodes(t));
            states.put(t, t.equals(type) ? rows.concat(newNodeState, 0) : rows);
        }
        return states;
    }

    /** Frees the encoder (waits for running new-node requests); idempotent. */
    @Override
    public void close() {
        lifecycle.writeLock().lock();
        try {
            if (!closed) {
                closed = true;
                manager.close();
            }
        } finally {
            lifecycle.writeLock().unlock();
        }
    }
}
