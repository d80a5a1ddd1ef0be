package com.dipgnn.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import ai.djl.Device;
import com.dipgnn.optim.LearningRateSchedule;
import com.dipgnn.optim.OptimizerConfig;
import com.dipgnn.ranking.NegativeSampling;
import com.dipgnn.ranking.RankingLoss;
import com.dipgnn.recommend.RecommenderConfig;
import com.dipgnn.recommend.RecommenderKind;
import com.dipgnn.recommend.RowUpdates;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RecommendTrainBenchmarkTest {

    /** 300 users, 400 items (more than the 255 sampled negatives of a held-out pair), 3,000 interactions. */
    private static final String TINY = "synthetic:interactions?users=300&items=400&interactions=3000&seed=1";

    @Test
    void aCellProjectsTheEpochFromTheMedianStep() {
        // 2,500 pairs at 1,024 a step: 3 steps an epoch (the last partial); median of 1..5 ms is 3 ms,
        // so an epoch is 3 x 3 ms = 0.009 s; the 90th percentile (nearest rank: the 5th of 5) is 5 ms
        TrainMeasurement m = new TrainMeasurement(
                null,
                40,
                10,
                2500,
                1024,
                List.of(10, 10),
                new StepTimes(new double[] {4, 1, 3, 2, 5}),
                new TrainMeasurement.HostSampling(2.0, 0.1, 300, 2000),
                1L << 20,
                0.25,
                0.125);
        RecommendTrainCell c = RecommendTrainBenchmark.cell("g", RecommendTrainPath.FANOUT, m, 7, 512, 1.5);
        assertThat(c.stepsPerEpoch()).isEqualTo(3);
        assertThat(c.stepMedianMs()).isEqualTo(3.0);
        assertThat(c.stepP90Ms()).isEqualTo(5.0);
        assertThat(c.epochSeconds()).isCloseTo(0.009, within(1e-12));
        assertThat(c.stepsRun()).isEqualTo(7);
        assertThat(c.stepsTimed()).isEqualTo(5);
        // a wait of 0.1 ms for 2 ms of sampling is within a tenth of it: hidden
        assertThat(c.samplingHidden()).isTrue();
        assertThat(new TrainMeasurement.HostSampling(2.0, 0.3, 300, 2000).hidden())
                .isFalse();
        assertThat(c.peakRssMib()).isEqualTo(512);
        assertThat(c.stepNodes()).isEqualTo(300.0);
        assertThat(c.stepEdges()).isEqualTo(2000.0);
        assertThat(RecommendTrainCell.stepsPerEpoch(2048, 1024)).isEqualTo(2);
        assertThat(RecommendTrainCell.stepsPerEpoch(2049, 1024)).isEqualTo(3);
    }

    @Test
    void theBudgetMustExceedAWarmUpOfAtLeastOneStep() {
        assertThatThrownBy(() -> settings(3, 3)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> settings(3, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void everyPathRunsACellOnATinyInteractionGraph() {
        RecommendTrainBenchmark bench = new RecommendTrainBenchmark(settings(3, 1), Device.cpu(), line -> {});
        List<RecommendTrainCell> cells = new ArrayList<>();
        for (RecommendTrainPath path : RecommendTrainPath.values()) {
            cells.add(bench.run(TINY, path));
        }
        for (RecommendTrainCell c : cells) {
            assertThat(c.skipped()).as(c.path() + " runs").isNull();
            assertThat(c.users()).isEqualTo(300);
            assertThat(c.items()).isEqualTo(400);
            assertThat(c.stepsRun()).isEqualTo(3);
            assertThat(c.stepsTimed()).isEqualTo(2);
            assertThat(c.stepMedianMs()).isPositive();
            assertThat(c.stepP90Ms()).isGreaterThanOrEqualTo(c.stepMedianMs());
            // an epoch of the ~2,000 training pairs: 2 steps of 1,024 for the link task, 1 of 2,048 for the baselines
            assertThat(c.stepsPerEpoch()).isBetween(1L, 3L);
            assertThat(c.peakRssMib()).isPositive();
            assertThat(c.nativeBytes()).isNotNegative();
            assertThat(c.recall20()).isBetween(0.0, 1.0);
            assertThat(c.ndcg20()).isBetween(0.0, 1.0);
            assertThat(c.wallSeconds()).isPositive();
            boolean baseline = c.path().baseline() != null;
            assertThat(c.samplingMsPerStep() == null).as(c.path() + " sampling").isEqualTo(baseline);
            if (!baseline) {
                assertThat(c.samplingMsPerStep()).isPositive();
                assertThat(c.waitMsPerStep()).isNotNegative();
            }
        }
        assertThat(cells.get(RecommendTrainPath.FULL.ordinal()).fanouts()).isNull();
        assertThat(cells.get(RecommendTrainPath.FANOUT.ordinal()).fanouts()).containsExactly(10, 10);
        assertThat(cells.get(RecommendTrainPath.FANOUT.ordinal()).batchSize()).isEqualTo(1024);
        assertThat(cells.get(RecommendTrainPath.MF.ordinal()).batchSize()).isEqualTo(2048);
    }

    private static RecommendTrainBenchmark.Settings settings(int budget, int warmup) {
        Map<RecommenderKind, RecommenderConfig> baselines = new EnumMap<>(RecommenderKind.class);
        for (RecommenderKind k : List.of(RecommenderKind.MF, RecommenderKind.LIGHTGCN)) {
            baselines.put(
                    k,
                    new RecommenderConfig(
                            k,
                            16,
                            2,
                            RankingLoss.BPR,
                            NegativeSampling.UNIFORM,
                            1,
                            0.1,
                            1e-4,
                            400,
                            2048,
                            new OptimizerConfig(1e-3, 0, 0, 1e-8, 0),
                            LearningRateSchedule.CONSTANT,
                            10,
                            5,
                            20,
                            RecommendTrainBenchmark.EVAL_NEGATIVES,
                            RowUpdates.AUTO));
        }
        return new RecommendTrainBenchmark.Settings(budget, warmup, true, 0, null, baselines, 0);
    }
}
