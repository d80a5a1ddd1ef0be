package com.dipgnn.datasets;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeLabels;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.split.GraphSplit;
import com.dipgnn.graph.split.NodeTransferSplit;
import java.util.ArrayList;
import java.util.List;

/**
 * What a data set holds: nodes, features and labels per type, edges per relation, and the sizes
 * of the default node-transfer split (70% of the split type's nodes for pre-training).
 *
 * @param name the graph's own name
 * @param totalNodes nodes of all types
 * @param totalEdges stored edges of all relations (reverse relations included)
 * @param nodeTypes per node type
 * @param relations per relation
 * @param split the default node-transfer split, or null when the graph has no relation to split on
 */
public record DatasetSummary(
        String name,
        long totalNodes,
        long totalEdges,
        List<NodeTypeSummary> nodeTypes,
        List<RelationSummary> relations,
        SplitSummary split) {

    /**
     * @param type node type
     * @param count nodes
     * @param featureDim vector feature width (0 = featureless)
     * @param labeled nodes with a label
     * @param classes number of classes (0 = unlabeled type)
     * @param classCounts labeled nodes per class (single-label types; empty otherwise)
     */
    public record NodeTypeSummary(
            String type, int count, int featureDim, int labeled, int classes, List<Integer> classCounts) {}

    /**
     * @param key {@code source__name__target}
     * @param edges stored edges
     * @param reverse whether it is the generated reverse of another relation
     */
    public record RelationSummary(String key, long edges, boolean reverse) {}

    /**
     * @param nodeType the node type the split divides
     * @param seed split seed
     * @param pretrainNodes nodes of that type kept for pre-training
     * @param train fine-tuning training nodes
     * @param val fine-tuning validation nodes
     * @param test fine-tuning test nodes
     */
    public record SplitSummary(String nodeType, long seed, int pretrainNodes, int train, int val, int test) {}

    /** Describes {@code graph}. */
    public static DatasetSummary of(HeteroGraph graph) {
        List<NodeTypeSummary> types = new ArrayList<>();
        for (String type : graph.nodeTypes()) {
            types.add(nodeType(graph.nodes(type)));
        }
        List<RelationSummary> relations = graph.relationTypes().stream()
                .map(r -> new RelationSummary(r.key(), graph.adjacency(r).numEdges(), r.isReverse()))
                .toList();
        return new DatasetSummary(
                graph.name(), graph.totalNodes(), graph.totalEdges(), types, relations, split(graph, types));
    }

    private static NodeTypeSummary nodeType(NodeTable table) {
        NodeLabels labels = table.labels();
        if (labels == null) {
            return new NodeTypeSummary(table.name(), table.count(), table.featureDim(), 0, 0, List.of());
        }
        List<Integer> perClass = new ArrayList<>();
        if (!labels.isMultiLabel()) {
            int[] counts = new int[labels.numClasses()];
            for (int n = 0; n < labels.count(); n++) {
                if (labels.isLabeled(n)) {
                    counts[labels.label(n)]++;
                }
            }
            for (int c : counts) {
                perClass.add(c);
            }
        }
        return new NodeTypeSummary(
                table.name(), table.count(), table.featureDim(), labels.labeledCount(), labels.numClasses(), perClass);
    }

    private static SplitSummary split(HeteroGraph graph, List<NodeTypeSummary> types) {
        String splitType = types.stream()
                .filter(t -> t.labeled() > 0)
                .map(NodeTypeSummary::type)
                .findFirst()
                .orElseGet(() -> graph.relationTypes().stream()
                        .filter(r -> !r.isReverse())
                        .map(RelationType::source)
                        .findFirst()
                        .orElse(null));
        if (splitType == null) {
            return null;
        }
        long seed = 0;
        GraphSplit split;
        try {
            split = new NodeTransferSplit(seed).split(graph, splitType);
        } catch (IllegalArgumentException tooSmall) {
            return null;
        }
        int pretrain = split.hasPretrainGraph() ? split.pretrainGraph().numNodes(splitType) : 0;
        return new SplitSummary(
                splitType, seed, pretrain, split.train().length, split.val().length, split.test().length);
    }
}
