package com.dipgnn.ranking;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class PopularityPriorTest {

    @Test
    void logDegreesCountEachCandidatesEdges() {
        // candidate 0 is the target of two edges, 2 of one, 1 and 3 of none
        float[] logs = PopularityPrior.logDegrees(new int[] {0, 2, 0}, 4);
        assertThat(logs[0]).isCloseTo((float) Math.log(3), within(1e-6f));
        assertThat(logs[1]).isZero();
        assertThat(logs[2]).isCloseTo((float) Math.log(2), within(1e-6f));
        assertThat(logs[3]).isZero();
    }

    @Test
    void termsAreTheWeightTimesTheLogDegree() {
        PopularityPrior prior = new PopularityPrior(0.5, "fixed", null, List.of());
        assertThat(prior.term(3)).isCloseTo((float) (0.5 * Math.log(4)), within(1e-6f));
        assertThat(prior.terms(new int[] {1, 1, 1}, 2)).containsExactly(0f, (float) (0.5 * Math.log(4)));
        assertThat(prior.changesScores()).isTrue();
        assertThat(PopularityPrior.NONE.changesScores()).isFalse();
    }

    @Test
    void aNegativeOrNonFiniteWeightIsRefused() {
        assertThatThrownBy(() -> new PopularityPrior(-0.1, "fixed", null, List.of()))
                .hasMessageContaining("must be finite and not negative");
        assertThatThrownBy(() -> new PopularityPrior(Double.NaN, "fixed", null, List.of()))
                .hasMessageContaining("must be finite and not negative");
    }

    @Test
    void settingsParseAutoOffAndAWeight() {
        assertThat(PopularityPriorSetting.parse("auto")).isEqualTo(PopularityPriorSetting.AUTO);
        assertThat(PopularityPriorSetting.parse(" Off ")).isEqualTo(PopularityPriorSetting.OFF);
        assertThat(PopularityPriorSetting.parse("none")).isEqualTo(PopularityPriorSetting.OFF);
        assertThat(PopularityPriorSetting.parse("0")).isEqualTo(PopularityPriorSetting.OFF);
        assertThat(PopularityPriorSetting.parse("0.02")).isEqualTo(new PopularityPriorSetting(false, 0.02));
        assertThat(PopularityPriorSetting.parse("0.02").cliName()).isEqualTo("0.02");
        assertThatThrownBy(() -> PopularityPriorSetting.parse("popular"))
                .hasMessageContaining("unknown popularity prior 'popular'")
                .hasMessageContaining("auto");
        assertThatThrownBy(() -> PopularityPriorSetting.parse("-1"))
                .hasMessageContaining("must be finite and not negative");
    }

    @Test
    void autoKeepsTheBestValidationValueAndTheSmallerWeightOnATie() {
        PopularityPriorSetting auto = PopularityPriorSetting.AUTO;
        assertThat(auto.candidates()).containsExactly(0.0, 0.005, 0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64);
        PopularityPrior best = auto.choose("recall@20", List.of(0.10, 0.11, 0.12, 0.13, 0.13, 0.12, 0.1, 0.1, 0.1));
        assertThat(best.beta()).isEqualTo(0.02);
        assertThat(best.chosenBy()).isEqualTo("validation");
        assertThat(best.metric()).isEqualTo("recall@20");
        assertThat(best.trials()).hasSize(9).first().isEqualTo(new PopularityPrior.Trial(0.0, 0.10));
        // nothing better than none: none
        assertThat(auto.choose("mrr", List.of(0.3, 0.2, 0.2, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1))
                        .beta())
                .isZero();
        assertThatThrownBy(() -> auto.choose("mrr", List.of(0.3))).hasMessageContaining("expected 9");
    }

    @Test
    void aFixedSettingIsNotChosen() {
        PopularityPrior fixed = PopularityPriorSetting.parse("0.04").choose("mrr", List.of(0.1));
        assertThat(fixed.beta()).isEqualTo(0.04);
        assertThat(fixed.chosenBy()).isEqualTo("fixed");
        assertThat(fixed.trials()).isEmpty();
        assertThat(PopularityPriorSetting.OFF.fixed()).isEqualTo(PopularityPrior.NONE);
    }
}
