package com.dipgnn.pretraining;

import com.dipgnn.naming.EnumNames;

/** How the edge generator's choice becomes the generated source of a masked edge. */
public enum GeneratedEdges {

    /**
     * Drawn from the generator's softmax over the candidates, as ELECTRA draws its replacements: on
     * the whole easier negatives than the most likely one (docs/pretraining.md).
     */
    SAMPLED,

    /** The generator's most likely candidate (the paper's Eq. 2). */
    MOST_LIKELY;

    private static final EnumNames<GeneratedEdges> NAMES =
            EnumNames.of(GeneratedEdges.class, "generated edges").build();

    /** The CLI / API name: {@code sampled} or {@code most-likely}. */
    public String cliName() {
        return NAMES.name(this);
    }

    /** Parses a CLI / API name, case-insensitively. */
    public static GeneratedEdges parse(String name) {
        return NAMES.parse(name);
    }
}
