package com.dipgnn.training;

import java.util.Locale;

/** How a data set is divided for fine-tuning. */
public enum SplitMode {
    /** The data set's own split (Planetoid for Cora, MovieLens ua edges, generated 24/6/70 splits). */
    DATASET,
    /** The paper's node-transfer split: 70% of nodes for pre-training, the rest split 1/3 each. */
    TRANSFER;

    public static SplitMode parse(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "dataset", "planetoid", "own" -> DATASET;
            case "transfer", "node-transfer" -> TRANSFER;
            default -> throw new IllegalArgumentException(
                    "unknown split '" + text + "': use planetoid|dataset (the data set's own split) or transfer");
        };
    }
}
