package com.dipgnn.finetuning;

import com.dipgnn.naming.EnumNames;

/** What a link-task step trains on when the whole graph is within its bound ({@link LinkSampling}). */
public enum LinkSamplingMode {
    /** The whole graph (the default); above the whole-graph bound, fan-out neighbourhoods. */
    FULL,
    /** Fixed fan-out neighbourhoods of each step's anchors and candidates, whatever the graph's size. */
    FANOUT;

    private static final EnumNames<LinkSamplingMode> NAMES =
            EnumNames.of(LinkSamplingMode.class, "link sampling").build();

    /** The name the command line and the API take ({@link #parse} reads it back). */
    public String cliName() {
        return NAMES.name(this);
    }

    /** Parses a command-line / API name, case-insensitively. */
    public static LinkSamplingMode parse(String text) {
        return NAMES.parse(text);
    }
}
