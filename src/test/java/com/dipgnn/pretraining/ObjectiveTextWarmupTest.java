package com.dipgnn.pretraining;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The text pair's warmup each objective takes when a run names none. */
class ObjectiveTextWarmupTest {

    @Test
    void theProductsObjectiveWarmsTheTextPairUpOverAHundredStepsAndThePapersNot() {
        assertThat(Objective.DEFAULT.textWarmupSteps()).isEqualTo(100);
        assertThat(Objective.PAPER.textWarmupSteps()).isZero();
        assertThat(Objective.parseOrDefault(null).textWarmupSteps()).isEqualTo(100);
    }
}
