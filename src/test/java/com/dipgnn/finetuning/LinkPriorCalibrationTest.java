package com.dipgnn.finetuning;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.ranking.PopularityPrior;
import com.dipgnn.ranking.PopularityPriorSetting;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The link task's popularity prior, chosen from validation metrics given by hand. */
class LinkPriorCalibrationTest {

    @Test
    void noPriorUntilCalibrated() {
        assertThat(new LinkPriorCalibration().current()).isEqualTo(PopularityPrior.NONE);
    }

    @Test
    void autoKeepsTheWeightWithTheBestPrimaryMetricTheSmallerOnATie() {
        LinkPriorCalibration calibration = new LinkPriorCalibration();
        List<List<Double>> asked = new ArrayList<>();
        // recall@20 per weight of the grid: rises to 0.5 at 0.02 and 0.04, then falls; mrr disagrees
        PopularityPrior chosen = calibration.calibrate(PopularityPriorSetting.AUTO, "recall@20", betas -> {
            asked.add(betas);
            return betas.stream()
                    .map(b -> Map.of("recall@20", b == 0.02 || b == 0.04 ? 0.5 : 0.3 - b, "mrr", b))
                    .toList();
        });
        assertThat(asked).containsExactly(PopularityPriorSetting.AUTO_GRID); // validated once, on the grid
        assertThat(chosen.beta()).isEqualTo(0.02);
        assertThat(chosen.metric()).isEqualTo("recall@20");
        assertThat(chosen.trials()).hasSize(PopularityPriorSetting.AUTO_GRID.size());
        assertThat(calibration.current()).isEqualTo(chosen);
    }

    @Test
    void aFixedWeightIsUsedWithoutValidating() {
        LinkPriorCalibration calibration = new LinkPriorCalibration();
        PopularityPrior chosen = calibration.calibrate(PopularityPriorSetting.parse("0.08"), "mrr", betas -> {
            throw new AssertionError("a fixed weight needs no validation");
        });
        assertThat(chosen.beta()).isEqualTo(0.08);
        assertThat(chosen.chosenBy()).isEqualTo("fixed");
        assertThat(calibration.current()).isEqualTo(chosen);
    }
}
