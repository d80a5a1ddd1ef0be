package com.dipgnn.model;

import ai.djl.ndarray.NDArray;
import java.util.Map;

/**
 * One layer of a {@link GraphEncoder}: new states of a batch's nodes from their states below and
 * those of their in-neighbours. A node's new state depends on its own state below and on the
 * states below of all its in-edges' sources in the batch alone, which is what layer-wise exact
 * inference relies on ({@code inference.LayerwiseEmbedder}).
 */
public abstract class EncoderLayer extends GraphModule {

    /**
     * Runs the layer over every node type of the batch.
     *
     * @param states the states below per node type, in the batch's local node order
     * @return the new states per node type of the batch
     */
    public abstract Map<String, NDArray> forward(GraphBatch batch, Map<String, NDArray> states, boolean training);
}
