package com.dipgnn.pretraining;

import com.dipgnn.text.TokenBatch;
import com.dipgnn.text.Vocabulary;

/**
 * The texts of one node type that a step generates: which nodes, their encoded texts padded to the
 * longest of them, and the generator's input with 20% of each text's word tokens replaced by [MASK].
 *
 * @param type the node type
 * @param nodes local ids (in the step's subgraph) of the nodes whose texts these are
 * @param original the encoded texts, one row per node
 * @param masked true at masked positions, row major like {@code original.ids()}
 */
public record MaskedTexts(String type, int[] nodes, TokenBatch original, boolean[] masked) {

    public MaskedTexts {
        if (nodes.length != original.batchSize() || masked.length != original.ids().length) {
            throw new IllegalArgumentException("masked texts of type '" + type + "' have inconsistent shapes");
        }
    }

    /** The generator's input ids: {@code original} with [MASK] at masked positions, row major. */
    public int[] input() {
        int[] ids = original.ids().clone();
        for (int i = 0; i < ids.length; i++) {
            if (masked[i]) {
                ids[i] = Vocabulary.MASK;
            }
        }
        return ids;
    }

    /** Number of masked positions. */
    public int maskedCount() {
        int n = 0;
        for (boolean m : masked) {
            n += m ? 1 : 0;
        }
        return n;
    }
}
