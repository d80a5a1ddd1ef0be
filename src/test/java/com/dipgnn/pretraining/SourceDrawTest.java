package com.dipgnn.pretraining;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class SourceDrawTest {

    private static final int DRAWS = 40_000;

    @Test
    void withTheGeneratorsWholeShareSourcesFollowItsProbabilities() {
        // row 0 puts all mass on slot 2; row 1 splits it 1 : 3 between slots 0 and 1
        float[] probabilities = {0, 0, 1, 0.25f, 0.75f, 0};
        boolean[] valid = {true, true, true, true, true, true};
        Random rng = new Random(7);
        int[] counts = new int[3];
        for (int draw = 0; draw < 20_000; draw++) {
            int[] slots = SourceDraw.draw(probabilities, valid, 2, 3, 1.0, rng);
            assertThat(slots[0]).isEqualTo(2);
            counts[slots[1]]++;
        }
        assertThat(counts[2]).isZero();
        // 5,000 expected for slot 0; the binomial standard deviation is 61
        assertThat(counts[0]).isBetween(4_700, 5_300);
    }

    @Test
    void halfTheSourcesComeFromTheGeneratorAndHalfUniformlyFromTheCandidates() {
        // generator 0.7 / 0.2 / 0.1 / 0 over four valid candidates, share 0.5: each slot's frequency is
        // 0.5 p + 0.5 / 4, i.e. 0.475, 0.225, 0.175 and 0.125
        float[] probabilities = {0.7f, 0.2f, 0.1f, 0f};
        boolean[] valid = {true, true, true, true};
        double[] frequency = frequencies(probabilities, valid, 0.5, new Random(11));
        double[] expected = {0.475, 0.225, 0.175, 0.125};
        for (int slot = 0; slot < 4; slot++) {
            // the binomial standard deviation at 40,000 draws is at most 0.0025
            assertThat(frequency[slot]).as("slot %d", slot).isCloseTo(expected[slot], within(0.01));
        }
    }

    @Test
    void uniformDrawsNeverPickPaddingAndNeedNoGenerator() {
        // share 0: a third to each of the three real candidates, none to the padding slot
        boolean[] valid = {true, true, true, false};
        double[] frequency = frequencies(null, valid, 0.0, new Random(3));
        for (int slot = 0; slot < 3; slot++) {
            assertThat(frequency[slot]).as("slot %d", slot).isCloseTo(1.0 / 3, within(0.01));
        }
        assertThat(frequency[3]).isZero();
    }

    @Test
    void aShareOfOneTossesNoCoinSoTheGeneratorsDrawsStayAsTheyWere() {
        float[] probabilities = {0.5f, 0.5f, 0.1f, 0.9f};
        boolean[] valid = {true, true, true, true};
        int[] first = SourceDraw.draw(probabilities, valid, 2, 2, 1.0, new Random(5));
        Random reference = new Random(5);
        int[] expected = {reference.nextDouble() < 0.5 ? 0 : 1, reference.nextDouble() < 0.1 ? 0 : 1};
        assertThat(first).containsExactly(expected);
    }

    private static double[] frequencies(float[] probabilities, boolean[] valid, double share, Random rng) {
        int[] counts = new int[valid.length];
        for (int draw = 0; draw < DRAWS; draw++) {
            counts[SourceDraw.draw(probabilities, valid, 1, valid.length, share, rng)[0]]++;
        }
        double[] out = new double[counts.length];
        for (int i = 0; i < counts.length; i++) {
            out[i] = (double) counts[i] / DRAWS;
        }
        return out;
    }

    private static org.assertj.core.data.Offset<Double> within(double value) {
        return org.assertj.core.data.Offset.offset(value);
    }
}
