package com.dipgnn.text;

/**
 * How a {@link Vocabulary} is learned and how long its encoded texts may be.
 *
 * @param maxSize the most tokens in the vocabulary, the {@link Vocabulary#NUM_SPECIAL} special tokens
 *     included
 * @param minCount a word is learned only if it occurs at least this often in the training texts
 * @param maxLength the most ids {@link Tokenizer#encode} returns, [CLS] included (see
 *     {@link #DEFAULT_MAX_LENGTH} for how the default was chosen)
 * @param maxPieces the most sub-word pieces (within {@code maxSize}) used to spell words that are not
 *     in the vocabulary; 0 = word level only, unknown words become [UNK]
 */
public record VocabularyConfig(int maxSize, int minCount, int maxLength, int maxPieces) {

    /** Default cap on the vocabulary size. */
    public static final int DEFAULT_MAX_SIZE = 30_000;

    /** Default minimum count: words seen once are mostly typos, ids and names and go to [UNK]. */
    public static final int DEFAULT_MIN_COUNT = 2;

    /**
     * Default sequence length, [CLS] included. Measured with {@link TextNormalizer} (words per text,
     * [CLS] not counted; {@link TextStatistics}): dblp-4area paper titles mean 8.1, p50 8, p95 13,
     * p99 16, max 29; its author names, venues and terms 1–7 words; debian-packages package
     * descriptions mean 63.5, p50 52, p90 111, p95 137, p99 211, max 10,858; maintainers and tags at most
     * 7 words. 128 keeps every dblp-4area text whole and 93.6% of the Debian descriptions whole
     * (94.2% of their words; their first line, the synopsis, always survives); the Debian p95 (138 ids)
     * would cost about 16% more attention per long batch for 3 points of coverage. With the default
     * sub-word pieces the Debian descriptions grow to p50 55, p90 115, p95 146 ids, so about 92% still fit. Batches are
     * padded to their longest text only, so short-text types stay cheap.
     */
    public static final int DEFAULT_MAX_LENGTH = 128;

    /**
     * Default number of sub-word pieces (taken from the 30,000): with 2,000, the held-out [UNK] rate
     * falls from 16.6% to 0.01% of the words on dblp-4area and from 2.5% to 0.00% on debian-packages,
     * for about 10% more ids per dblp title (mean 8.1 words → 9.0 ids) and 4% per Debian description
     * (63.5 → 66.2); 5,000 pieces gain almost nothing more (see {@link Vocabulary}).
     */
    public static final int DEFAULT_MAX_PIECES = 2_000;

    public VocabularyConfig {
        if (maxSize < Vocabulary.NUM_SPECIAL) {
            throw new IllegalArgumentException("maxSize must be at least " + Vocabulary.NUM_SPECIAL + ": " + maxSize);
        }
        if (minCount < 1) {
            throw new IllegalArgumentException("minCount must be at least 1: " + minCount);
        }
        if (maxPieces < 0 || maxPieces > maxSize - Vocabulary.NUM_SPECIAL) {
            throw new IllegalArgumentException(
                    "maxPieces must be in 0.." + (maxSize - Vocabulary.NUM_SPECIAL) + ": " + maxPieces);
        }
        if (maxLength < 2) {
            throw new IllegalArgumentException("maxLength must be at least 2 ([CLS] and one word): " + maxLength);
        }
    }

    /** A word-level configuration (no sub-word pieces). */
    public VocabularyConfig(int maxSize, int minCount, int maxLength) {
        this(maxSize, minCount, maxLength, 0);
    }

    /** The defaults: 30,000 tokens, min count 2, max length 128, 2,000 sub-word pieces. */
    public static VocabularyConfig defaults() {
        return new VocabularyConfig(DEFAULT_MAX_SIZE, DEFAULT_MIN_COUNT, DEFAULT_MAX_LENGTH, DEFAULT_MAX_PIECES);
    }

    /** The same settings with {@code size} as the cap; pieces are capped to fit. */
    public VocabularyConfig withMaxSize(int size) {
        return new VocabularyConfig(
                size, minCount, maxLength, Math.min(maxPieces, Math.max(0, size - Vocabulary.NUM_SPECIAL)));
    }

    public VocabularyConfig withMinCount(int count) {
        return new VocabularyConfig(maxSize, count, maxLength, maxPieces);
    }

    public VocabularyConfig withMaxLength(int length) {
        return new VocabularyConfig(maxSize, minCount, length, maxPieces);
    }

    public VocabularyConfig withMaxPieces(int pieces) {
        return new VocabularyConfig(maxSize, minCount, maxLength, pieces);
    }
}
