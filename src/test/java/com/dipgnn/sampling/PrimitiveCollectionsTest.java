package com.dipgnn.sampling;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.graph.StepRandom;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PrimitiveCollectionsTest {

    @Test
    void intDoubleMapBehavesLikeAHashMapUnderRandomAddsAndRemoves() {
        Random rng = new Random(1);
        IntDoubleMap map = new IntDoubleMap();
        Map<Integer, Double> reference = new HashMap<>();
        for (int op = 0; op < 200_000; op++) {
            int key = rng.nextInt(3000) * 7919; // spread keys, many collisions in the low bits
            if (rng.nextInt(3) == 0) {
                map.remove(key);
                reference.remove(key);
            } else {
                double delta = rng.nextDouble();
                map.add(key, delta);
                reference.merge(key, delta, Double::sum);
            }
        }

        assertThat(map.size()).isEqualTo(reference.size());
        int[] keys = map.keys();
        double[] values = map.values();
        Map<Integer, Double> copied = new HashMap<>();
        for (int i = 0; i < keys.length; i++) {
            copied.put(keys[i], values[i]);
        }
        assertThat(copied).isEqualTo(reference);
        for (int probe = 0; probe < 3000; probe++) {
            int key = probe * 7919;
            assertThat(map.containsKey(key)).isEqualTo(reference.containsKey(key));
            assertThat(map.get(key)).isEqualTo(reference.getOrDefault(key, 0.0));
        }
    }

    @Test
    void intOrderedSetKeepsFirstInsertionOrderAndMembership() {
        Random rng = new Random(2);
        IntOrderedSet set = new IntOrderedSet();
        LinkedHashSet<Integer> reference = new LinkedHashSet<>();
        for (int i = 0; i < 50_000; i++) {
            int value = rng.nextInt(20_000);
            assertThat(set.add(value)).isEqualTo(reference.add(value));
        }

        List<Integer> order = new ArrayList<>();
        for (int value : set.toArray()) {
            order.add(value);
        }
        assertThat(order).containsExactlyElementsOf(reference);
        assertThat(set.contains(20_001)).isFalse();
        set.clear();
        assertThat(set.size()).isZero();
        assertThat(set.contains(order.get(0))).isFalse();
        assertThat(set.add(order.get(0))).isTrue();
    }

    @Test
    void weightedDrawIsDistinctSkipsZeroWeightsAndFollowsTheWeights() {
        double[] weights = {1, 0, 3, 6, 0};
        Random rng = new Random(3);
        int[] firstCounts = new int[weights.length];
        int trials = 20_000;
        for (int t = 0; t < trials; t++) {
            int[] drawn = WeightedDraw.withoutReplacement(weights, 2, rng);
            assertThat(drawn).hasSize(2).doesNotHaveDuplicates().doesNotContain(1, 4);
            firstCounts[drawn[0]]++;
        }
        assertThat(firstCounts[0] / (double) trials).isCloseTo(0.1, org.assertj.core.api.Assertions.within(0.01));
        assertThat(firstCounts[2] / (double) trials).isCloseTo(0.3, org.assertj.core.api.Assertions.within(0.015));
        assertThat(firstCounts[3] / (double) trials).isCloseTo(0.6, org.assertj.core.api.Assertions.within(0.015));

        assertThat(WeightedDraw.withoutReplacement(weights, 3, rng)).containsExactly(0, 2, 3);
    }

    @Test
    void secondDrawIsProportionalAmongTheRest() {
        // Successive sampling: P(second = 2 | first = 3) = 3 / (1 + 3).
        double[] weights = {1, 3, 6};
        Random rng = new Random(4);
        int firstIsHeavy = 0;
        int thenMiddle = 0;
        for (int t = 0; t < 40_000; t++) {
            int[] drawn = WeightedDraw.withoutReplacement(weights, 2, rng);
            if (drawn[0] == 2) {
                firstIsHeavy++;
                if (drawn[1] == 1) {
                    thenMiddle++;
                }
            }
        }
        assertThat(thenMiddle / (double) firstIsHeavy).isCloseTo(0.75, org.assertj.core.api.Assertions.within(0.015));
    }

    @Test
    void stepRandomDependsOnlyOnSeedAndStep() {
        assertThat(StepRandom.rngFor(7, 3).nextLong())
                .isEqualTo(StepRandom.rngFor(7, 3).nextLong());
        assertThat(StepRandom.seedFor(7, 3)).isNotEqualTo(StepRandom.seedFor(7, 4));
        assertThat(StepRandom.seedFor(7, 3)).isNotEqualTo(StepRandom.seedFor(8, 3));
        assertThat(StepRandom.seedFor(0, 0)).isNotEqualTo(StepRandom.seedFor(1, -1));
    }
}
