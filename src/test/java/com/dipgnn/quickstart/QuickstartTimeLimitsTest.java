package com.dipgnn.quickstart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.config.ServiceProperties;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** How the quick start's time limit is divided between its pre-training and its fine-tuning, worked by hand. */
class QuickstartTimeLimitsTest {

    private static ServiceProperties.Quickstart limit(Duration limit) {
        return new ServiceProperties.Quickstart(true, 100, 200, "recommendations", limit);
    }

    @Test
    void preTrainingMayTakeFourFifthsAndFineTuningWhatIsLeft() {
        ServiceProperties.Quickstart threeMinutes = limit(Duration.ofMinutes(3));
        // 0.8 x 180 s
        assertThat(QuickstartTimeLimits.pretraining(threeMinutes)).contains(144);
        // pre-training took 100 s: 180 - 100 = 80 s are left
        assertThat(QuickstartTimeLimits.fineTuning(threeMinutes, Duration.ofSeconds(100)))
                .contains(80);
        // pre-training took 170 s (its 144 s and the steps that ran over): at least 0.2 x 180 = 36 s
        assertThat(QuickstartTimeLimits.fineTuning(threeMinutes, Duration.ofSeconds(170)))
                .contains(36);
    }

    @Test
    void aShortLimitStillGivesEachJobASecond() {
        ServiceProperties.Quickstart oneSecond = limit(Duration.ofMillis(400));
        assertThat(QuickstartTimeLimits.pretraining(oneSecond)).contains(1);
        assertThat(QuickstartTimeLimits.fineTuning(oneSecond, Duration.ofSeconds(5)))
                .contains(1);
    }

    @Test
    void zeroMeansNoLimit() {
        ServiceProperties.Quickstart none = limit(Duration.ZERO);
        assertThat(QuickstartTimeLimits.pretraining(none)).isEmpty();
        assertThat(QuickstartTimeLimits.fineTuning(none, Duration.ofHours(1))).isEmpty();
        assertThat(QuickstartTimeLimits.describe(none)).contains("no time limit");
    }

    @Test
    void aNegativeLimitIsRefusedByName() {
        assertThatThrownBy(() -> limit(Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("dipgnn.quickstart.time-limit");
    }
}
