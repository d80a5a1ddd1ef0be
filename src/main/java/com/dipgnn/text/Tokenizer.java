package com.dipgnn.text;

import java.util.Arrays;
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

    /**
     * [CLS] then the ids of the words of {@code text} (a word without its own id is spelled with
     * sub-word pieces or becomes [UNK], see {@link Vocabulary#ids}), cut after {@code maxLength} ids;
     * null text gives [CLS] only.
     */
    public int[] encode(String text) {
        List<String> words = normalizer.tokens(text);
        int[] ids = new int[maxLength];
        ids[0] = Vocabulary.CLS;
        int length = 1;
        for (int w = 0; w < words.size() && length < maxLength; w++) {
            for (int id : vocabulary.ids(words.get(w))) {
                if (length == maxLength) {
                    break;
                }
                ids[length++] = id;
            }
        }
        return Arrays.copyOf(ids, length);
    }

    public int maxLength() {
        return maxLength;
    }

    public Vocabulary vocabulary() {
        return vocabulary;
    }
}
