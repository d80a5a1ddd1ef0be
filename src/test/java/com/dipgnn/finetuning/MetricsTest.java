package com.dipgnn.finetuning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class MetricsTest {

    @Test
    void singleLabelMicroF1IsAccuracyAndMacroF1AveragesPerClassF1() {
        ClassificationMetrics m = new ClassificationMetrics(3);
        // actual:    0 0 0 1 1 2
        // predicted: 0 0 1 1 2 2
        int[][] pairs = {{0, 0}, {0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2}};
        for (int[] p : pairs) {
            m.add(p[0], p[1]);
        }
        assertThat(m.accuracy()).isCloseTo(4.0 / 6, within(1e-12));
        assertThat(m.microF1()).isCloseTo(4.0 / 6, within(1e-12));
        // class 0: tp 2 fp 0 fn 1 -> 0.8; class 1: tp 1 fp 1 fn 1 -> 0.5; class 2: tp 1 fp 1 fn 0 -> 2/3
        assertThat(m.macroF1()).isCloseTo((0.8 + 0.5 + 2.0 / 3) / 3, within(1e-12));
    }

    @Test
    void multiLabelCountsEveryNodeClassDecision() {
        ClassificationMetrics m = new ClassificationMetrics(2);
        m.addMulti(new boolean[] {true, true}, new boolean[] {true, false}); // tp0, fp1
        m.addMulti(new boolean[] {false, true}, new boolean[] {true, true}); // fn0, tp1
        // micro: tp 2, fp 1, fn 1 -> 4 / 6
        assertThat(m.microF1()).isCloseTo(4.0 / 6, within(1e-12));
        // class 0: tp1 fn1 -> 2/3; class 1: tp1 fp1 -> 2/3
        assertThat(m.macroF1()).isCloseTo(2.0 / 3, within(1e-12));
        assertThat(m.accuracy()).as("exact set matches").isZero();
    }

    @Test
    void reciprocalRankCountsHigherNegativesAndHalfTheTies() {
        RankingMetrics r = new RankingMetrics();
        r.add(0.9f, new float[] {0.1f, 0.2f, 0.3f}); // rank 1
        r.add(0.5f, new float[] {0.9f, 0.8f, 0.1f}); // rank 3
        r.add(0.5f, new float[] {0.5f, 0.5f, 0.1f}); // rank 1 + 2/2 = 2
        assertThat(r.mrr()).isCloseTo((1 + 1.0 / 3 + 0.5) / 3, within(1e-12));
        assertThat(r.hitsAt1()).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(r.hitsAt10()).isEqualTo(1.0);
    }

    @Test
    void aConstantScorerGetsTheExpectedRandomRankNotAPerfectOne() {
        RankingMetrics r = new RankingMetrics();
        r.add(0f, new float[255]);
        assertThat(r.mrr()).isCloseTo(1 / (1 + 255 / 2.0), within(1e-12));
    }
}
