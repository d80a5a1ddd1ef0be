package com.dipgnn.bench;

import com.dipgnn.naming.EnumNames;
import com.dipgnn.recommend.RecommenderKind;

/** A way of training a recommender that {@code bench --config recommend-train} measures. */
public enum RecommendTrainPath {
    /** The default link model (GAT) on the whole graph every step; refused above the whole-graph bound. */
    FULL(null),
    /** The default link model on fixed fan-out neighbourhoods of each step's anchors and candidates. */
    FANOUT(null),
    /** The propagation backbone (LightGCN-style sparse x dense) with the link task's loss. */
    PROPAGATION(null),
    /** The MF-BPR baseline. */
    MF(RecommenderKind.MF),
    /** The LightGCN baseline. */
    LIGHTGCN(RecommenderKind.LIGHTGCN);

    private static final EnumNames<RecommendTrainPath> NAMES =
            EnumNames.of(RecommendTrainPath.class, "recommend-train path").build();

    private final RecommenderKind baseline;

    RecommendTrainPath(RecommenderKind baseline) {
        this.baseline = baseline;
    }

    /** The baseline recommender this path trains, or null for a path of the GNN link task. */
    public RecommenderKind baseline() {
        return baseline;
    }

    /** The name the command line takes ({@link #parse} reads it back). */
    public String cliName() {
        return NAMES.name(this);
    }

    /** Parses a command-line name, case-insensitively. */
    public static RecommendTrainPath parse(String text) {
        return NAMES.parse(text);
    }
}
