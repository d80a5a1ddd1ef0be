package com.dipgnn.text;

import java.util.Locale;

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

    /** The scope named {@code all} or {@code featureless} (case-insensitive). */
    public static TextInputScope parse(String name) {
        String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        return switch (n) {
            case "all" -> ALL;
            case "featureless" -> FEATURELESS;
            default ->
                throw new IllegalArgumentException("unknown text input scope '" + name
                        + "': use all (every node type with text reads it, after its features if it has any) or "
                        + "featureless (only node types without features read their text)");
        };
    }

    /** The name {@link #parse} reads. */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
