package com.dipgnn.model;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a model's input layer depends on: the node types with their feature widths (0 for
 * featureless types), the relation types, and the width of each type's structural inputs (one
 * log-degree column per relation leaving the type; 0 for a type without them). Two graphs with
 * the same schema can share a model (pre-training and fine-tuning graphs of one data set do).
 *
 * @param featureDims feature width per node type, in a stable order
 * @param relations relation types, in a stable order
 * @param structuralDims structural input width per node type (every type of {@code featureDims})
 */
public record GraphSchema(
        Map<String, Integer> featureDims, List<RelationType> relations, Map<String, Integer> structuralDims) {

    public GraphSchema {
        featureDims = Collections.unmodifiableMap(new LinkedHashMap<>(featureDims));
        relations = List.copyOf(relations);
        Map<String, Integer> structural = new LinkedHashMap<>();
        for (String type : featureDims.keySet()) {
            structural.put(type, structuralDims == null ? 0 : structuralDims.getOrDefault(type, 0));
        }
        structuralDims = Collections.unmodifiableMap(structural);
    }

    /** A schema without structural inputs. */
    public GraphSchema(Map<String, Integer> featureDims, List<RelationType> relations) {
        this(featureDims, relations, null);
    }

    /** The schema of a graph for the default node inputs ({@link NodeInputConfig#DEFAULT}). */
    public static GraphSchema of(HeteroGraph graph) {
        return of(graph, NodeInputConfig.DEFAULT);
    }

    /** The schema of a graph for a model with these node inputs. */
    public static GraphSchema of(HeteroGraph graph, NodeInputConfig inputs) {
        Map<String, Integer> dims = new LinkedHashMap<>();
        for (String type : graph.nodeTypes()) {
            dims.put(type, graph.nodes(type).featureDim());
        }
        Set<String> structural = inputs.structural().resolve(dims);
        Map<String, Integer> structuralDims = new LinkedHashMap<>();
        for (String type : graph.nodeTypes()) {
            structuralDims.put(
                    type, structural.contains(type) ? graph.relationsFrom(type).size() : 0);
        }
        return new GraphSchema(dims, graph.relationTypes(), structuralDims);
    }

    public List<String> nodeTypes() {
        return List.copyOf(featureDims.keySet());
    }

    /** The relations leaving {@code type}, in schema order: the columns of its structural inputs. */
    public List<RelationType> relationsFrom(String type) {
        return relations.stream().filter(r -> r.source().equals(type)).toList();
    }
}
