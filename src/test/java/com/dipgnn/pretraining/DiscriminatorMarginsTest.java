package com.dipgnn.pretraining;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class DiscriminatorMarginsTest {

    @Test
    void eachDiscriminatorIsReadAgainstItsTrivialRate() {
        // the paper's Table 6: 0.87 against (1 + 0.50) / 2 = 0.75
        Map<String, Double> figures = Map.of(
                PretrainMetrics.DISC_ACCURACY, 0.87,
                PretrainMetrics.DISC_TRIVIAL_RATE, 0.75,
                PretrainMetrics.DISC_FEATURE_ACCURACY, 0.79,
                PretrainMetrics.DISC_FEATURE_TRIVIAL_RATE, 0.80);
        assertThat(DiscriminatorMargins.describe(figures))
                .containsExactly(
                        "edge discriminator: accuracy 0.870 against a trivial 0.750 (margin +0.120)",
                        "feature discriminator: accuracy 0.790 against a trivial 0.800 (margin -0.010)");
        assertThat(DiscriminatorMargins.describe(Map.of(PretrainMetrics.GEN_ACCURACY, 0.5)))
                .isEmpty();
    }

    @Test
    void countsGiveTheMoreCommonLabelsShareAsTheTrivialRate() {
        // labels 1, 1, 1, 0: a constant "1" is right 3 times in 4; the logits get 2 right
        BinaryCounts counts = new BinaryCounts();
        counts.add(new float[] {2f, -1f, 0.5f, 1f}, new float[] {1f, 1f, 1f, 0f}, null);
        assertThat(counts.trivialRate()).isEqualTo(0.75);
        assertThat(counts.accuracy()).isEqualTo(0.5);
        // only the included items count: the first two, both labelled 1, one right
        BinaryCounts masked = new BinaryCounts();
        masked.add(
                new float[] {2f, -1f, 0.5f, 1f}, new float[] {1f, 1f, 1f, 0f}, new boolean[] {true, true, false, false
                });
        assertThat(masked.trivialRate()).isEqualTo(1.0);
        assertThat(masked.accuracy()).isEqualTo(0.5);
    }
}
