package com.dipgnn.model;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a model's input layer depends on: the node types with their feature widths (0 for
 * featureless types) and the relation types. Two graphs with the same schema can share a model
 * (pre-training and fine-tuning graphs of one data set do).
 *
 * @param featureDims feature width per node type, in a stable order
 * @param relations relation types, in a stable order
 */
public record GraphSchema(Map<String, Integer> featureDims, List<RelationType> relations) {

    public GraphSchema {
        featureDims = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(featureDims));
        relations = List.copyOf(relations);
    }

    public static GraphSchema of(HeteroGraph graph) {
        Map<String, Integer> dims = new LinkedHashMap<>();
        for (String type : graph.nodeTypes()) {
            dims.put(type, graph.nodes(type).featureDim());
        }
        return new GraphSchema(dims, graph.relationTypes());
    }

    public List<String> nodeTypes() {
        return List.copyOf(featureDims.keySet());
    }
}
