package com.dipgnn.graph.synthetic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SamplingHelpersTest {

    @Test
    void aliasSamplerDrawsInProportionToTheWeights() {
        double[] weights = {5, 0, 1, 3, 1};
        AliasSampler sampler = new AliasSampler(weights);
        SplittableRandom rng = new SplittableRandom(1);
        int draws = 200_000;
        int[] counts = new int[weights.length];
        for (int i = 0; i < draws; i++) {
            counts[sampler.sample(rng)]++;
        }

        for (int i = 0; i < weights.length; i++) {
            assertThat((double) counts[i] / draws).isCloseTo(weights[i] / 10, within(0.01));
        }
        assertThat(counts[1]).isZero();
    }

    @Test
    void aliasSamplerRejectsWeightsThatSumToZero() {
        assertThatThrownBy(() -> new AliasSampler(new double[] {0, 0}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("sum to 0");
    }

    @Test
    void pairSetAgreesWithAHashSetWhileGrowing() {
        PairSet pairs = new PairSet(4);
        Set<Long> reference = new HashSet<>();
        SplittableRandom rng = new SplittableRandom(2);
        for (int i = 0; i < 20_000; i++) {
            int a = rng.nextInt(300);
            int b = rng.nextInt(300);
            assertThat(pairs.add(a, b)).isEqualTo(reference.add(PairSet.key(a, b)));
        }
        assertThat(pairs.size()).isEqualTo(reference.size());
        assertThat(pairs.contains(1, 2)).isEqualTo(reference.contains(PairSet.key(1, 2)));
        assertThat(pairs.contains(2, 1)).isEqualTo(reference.contains(PairSet.key(2, 1)));
    }

    @Test
    void distinctEdgesHaveTheExactCountNoDuplicatesNoSelfLoopsAndCappedDegrees() {
        SplittableRandom rng = new SplittableRandom(3);
        DistinctEdges.Edges edges = DistinctEdges.generate(
                "x__r__x",
                50,
                50,
                1_000,
                25,
                true,
                random -> random.nextInt(5),
                (source, rejected, random) -> random.nextInt(3),
                rng);

        assertThat(edges.src()).hasSize(1_000);
        PairSet seen = new PairSet(1_000);
        int[] degree = new int[50];
        for (int i = 0; i < 1_000; i++) {
            assertThat(edges.src()[i]).isNotEqualTo(edges.dst()[i]);
            assertThat(seen.add(edges.src()[i], edges.dst()[i])).isTrue();
            degree[edges.src()[i]]++;
        }
        assertThat(Arrays.stream(degree).max().getAsInt()).isLessThanOrEqualTo(25);
    }

    @Test
    void distinctEdgesRejectMoreEdgesThanFit() {
        assertThatThrownBy(() -> DistinctEdges.generate(
                        "a__r__b",
                        3,
                        4,
                        7,
                        2,
                        false,
                        random -> 0,
                        (source, rejected, random) -> 0,
                        new SplittableRandom(4)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("a__r__b")
                .hasMessageContaining("7 distinct edges do not fit 3 sources");
    }
}
