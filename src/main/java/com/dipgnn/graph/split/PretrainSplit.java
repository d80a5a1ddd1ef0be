package com.dipgnn.graph.split;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What pre-training sees of a graph, and so what fine-tuning must not have shown it: the one owner
 * of that choice. Its {@link #nodes nodes} are all that may shape anything learned before
 * fine-tuning (a text vocabulary, feature statistics); its {@link #graph graph} is what pre-training
 * runs on. Fine-tuning computes its own part from the same split (same seed), so the two never
 * share a node (node transfer) or a held-out edge (edge splits).
 */
public sealed interface PretrainSplit
        permits PretrainSplit.NodeTransfer, PretrainSplit.TrainingEdges, PretrainSplit.None {

    /** Nothing held back: {@link None}. */
    PretrainSplit NONE = new None();

    /** Per node type, the ids (ascending) of the nodes pre-training sees. */
    Map<String, int[]> nodes(HeteroGraph graph);

    /**
     * The graph pre-training runs on.
     *
     * @throws IllegalArgumentException when the split holds back no part to pre-train on, or the
     *     part left for fine-tuning is too small
     */
    HeteroGraph graph(HeteroGraph graph);

    /** The seed the split was drawn with (recorded with a pre-trained model). */
    long seed();

    /**
     * The pre-training part of the node-transfer split with {@code seed} ({@link NodeTransferSplit}:
     * 70% of the nodes of every type and the edges among them).
     *
     * @param splitType the node type fine-tuning classifies, or whose nodes the link task splits: it
     *     must keep three (labeled) nodes for fine-tuning; which nodes pre-training sees does not
     *     depend on it
     */
    record NodeTransfer(long seed, String splitType) implements PretrainSplit {

        public NodeTransfer {
            Objects.requireNonNull(splitType, "splitType");
        }

        @Override
        public Map<String, int[]> nodes(HeteroGraph graph) {
            return new NodeTransferSplit(seed).pretrainNodes(graph);
        }

        @Override
        public HeteroGraph graph(HeteroGraph graph) {
            return new NodeTransferSplit(seed).split(graph, splitType).pretrainGraph();
        }
    }

    /**
     * Every node, and the edges the {@code kind} split of {@code relation} with {@code seed} keeps
     * for training: pre-training never sees a held-out edge.
     */
    record TrainingEdges(EdgeSplitKind kind, RelationType relation, long seed) implements PretrainSplit {

        public TrainingEdges {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(relation, "relation");
        }

        @Override
        public Map<String, int[]> nodes(HeteroGraph graph) {
            return allNodes(graph);
        }

        @Override
        public HeteroGraph graph(HeteroGraph graph) {
            return kind.split(graph, relation, seed).structure();
        }
    }

    /**
     * Every node counts as seen and nothing is held back to pre-train on: a data set's own node split
     * (for node classification), or text and statistics learned from the whole graph.
     */
    record None() implements PretrainSplit {

        /** None is drawn: 0. */
        @Override
        public long seed() {
            return 0;
        }

        @Override
        public Map<String, int[]> nodes(HeteroGraph graph) {
            return allNodes(graph);
        }

        @Override
        public HeteroGraph graph(HeteroGraph graph) {
            throw new IllegalArgumentException("the data set's own node split holds back no pre-training part of "
                    + "graph '" + graph.name() + "': pre-training for node classification needs the node-transfer "
                    + "split (the link task also takes an edge split)");
        }
    }

    private static Map<String, int[]> allNodes(HeteroGraph graph) {
        Map<String, int[]> ids = new LinkedHashMap<>();
        for (String type : graph.nodeTypes()) {
            ids.put(type, SplitNodes.identity(graph.numNodes(type)));
        }
        return ids;
    }
}
