package com.dipgnn.pretraining;

import static org.assertj.core.api.Assertions.assertThat;

import ai.djl.ndarray.NDManager;
import com.dipgnn.graph.synthetic.SyntheticGraphs;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A time limit ends pre-training at the step it is reached; the partial interval is logged and the steps counted. */
class PretrainTimeUpTest {

    @Test
    void endsAtTheStepTheTimeIsUpAndLogsThePartialInterval() throws Exception {
        // 20 steps logged every 2 (PretrainerSmokeTest.small); the time is up after step 5
        PretrainConfig config = PretrainerSmokeTest.small(PretrainMethod.DIPGNN, 20);
        List<PretrainLogEntry> logged = new ArrayList<>();
        PretrainListener upAfterFive = new PretrainListener() {
            private long step;

            @Override
            public void onStep(long step, long totalSteps, java.util.Map<String, Double> stats) {
                this.step = step;
            }

            @Override
            public void onLog(PretrainLogEntry entry) {
                logged.add(entry);
            }

            @Override
            public boolean timeUp() {
                return step >= 5;
            }
        };
        try (NDManager manager = NDManager.newBaseManager(ai.djl.Device.cpu())) {
            PretrainResult result = new Pretrainer(config, upAfterFive)
                    .run(SyntheticGraphs.community(1), PretrainerSmokeTest.SMALL, manager, null);
            assertThat(result.steps()).isEqualTo(5);
            // entries at 2 and 4 (two steps each), then step 5 alone
            assertThat(logged).extracting(PretrainLogEntry::step).containsExactly(2L, 4L, 5L);
            assertThat(logged.get(2).steps()).isEqualTo(1);
            assertThat(result.history()).isEqualTo(logged);
        }
    }

    @Test
    void aLimitPassedAtOnceStillRunsOneStep() throws Exception {
        PretrainConfig config = PretrainerSmokeTest.small(PretrainMethod.DIPGNN, 4);
        PretrainListener alwaysUp = new PretrainListener() {
            @Override
            public boolean timeUp() {
                return true;
            }
        };
        try (NDManager manager = NDManager.newBaseManager(ai.djl.Device.cpu())) {
            PretrainResult result = new Pretrainer(config, alwaysUp)
                    .run(SyntheticGraphs.community(1), PretrainerSmokeTest.SMALL, manager, null);
            assertThat(result.steps())
                    .as("asked after step 1: the run ends there")
                    .isEqualTo(1);
            assertThat(result.history()).extracting(PretrainLogEntry::step).containsExactly(1L);
        }
    }
}
