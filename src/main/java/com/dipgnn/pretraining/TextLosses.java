package com.dipgnn.pretraining;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.types.DataType;

/**
 * The text pair's losses and its ELECTRA corruption: the generator's softmax cross-entropy at
 * the masked positions, the corrupted text (the generator's argmax at masked positions, the
 * original elsewhere), and the discriminator's sigmoid cross-entropy over every real position (its
 * labels are {@link com.dipgnn.text.TokenMasking#replacedLabels}).
 */
public final class TextLosses {

    private TextLosses() {}

    /**
     * Mean of {@code -log softmax(logits)[target]} over rows: the generator's loss read out at the
     * masked positions only (the softmax over the vocabulary is the costly part of the pair, so
     * unmasked positions are never read out).
     *
     * @param logits (masked positions, vocabulary)
     * @param targets (masked positions) original token ids
     */
    public static NDArray maskedGeneratorLoss(NDArray logits, NDArray targets) {
        NDArray picked = logits.logSoftmax(-1)
                .gather(targets.toType(DataType.INT64, false).expandDims(-1), -1)
                .squeeze(-1);
        return picked.neg().mean();
    }

    /**
     * The corrupted text: the generator's most likely token at the masked positions, the original
     * elsewhere (host arrays, row-major batch x length).
     *
     * @param positions the masked positions (indices into {@code original})
     * @param logits (positions, vocabulary) the generator's logits read out at those positions
     */
    public static int[] corrupt(int[] original, int[] positions, NDArray logits) {
        long[] argmax = logits.argMax(-1).toType(DataType.INT64, false).toLongArray();
        int[] corrupted = original.clone();
        for (int i = 0; i < positions.length; i++) {
            corrupted[positions[i]] = (int) argmax[i];
        }
        return corrupted;
    }

    /**
     * Mean over real positions of the sigmoid cross-entropy of the replaced-token logits.
     *
     * @param logits (batch, length)
     * @param labels (batch, length) 1 for replaced tokens
     * @param real (batch, length) 1 for real tokens, 0 for padding
     */
    public static NDArray discriminatorLoss(NDArray logits, NDArray labels, NDArray real) {
        return Losses.binaryCrossEntropyWithLogits(logits, labels)
                .mul(real)
                .sum()
                .div(real.sum().maximum(1f));
    }
}
