package com.dipgnn.finetuning;

import static org.assertj.core.api.Assertions.assertThat;

import ai.djl.ndarray.NDManager;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.GraphModule;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.optim.ModelInitialization;
import com.dipgnn.optim.OptimizerConfig;
import com.dipgnn.optim.TrainingListener;
import com.dipgnn.sampling.FullGraphSampler;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A time limit ends fine-tuning at the step it is reached, with that step validated and the best weights kept. */
class FineTuneTimeUpTest {

    @Test
    void endsAtTheStepTheTimeIsUpAndValidatesIt() {
        HeteroGraph graph = FineTunerTest.communities(120, 3);
        int[] ids = new int[120];
        Arrays.setAll(ids, i -> i);
        NodeClassificationTask task = new NodeClassificationTask(
                graph,
                "node",
                Arrays.copyOfRange(ids, 0, 40),
                Arrays.copyOfRange(ids, 40, 80),
                Arrays.copyOfRange(ids, 80, 120),
                new FullGraphSampler(),
                40);
        ModelConfig model = new ModelConfig(Backbone.GAT, 1, 8, 2, 0.0, 0.0);
        // 50 steps, validation every 5: the time is up after step 7, which is not a validation step
        FineTuneConfig config = new FineTuneConfig(50, 40, 5, 0, OptimizerConfig.FINE_TUNING, 3);
        List<Long> validated = new ArrayList<>();
        long[] ended = {-1};
        TrainingListener upAfterSeven = new TrainingListener() {
            private long step;

            @Override
            public void onStep(long step, long totalSteps, double loss) {
                this.step = step;
            }

            @Override
            public void onValidation(long step, Map<String, Double> metrics, boolean improved) {
                validated.add(step);
            }

            @Override
            public void onTrainingEnd(long stepsRun) {
                ended[0] = stepsRun;
            }

            @Override
            public boolean timeUp() {
                return step >= 7;
            }
        };
        try (NDManager manager = NDManager.newBaseManager()) {
            GraphEncoder encoder = new GraphEncoder(GraphSchema.of(graph), model);
            GraphModule head = task.createHead(model.hidden());
            ModelInitialization.initialize(config.seed(), manager, encoder, head);
            FineTuneResult result = new FineTuner(config, upAfterSeven).run(task, encoder, head, manager);
            assertThat(result.stepsRun()).isEqualTo(7);
            assertThat(ended[0]).isEqualTo(7);
            assertThat(validated)
                    .as("the validation at 5, then the last step's")
                    .containsExactly(5L, 7L);
            assertThat(result.bestStep()).isIn(5L, 7L);
        }
    }
}
