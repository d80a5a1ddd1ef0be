package com.dipgnn.pretraining;

import java.util.Random;

/**
 * Draws the generated source of each masked edge from a mixture: with probability {@code share}
 * from the generator's distribution over the edge's candidates, otherwise uniformly among its valid
 * candidates (the true source included). Rows are {@code width} candidate slots, row-major.
 */
final class SourceDraw {

    private SourceDraw() {}

    /**
     * One slot per row.
     *
     * @param probabilities the generator's distribution per row (a one-hot row for its most likely
     *     candidate); padding slots carry 0
     * @param valid which slots hold a real candidate
     * @param share the generator's share in [0, 1]; at 1 no coin is tossed, at 0 the generator is not read
     * @param rng the step's and relation's random source
     */
    static int[] draw(float[] probabilities, boolean[] valid, int rows, int width, double share, Random rng) {
        int[] slots = new int[rows];
        for (int i = 0; i < rows; i++) {
            boolean fromGenerator = share >= 1 || (share > 0 && rng.nextDouble() < share);
            slots[i] = fromGenerator
                    ? fromDistribution(probabilities, i * width, width, rng)
                    : uniformValid(valid, i * width, width, rng);
        }
        return slots;
    }

    /**
     * A slot drawn by inverse transform from the row's probabilities (when rounding leaves their sum
     * below u, the last slot with a positive probability).
     */
    private static int fromDistribution(float[] probabilities, int base, int width, Random rng) {
        double u = rng.nextDouble();
        double cumulative = 0;
        int lastPositive = 0;
        for (int j = 0; j < width; j++) {
            float p = probabilities[base + j];
            cumulative += p;
            if (u < cumulative) {
                return j;
            }
            lastPositive = p > 0 ? j : lastPositive;
        }
        return lastPositive;
    }

    /** A slot drawn uniformly among the row's valid ones (slot 0, the true source, is always valid). */
    private static int uniformValid(boolean[] valid, int base, int width, Random rng) {
        int count = 0;
        for (int j = 0; j < width; j++) {
            count += valid[base + j] ? 1 : 0;
        }
        int chosen = rng.nextInt(count);
        for (int j = 0; j < width; j++) {
            if (valid[base + j] && chosen-- == 0) {
                return j;
            }
        }
        throw new IllegalStateException("row without a valid candidate");
    }
}
