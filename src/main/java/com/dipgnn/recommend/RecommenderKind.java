package com.dipgnn.recommend;

import com.dipgnn.naming.EnumNames;

/** The recommenders the engine trains besides its GNNs (the field's baselines). */
public enum RecommenderKind {
    /** Items by training interaction count; not trained. */
    POPULARITY,
    /** Matrix factorisation (MF-BPR with the BPR loss). */
    MF,
    /** LightGCN: matrix factorisation propagated over the interaction graph. */
    LIGHTGCN;

    private static final EnumNames<RecommenderKind> NAMES = EnumNames.of(RecommenderKind.class, "recommender")
            .alias(MF, "mf-bpr", "bpr-mf")
            .build();

    /** The command-line / API name: {@code popularity}, {@code mf} or {@code lightgcn}. */
    public String cliName() {
        return NAMES.name(this);
    }

    /** Parses a command-line / API name, case-insensitively. */
    public static RecommenderKind parse(String text) {
        return NAMES.parse(text);
    }
}
