package com.dipgnn.optim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ai.djl.Device;
import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import com.dipgnn.model.Linear;
import com.dipgnn.runtime.Devices;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The one optimizer step: phases in order, the update applied, a non-finite loss refused before backward. */
class TrainingStepTest {

    @Test
    void aStepRunsForwardBackwardAndTheUpdateInOrderAndRefusesANonFiniteLoss() {
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            Linear layer = new Linear(2, 1, true);
            ModelInitialization.initialize(1, manager, layer);
            ParameterUpdater updater = new ParameterUpdater(OptimizerConfig.FINE_TUNING, layer);
            Engine engine = Devices.engine();
            float[] before =
                    layer.parameters().values().iterator().next().getArray().toFloatArray();
            List<String> phases = new ArrayList<>();
            TrainingStep.Timing timing = new TrainingStep.Timing() {
                @Override
                public void forwardDone() {
                    phases.add("forward");
                }

                @Override
                public void backwardDone() {
                    phases.add("backward");
                }

                @Override
                public void updateDone() {
                    phases.add("update");
                }
            };
            // loss = sum of the layer's output on (1, 2): 1 * w1 + 2 * w2 + b
            TrainingStep.Result<String> result = TrainingStep.run(
                    manager,
                    engine,
                    updater,
                    scope -> {
                        NDArray out = layer.forward(scope.create(new float[] {1, 2}, new Shape(1, 2)));
                        return new TrainingStep.Forward<>(out.sum(), "computed");
                    },
                    "test loss",
                    timing);
            assertThat(phases).containsExactly("forward", "backward", "update");
            assertThat(result.result()).isEqualTo("computed");
            assertThat(result.loss()).isFinite();
            float[] after =
                    layer.parameters().values().iterator().next().getArray().toFloatArray();
            assertThat(after).isNotEqualTo(before);

            phases.clear();
            assertThatThrownBy(() -> TrainingStep.run(
                            manager,
                            engine,
                            updater,
                            scope -> new TrainingStep.Forward<Void>(
                                    layer.forward(scope.create(new float[] {Float.NaN, 0}, new Shape(1, 2)))
                                            .sum(),
                                    null),
                            "test loss",
                            timing))
                    .isInstanceOf(NonFiniteLossException.class)
                    .hasMessageContaining("test loss is NaN");
            assertThat(phases).as("refused before backward and the update").containsExactly("forward");
            assertThat(layer.parameters().values().iterator().next().getArray().toFloatArray())
                    .containsExactly(after);
        }
    }
}
