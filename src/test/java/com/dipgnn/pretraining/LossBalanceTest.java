package com.dipgnn.pretraining;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** When a pre-training loss term swamps the others. */
class LossBalanceTest {

    @Test
    void aRawYearColumnsRegressionLossIsFlagged() {
        // the movie graph's first interval: feature regression 4e5 against edge losses of 5 and 0.7 x 20
        Map<String, Double> means = Map.of(
                PretrainMetrics.GEN_EDGE_LOSS,
                5.0,
                PretrainMetrics.GEN_FEATURE_LOSS,
                4e5,
                PretrainMetrics.DISC_EDGE_LOSS,
                0.7,
                PretrainMetrics.DISC_FEATURE_LOSS,
                0.6);
        assertThat(LossBalance.warning(means, 20))
                .hasValueSatisfying(w -> assertThat(w)
                        .contains("gen_feature_loss")
                        .contains("80000 times gen_edge_loss")
                        .contains("--standardize-features"));
    }

    @Test
    void termsWithinAThousandfoldAreNot() {
        // Cora's figures: the largest weighted term (20 x 0.59 = 11.9) is 960 times the smallest (0.0124)
        Map<String, Double> means = Map.of(
                PretrainMetrics.GEN_EDGE_LOSS,
                3.59,
                PretrainMetrics.GEN_FEATURE_LOSS,
                0.0124,
                PretrainMetrics.DISC_EDGE_LOSS,
                0.593,
                PretrainMetrics.DISC_FEATURE_LOSS,
                0.308);
        assertThat(LossBalance.warning(means, 20)).isEmpty();
        // lambda counts: the same figures at lambda 50 put the discriminator's edge term 2,391 times over
        assertThat(LossBalance.warning(means, 50)).isPresent();
    }

    @Test
    void aSingleTermOrAbsentAndZeroTermsAreNoImbalance() {
        assertThat(LossBalance.warning(Map.of(PretrainMetrics.GAE_LOSS, 0.3), 20))
                .isEmpty();
        assertThat(LossBalance.warning(
                        Map.of(PretrainMetrics.GEN_EDGE_LOSS, 3.0, PretrainMetrics.GEN_FEATURE_LOSS, 0.0), 20))
                .isEmpty();
    }
}
