package com.dipgnn.text;

import com.dipgnn.naming.EnumNames;

/**
 * Which node types read their text as input features ({@link TextInputs}): {@link #ALL}, the
 * default, every type with text (a type with vector features reads its TF-IDF columns after
 * them); {@link #FEATURELESS}, only types without vector features (the others then reach their
 * text only through the text pair of pre-training).
 */
public enum TextInputScope {

    /** Every node type that has text. */
    ALL,

    /** Only node types without vector features. */
    FEATURELESS;

    private static final EnumNames<TextInputScope> NAMES = EnumNames.of(TextInputScope.class, "text input scope")
            .note(ALL, "every node type with text reads it, after its features if it has any")
            .note(FEATURELESS, "only node types without features read their text")
            .build();

    /** The scope named {@code all} or {@code featureless} (case-insensitive). */
    public static TextInputScope parse(String name) {
        return NAMES.parse(name);
    }

    /** The name {@link #parse} reads. */
    public String cliName() {
        return NAMES.name(this);
    }
}
