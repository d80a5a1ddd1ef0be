package com.dipgnn.jobs.runner;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.sampling.WholeGraphBudget;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A worker's whole-graph memory bound reaches what its jobs train, and changes nothing else of them. */
class WholeGraphMemoryPlanTest {

    private static final long ONE_GIB = 1L << 30;

    @Test
    void aFineTuningPlanTakesTheBoundAndKeepsItsNodeBound() {
        FinetunePlan plan = (FinetunePlan) JobFixtures.work(
                        JobFixtures.finetune(null, 4, JobFixtures.SPLIT_SEED, 0.01), Path.of("unused"), "job", null)
                .plan();
        FinetunePlan bounded = plan.withWholeGraphMemory(ONE_GIB);

        assertThat(plan.spec().fullGraphMaxBytes()).isEqualTo(WholeGraphBudget.DEFAULT_MAX_EDGE_BYTES);
        assertThat(bounded.spec().wholeGraphBudget())
                .isEqualTo(new WholeGraphBudget(plan.spec().fullGraphMaxNodes(), ONE_GIB));
        assertThat(bounded.withWholeGraphMemory(WholeGraphBudget.DEFAULT_MAX_EDGE_BYTES))
                .isEqualTo(plan);
    }

    @Test
    void aPreTrainingPlanTakesTheBoundAndKeepsTheRest() {
        PretrainPlan plan = (PretrainPlan) JobFixtures.work(JobFixtures.pretrain(6), Path.of("unused"), "job", null)
                .plan();
        PretrainPlan bounded = plan.withWholeGraphMemory(ONE_GIB);

        assertThat(bounded.config().wholeGraphBudget())
                .isEqualTo(new WholeGraphBudget(plan.config().fullGraphMaxNodes(), ONE_GIB));
        assertThat(bounded.withWholeGraphMemory(WholeGraphBudget.DEFAULT_MAX_EDGE_BYTES))
                .isEqualTo(plan);
    }

    @Test
    void anEmbeddingPlanTrainsNothingAndStaysAsItIs() {
        EmbedPlan plan = new EmbedPlan("m1", 10);
        assertThat(plan.withWholeGraphMemory(ONE_GIB)).isSameAs(plan);
    }
}
