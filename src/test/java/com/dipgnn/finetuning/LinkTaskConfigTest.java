package com.dipgnn.finetuning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.ranking.NegativeSampling;
import com.dipgnn.ranking.RankingLoss;
import org.junit.jupiter.api.Test;

class LinkTaskConfigTest {

    @Test
    void theSampledSoftmaxIsTheDefaultObjectiveAndTheWithersChangeOnlyTheirOwnSettings() {
        LinkTaskConfig paper = LinkTaskConfig.sampledSoftmax(64, 255, 32, 0.1, 7);
        assertThat(paper)
                .isEqualTo(
                        new LinkTaskConfig(64, 255, 32, 0.1, 7, RankingLoss.SOFTMAX, NegativeSampling.UNIFORM, false));
        assertThat(paper.withObjective(RankingLoss.BPR, NegativeSampling.IN_BATCH))
                .isEqualTo(new LinkTaskConfig(64, 255, 32, 0.1, 7, RankingLoss.BPR, NegativeSampling.IN_BATCH, false));
        assertThat(paper.withFullRankingSelection(true))
                .isEqualTo(
                        new LinkTaskConfig(64, 255, 32, 0.1, 7, RankingLoss.SOFTMAX, NegativeSampling.UNIFORM, true));
    }

    @Test
    void theLogQCorrectionIsRefusedWithAnyLossButTheSoftmax() {
        LinkTaskConfig paper = LinkTaskConfig.sampledSoftmax(64, 255, 32, 0.1, 7);
        assertThatThrownBy(() -> paper.withObjective(RankingLoss.BPR, NegativeSampling.UNIFORM_LOGQ))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("softmax");
        assertThat(paper.withObjective(RankingLoss.SOFTMAX, NegativeSampling.UNIFORM_LOGQ)
                        .negatives())
                .isEqualTo(NegativeSampling.UNIFORM_LOGQ);
    }
}
