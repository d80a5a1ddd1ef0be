package com.dipgnn.finetuning;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.split.EdgeSplitKind;
import com.dipgnn.graph.split.LinkSplit;
import com.dipgnn.naming.EnumNames;

/** How a data set is divided for fine-tuning. */
public enum SplitMode {
    /** The data set's own split (Planetoid for Cora, MovieLens ua edges, generated 24/6/70 splits). */
    DATASET,
    /** The paper's node-transfer split: 70% of nodes for pre-training, the rest split 1/3 each. */
    TRANSFER,
    /** Link prediction: a seeded per-user hold-out of 20% test and 10% validation edges. */
    HOLDOUT,
    /** Link prediction: one seeded test and one validation edge per user (the SASRec protocol). */
    LEAVE_ONE_OUT;

    /** Whether the split keeps every node and holds out edges (transductive link prediction). */
    public boolean isEdgeSplit() {
        return this == HOLDOUT || this == LEAVE_ONE_OUT;
    }

    /**
     * Whether {@code task} on this split is transductive link prediction: every node kept, the
     * predicted relation's edges held out (the link task on any split but the node transfer).
     */
    public boolean holdsOutEdgesFor(TaskKind task) {
        return task == TaskKind.LINK_PREDICTION && this != TRANSFER;
    }

    /**
     * The edge split of the predicted relation this mode names.
     *
     * @throws IllegalArgumentException for the node-transfer split, which is not an edge split
     */
    public EdgeSplitKind edgeSplitKind() {
        return switch (this) {
            case DATASET -> EdgeSplitKind.DATASET;
            case HOLDOUT -> EdgeSplitKind.HOLDOUT;
            case LEAVE_ONE_OUT -> EdgeSplitKind.LEAVE_ONE_OUT;
            case TRANSFER -> throw new IllegalArgumentException("the node-transfer split holds out nodes, not edges");
        };
    }

    /**
     * The transductive edge split of {@code relation} this mode names ({@link EdgeSplitKind}), with
     * the default validation carve-out. Every node stays; held-out edges leave the graph.
     *
     * @throws IllegalArgumentException for the node-transfer split, which is not an edge split
     */
    public LinkSplit edgeSplit(HeteroGraph graph, RelationType relation, long seed) {
        return edgeSplitKind().split(graph, relation, seed);
    }

    private static final EnumNames<SplitMode> NAMES = EnumNames.of(SplitMode.class, "split")
            .alias(DATASET, "planetoid", "own")
            .note(DATASET, "the data set's own split")
            .alias(TRANSFER, "node-transfer")
            .alias(HOLDOUT, "per-user")
            .note(HOLDOUT, "per user, link task")
            .alias(LEAVE_ONE_OUT, "loo")
            .note(LEAVE_ONE_OUT, "link task")
            .build();

    /** Parses a command-line / API name, case-insensitively. */
    public static SplitMode parse(String text) {
        return NAMES.parse(text);
    }
}
