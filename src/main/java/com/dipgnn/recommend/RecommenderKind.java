package com.dipgnn.recommend;

import java.util.Locale;

/** The recommenders the engine trains besides its GNNs (the field's baselines). */
public enum RecommenderKind {
    /** Items by training interaction count; not trained. */
    POPULARITY("popularity"),
    /** Matrix factorisation (MF-BPR with the BPR loss). */
    MF("mf"),
    /** LightGCN: matrix factorisation propagated over the interaction graph. */
    LIGHTGCN("lightgcn");

    private final String cliName;

    RecommenderKind(String cliName) {
        this.cliName = cliName;
    }

    public String cliName() {
        return cliName;
    }

    public static RecommenderKind parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        for (RecommenderKind k : values()) {
            if (k.cliName.equals(t) || (k == MF && (t.equals("mf-bpr") || t.equals("bpr-mf")))) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown recommender '" + text + "': use popularity, mf or lightgcn");
    }
}
