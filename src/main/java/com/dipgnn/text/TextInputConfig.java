package com.dipgnn.text;

import java.util.Objects;

/**
 * How a graph's text is read: the vocabulary (and sequence length) and the width of the
 * text-derived input features of node types that have text.
 *
 * @param vocabulary how the vocabulary is learned and how long encoded texts may be
 * @param maxColumns the most TF-IDF columns per node type (its most frequent vocabulary entries);
 *     {@link #DEFAULT_MAX_COLUMNS} by default
 * @param scope which node types read their text: every type with text (a type with vector
 *     features reads its TF-IDF columns after them; the default), or only those without features
 */
public record TextInputConfig(VocabularyConfig vocabulary, int maxColumns, TextInputScope scope) {

    /**
     * Default TF-IDF width per node type. The whole 30,000-entry vocabulary would give each text type
     * a 30,000 × hidden input projection (12M parameters at the paper's hidden 400) to learn from a few
     * thousand nodes; the most frequent entries carry most of the tokens (figures in
     * docs/pretraining.md).
     */
    public static final int DEFAULT_MAX_COLUMNS = 2_000;

    public TextInputConfig {
        if (vocabulary == null) {
            throw new IllegalArgumentException("a text input configuration needs a vocabulary configuration");
        }
        Objects.requireNonNull(scope, "scope");
        if (maxColumns < 1) {
            throw new IllegalArgumentException("maxColumns must be at least 1: " + maxColumns);
        }
    }

    /** Text read by every node type that has it ({@link TextInputScope#ALL}). */
    public TextInputConfig(VocabularyConfig vocabulary, int maxColumns) {
        this(vocabulary, maxColumns, TextInputScope.ALL);
    }

    public static TextInputConfig defaults() {
        return new TextInputConfig(VocabularyConfig.defaults(), DEFAULT_MAX_COLUMNS);
    }

    /** The same, read by the node types of {@code newScope}. */
    public TextInputConfig withScope(TextInputScope newScope) {
        return new TextInputConfig(vocabulary, maxColumns, newScope);
    }
}
