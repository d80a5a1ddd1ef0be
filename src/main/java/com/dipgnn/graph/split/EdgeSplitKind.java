package com.dipgnn.graph.split;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;

/**
 * The transductive edge splits of a predicted relation: every node stays, held-out edges leave the
 * graph (see {@link LinkSplit}).
 */
public enum EdgeSplitKind {
    /** The data set's own edge marks, with a seeded validation carve-out of training when it marks none. */
    DATASET,
    /** A seeded per-user hold-out of 20% test and 10% validation edges. */
    HOLDOUT,
    /** One seeded test and one validation edge per user (the SASRec protocol). */
    LEAVE_ONE_OUT;

    /** The validation share carved out of a data set's own training edges when it marks none. */
    public static final double DEFAULT_VALIDATION_FRACTION = 0.05;

    /** This split of {@code relation} with {@code seed} and the default validation carve-out. */
    public LinkSplit split(HeteroGraph graph, RelationType relation, long seed) {
        return split(graph, relation, seed, DEFAULT_VALIDATION_FRACTION);
    }

    /**
     * This split of {@code relation} with {@code seed}; {@code validationFraction} is the share of
     * training edges carved out for validation from a data set's own split that marks none (0: none,
     * every training edge is trained on; the other kinds ignore it).
     */
    public LinkSplit split(HeteroGraph graph, RelationType relation, long seed, double validationFraction) {
        return switch (this) {
            case DATASET -> LinkSplit.fromEdgeMarks(graph, relation, validationFraction, seed);
            case HOLDOUT -> LinkSplit.perUserHoldOut(graph, relation, 0.2, 0.1, seed);
            case LEAVE_ONE_OUT -> LinkSplit.leaveOneOut(graph, relation, seed);
        };
    }
}
