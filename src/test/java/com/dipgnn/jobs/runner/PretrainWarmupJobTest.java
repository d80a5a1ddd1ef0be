package com.dipgnn.jobs.runner;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.jobs.parameters.PretrainParameters;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

/** A pre-training job's {@code warmupSteps} becomes its plan's learning-rate warmup; absent, none. */
class PretrainWarmupJobTest {

    private final ObjectMapper json = new ObjectMapper();

    @Test
    void theFieldBecomesThePlansWarmup() {
        ObjectNode pretrain = json.valueToTree(JobFixtures.pretrain(10));
        pretrain.put("warmupSteps", 100);
        PretrainPlan plan =
                json.convertValue(pretrain, PretrainParameters.class).plan(JobFixtures.GRAPH, null);
        assertThat(plan.config().warmupSteps()).isEqualTo(100);

        pretrain.remove("warmupSteps");
        assertThat(json.convertValue(pretrain, PretrainParameters.class)
                        .plan(JobFixtures.GRAPH, null)
                        .config()
                        .warmupSteps())
                .as("absent: none")
                .isZero();
    }

    @Test
    void theTextPairsFieldBecomesThePlansTextWarmupAndAbsentTheObjectives() {
        ObjectNode pretrain = json.valueToTree(JobFixtures.pretrain(10));
        pretrain.put("textWarmupSteps", 100);
        PretrainPlan plan =
                json.convertValue(pretrain, PretrainParameters.class).plan(JobFixtures.GRAPH, null);
        assertThat(plan.config().textWarmupSteps()).isEqualTo(100);
        assertThat(plan.config().warmupSteps())
                .as("the run's own warmup stays none")
                .isZero();

        pretrain.remove("textWarmupSteps");
        assertThat(textWarmup(pretrain)).as("absent: the default objective's").isEqualTo(100);
        pretrain.put("objective", "paper");
        assertThat(textWarmup(pretrain))
                .as("absent, the paper's objective: none")
                .isZero();
    }

    private int textWarmup(ObjectNode pretrain) {
        return json.convertValue(pretrain, PretrainParameters.class)
                .plan(JobFixtures.GRAPH, null)
                .config()
                .textWarmupSteps();
    }
}
