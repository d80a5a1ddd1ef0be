package com.dipgnn.finetuning;

import com.dipgnn.naming.EnumNames;

/** Downstream task kinds. */
public enum TaskKind {
    NODE_CLASSIFICATION("node"),
    LINK_PREDICTION("link");

    private final String shortName;

    TaskKind(String shortName) {
        this.shortName = shortName;
    }

    public String shortName() {
        return shortName;
    }

    private static final EnumNames<TaskKind> NAMES = EnumNames.of(TaskKind.class, "task")
            .name(NODE_CLASSIFICATION, NODE_CLASSIFICATION.shortName)
            .name(LINK_PREDICTION, LINK_PREDICTION.shortName)
            .build();

    /** Parses {@code node} or {@code link} (or the constant's name), case-insensitively. */
    public static TaskKind parse(String text) {
        return NAMES.parse(text);
    }
}
