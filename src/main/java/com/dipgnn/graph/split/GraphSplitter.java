package com.dipgnn.graph.split;

import com.dipgnn.graph.HeteroGraph;

/** Divides a graph into what a model is pre-trained on, fine-tuned on, and evaluated on. */
public interface GraphSplitter {

    /**
     * @param graph the whole graph
     * @param targetType the node type whose nodes are classified
     * @throws IllegalArgumentException when the graph lacks what this split needs (the message
     *     says what and how to fix it)
     */
    GraphSplit split(HeteroGraph graph, String targetType);
}
