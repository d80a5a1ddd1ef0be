package com.dipgnn.text;

import java.util.List;

/**
 * Encodes text as [CLS] followed by word ids, truncated to {@code maxLength} ids in all. Thread-safe.
 */
public final class Tokenizer {

    private final Vocabulary vocabulary;
    private final TextNormalizer normalizer = new TextNormalizer();
    private final int maxLength;

    /** A tokenizer with the vocabulary's own {@link VocabularyConfig#maxLength()}. */
    public Tokenizer(Vocabulary vocabulary) {
        this(vocabulary, vocabulary.config().maxLength());
    }

    public Tokenizer(Vocabulary vocabulary, int maxLength) {
        if (maxLength < 1) {
            throw new IllegalArgumentException("maxLength must be at least 1: " + maxLength);
        }
        this.vocabulary = vocabulary;
        this.maxLength = maxLength;
    }

    /** [CLS] then the ids of the first {@code maxLength - 1} words of {@code text}; null text gives [CLS] only. */
    public int[] encode(String text) {
        List<String> words = normalizer.tokens(text);
        int length = Math.min(maxLength, words.size() + 1);
        int[] ids = new int[length];
        ids[0] = Vocabulary.CLS;
        for (int i = 1; i < length; i++) {
            ids[i] = vocabulary.id(words.get(i - 1));
        }
        return ids;
    }

    public int maxLength() {
        return maxLength;
    }

    public Vocabulary vocabulary() {
        return vocabulary;
    }
}
