package com.dipgnn.finetuning;

import java.util.Locale;

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

    public static TaskKind parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        for (TaskKind k : values()) {
            if (k.shortName.equals(t) || k.name().toLowerCase(Locale.ROOT).equals(t)) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown task '" + text + "': use node or link");
    }
}
