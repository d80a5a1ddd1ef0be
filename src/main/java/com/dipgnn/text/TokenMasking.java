package com.dipgnn.text;

import java.util.Arrays;
import java.util.Random;

/**
 * Chooses the positions of a text for the generator's masked-token objective, and holds the ELECTRA
 * labelling rule for the discriminator.
 *
 * <p>Maskable positions are the real, non-special tokens: never [CLS], [PAD], [MASK] or [UNK] (an
 * [UNK] target would teach the generator to predict [UNK]). A text with {@code n} maskable tokens gets
 * {@code floor(rate·n)} masks plus one more with probability {@code frac(rate·n)}, so the expected
 * share is exactly {@code rate}; at least one mask whenever {@code n > 0}.
 */
public final class TokenMasking {

    /** Default share of maskable tokens to mask: 20%, like the edge masking (the paper gives no text rate). */
    public static final double DEFAULT_RATE = 0.2;

    private final double rate;

    public TokenMasking() {
        this(DEFAULT_RATE);
    }

    public TokenMasking(double rate) {
        if (!(rate > 0 && rate <= 1)) {
            throw new IllegalArgumentException("mask rate must be in (0, 1]: " + rate);
        }
        this.rate = rate;
    }

    /**
     * The masked positions and the original ids.
     *
     * @param positions masked positions in ascending order
     * @param originals the id at each masked position before masking
     */
    public record Masked(int[] positions, int[] originals) {

        public int count() {
            return positions.length;
        }

        /** A copy of {@code ids} with [MASK] at every masked position. */
        public int[] apply(int[] ids) {
            int[] out = ids.clone();
            for (int p : positions) {
                out[p] = Vocabulary.MASK;
            }
            return out;
        }
    }

    /** Whether the token {@code id} may be masked. */
    public static boolean isMaskable(int id) {
        return id >= Vocabulary.NUM_SPECIAL;
    }

    /** Chooses the masked positions of one encoded text; deterministic given {@code random}'s state. */
    public Masked mask(int[] ids, Random random) {
        int[] candidates = new int[ids.length];
        int n = 0;
        for (int t = 0; t < ids.length; t++) {
            if (isMaskable(ids[t])) {
                candidates[n++] = t;
            }
        }
        int k = maskCount(n, random);
        for (int i = 0; i < k; i++) {
            int j = i + random.nextInt(n - i);
            int swap = candidates[i];
            candidates[i] = candidates[j];
            candidates[j] = swap;
        }
        int[] positions = Arrays.copyOf(candidates, k);
        Arrays.sort(positions);
        int[] originals = new int[k];
        for (int i = 0; i < k; i++) {
            originals[i] = ids[positions[i]];
        }
        return new Masked(positions, originals);
    }

    private int maskCount(int maskable, Random random) {
        if (maskable == 0) {
            return 0;
        }
        double expected = rate * maskable;
        int k = (int) Math.floor(expected);
        if (random.nextDouble() < expected - k) {
            k++;
        }
        return Math.max(1, Math.min(maskable, k));
    }

    /**
     * The ELECTRA discriminator labels: 1 where {@code corrupted} differs from {@code original}
     * ("replaced"), else 0 — a sampled replacement equal to the original counts as original.
     */
    public static float[] replacedLabels(int[] original, int[] corrupted) {
        if (original.length != corrupted.length) {
            throw new IllegalArgumentException(
                    "original has " + original.length + " ids but corrupted " + corrupted.length);
        }
        float[] labels = new float[original.length];
        for (int i = 0; i < labels.length; i++) {
            labels[i] = original[i] == corrupted[i] ? 0f : 1f;
        }
        return labels;
    }

    public double rate() {
        return rate;
    }
}
