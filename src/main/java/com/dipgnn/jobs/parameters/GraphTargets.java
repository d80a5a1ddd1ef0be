package com.dipgnn.jobs.parameters;

import com.dipgnn.finetuning.FineTuneDefaults;
import com.dipgnn.finetuning.SplitMode;
import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.split.NodeTransferSplit;
import com.dipgnn.jobs.runner.JobParameterException;
import java.util.List;

/**
 * What a job's fields name in its graph: the node type it classifies or splits for, the relation it
 * predicts, and whether that relation leaves enough candidates to rank against. Each refusal is a
 * {@link JobParameterException} naming the field and the graph's choices.
 */
final class GraphTargets {

    private GraphTargets() {}

    /** The node type the node task classifies: {@code targetType}, else the graph's only labeled type. */
    static String targetType(HeteroGraph graph, String targetType) {
        List<String> labeled = ParameterChecks.labeledTypes(graph);
        if (targetType != null) {
            ParameterChecks.nodeType("targetType", graph, targetType);
            if (!labeled.contains(targetType)) {
                throw new JobParameterException(
                        "targetType",
                        "node type '" + targetType + "' has no labels to " + "classify; use a labeled type " + labeled
                                + (labeled.isEmpty() ? " or task link" : ""));
            }
            return targetType;
        }
        if (labeled.size() != 1) {
            throw new JobParameterException(
                    "targetType",
                    labeled.isEmpty()
                            ? "graph '" + graph.name() + "' has no labeled node type to classify; use task link"
                            : "graph '" + graph.name() + "' has several labeled node types; name one of " + labeled);
        }
        return labeled.get(0);
    }

    /**
     * The node type a transfer split is made for: {@code splitNodeType}, else the graph's only
     * labeled type, else the source of its first relation.
     */
    static String splitNodeType(HeteroGraph graph, String splitNodeType) {
        if (splitNodeType != null) {
            return splitNodeType;
        }
        List<String> labeled = ParameterChecks.labeledTypes(graph);
        if (labeled.size() == 1) {
            return labeled.get(0);
        }
        return graph.relationTypes().stream()
                .filter(r -> !r.isReverse())
                .map(RelationType::source)
                .findFirst()
                .orElse(graph.nodeTypes().get(0));
    }

    /** The relation the link task predicts: {@code relation} (by name or key), else the first forward one. */
    static RelationType relation(HeteroGraph graph, String relation) {
        List<String> forward = ParameterChecks.forwardRelations(graph);
        if (relation == null) {
            if (forward.isEmpty()) {
                throw new JobParameterException(
                        "task", "graph '" + graph.name() + "' has no relation to predict; " + "use task node");
            }
            return RelationType.parse(forward.get(0));
        }
        try {
            return graph.relation(relation);
        } catch (IllegalArgumentException e) {
            throw new JobParameterException(
                    "relation",
                    "graph '" + graph.name() + "' has no single relation '" + relation + "'; use one of " + forward);
        }
    }

    /** Each held-out edge is ranked against the paper's 255 negatives from the fine-tuning part's candidates. */
    static void requireEnoughCandidates(HeteroGraph graph, RelationType relation, SplitMode split) {
        int negatives = FineTuneDefaults.paper(TaskKind.LINK_PREDICTION).evalNegatives();
        int all = graph.numNodes(relation.target());
        int finetune = split == SplitMode.TRANSFER
                ? all - (int) Math.round(NodeTransferSplit.DEFAULT_PRETRAIN_FRACTION * all)
                : all;
        if (finetune <= negatives) {
            throw new JobParameterException(
                    "relation",
                    "link prediction ranks each held-out edge of "
                            + relation.key() + " against " + negatives + " negative '" + relation.target()
                            + "' nodes, but the "
                            + "fine-tuning part of graph '" + graph.name() + "' has only " + finetune
                            + " of them; use a graph "
                            + "with more than " + (int) Math.ceil((negatives + 1) / 0.3) + " '" + relation.target()
                            + "' nodes");
        }
    }
}
