package com.dipgnn.finetuning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.StepRandom;
import com.dipgnn.graph.split.LinkSplit;
import com.dipgnn.ranking.NegativeSampling;
import com.dipgnn.ranking.RankingLoss;
import com.dipgnn.sampling.FullGraphSampler;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The log-Q correction of the link task's sampled softmax, worked by hand. Training targets 0, 0,
 * 1, 2 among 4 candidates (shares p = 1/2, 1/4, 1/4, 0), pools of 2 positives' targets and 1
 * uniform draw: Q(j) = 1 - (1 - p_j)^2 (3/4), so
 * <pre>
 * Q = 0.8125, 0.578125, 0.578125, 0.25;  log Q = -0.2076394, -0.5479652, -0.5479652, -1.3862944
 * </pre>
 * A candidate's logit is raised by -log Q: most for the rarely pooled, least for the popular.
 */
class LogQCorrectionTest {

    @Test
    void poolProbabilitiesMatchTheHandWorkedValues() {
        float[] log = LogQCorrection.logPoolProbability(new int[] {0, 0, 1, 2}, 4, 2, 1);
        assertThat(log[0]).isCloseTo(-0.2076394f, within(1e-6f));
        assertThat(log[1]).isCloseTo(-0.5479652f, within(1e-6f));
        assertThat(log[2]).isCloseTo(-0.5479652f, within(1e-6f));
        assertThat(log[3]).isCloseTo(-1.3862944f, within(1e-6f));
    }

    @Test
    void eachBatchCandidateGetsMinusItsLogPoolProbability() {
        HeteroGraph graph = LinkPredictionTaskTest.groupedClicks(4);
        RelationType clicked = graph.relation("clicked");
        LinkSplit split = split(graph, clicked);
        LinkPredictionTask corrected = task(graph, split, NegativeSampling.UNIFORM_LOGQ, RankingLoss.SOFTMAX);
        LinkPredictionTask plain = task(graph, split, NegativeSampling.UNIFORM, RankingLoss.SOFTMAX);
        LinkBatch a = corrected.prepare(1, StepRandom.rngFor(0, 1));
        LinkBatch b = plain.prepare(1, StepRandom.rngFor(0, 1));

        assertThat(b.logitOffsets()).isNull();
        assertThat(a.candidates()).isEqualTo(b.candidates()); // the same pool, only corrected
        float[] log = LogQCorrection.logPoolProbability(
                split.train().dst(),
                graph.numNodes("item"),
                Math.min(32, split.train().size()),
                16);
        int[] items = a.subgraph().nodes("item");
        for (int c = 0; c < a.candidates().length; c++) {
            assertThat(a.logitOffsets()[c])
                    .isEqualTo(-log[items[a.candidates()[c]]])
                    .isPositive();
        }
    }

    @Test
    void theCorrectionIsRefusedWithBpr() {
        HeteroGraph graph = LinkPredictionTaskTest.groupedClicks(4);
        LinkSplit split = split(graph, graph.relation("clicked"));
        assertThatThrownBy(() -> task(graph, split, NegativeSampling.UNIFORM_LOGQ, RankingLoss.BPR))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("softmax");
    }

    private static LinkSplit split(HeteroGraph graph, RelationType clicked) {
        int[] users = new int[240];
        Arrays.setAll(users, i -> i);
        return LinkSplit.holdOut(
                graph,
                clicked,
                Arrays.copyOfRange(users, 0, 120),
                Arrays.copyOfRange(users, 120, 180),
                Arrays.copyOfRange(users, 180, 240),
                0.2,
                1);
    }

    private static LinkPredictionTask task(
            HeteroGraph graph, LinkSplit split, NegativeSampling negatives, RankingLoss loss) {
        return new LinkPredictionTask(
                graph,
                split,
                new FullGraphSampler(),
                LinkTaskConfig.sampledSoftmax(32, 15, 16, 0.1, 2).withObjective(loss, negatives));
    }
}
