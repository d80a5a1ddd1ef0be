package com.dipgnn.text;

import java.util.Arrays;
import java.util.List;

/**
 * Encoded texts padded with [PAD] to the longest text of the batch (not to a global maximum), row major.
 *
 * @param batchSize number of texts (rows)
 * @param length the padded length: the longest text of the batch
 * @param ids {@code batchSize × length} token ids, row major
 * @param mask {@code batchSize × length}: true where a real token (not padding) sits
 * @param lengths the real length of each text
 */
public record TokenBatch(int batchSize, int length, int[] ids, boolean[] mask, int[] lengths) {

    /** Pads {@code encoded} (e.g. from {@link Tokenizer#encode}) into one batch. */
    public static TokenBatch of(List<int[]> encoded) {
        if (encoded.isEmpty()) {
            throw new IllegalArgumentException("a batch needs at least one text");
        }
        int batch = encoded.size();
        int[] lengths = new int[batch];
        int longest = 0;
        for (int b = 0; b < batch; b++) {
            lengths[b] = encoded.get(b).length;
            longest = Math.max(longest, lengths[b]);
        }
        int[] ids = new int[batch * longest];
        boolean[] mask = new boolean[batch * longest];
        for (int b = 0; b < batch; b++) {
            System.arraycopy(encoded.get(b), 0, ids, b * longest, lengths[b]);
            Arrays.fill(mask, b * longest, b * longest + lengths[b], true);
        }
        return new TokenBatch(batch, longest, ids, mask, lengths);
    }

    /** The id at row {@code b}, position {@code t}. */
    public int id(int b, int t) {
        return ids[b * length + t];
    }

    /** The mask as 1f for real tokens, 0f for padding (for attention masks). */
    public float[] maskAsFloat() {
        float[] out = new float[mask.length];
        for (int i = 0; i < mask.length; i++) {
            out[i] = mask[i] ? 1f : 0f;
        }
        return out;
    }

    /** Number of real tokens in the batch. */
    public int realTokens() {
        int sum = 0;
        for (int l : lengths) {
            sum += l;
        }
        return sum;
    }
}
