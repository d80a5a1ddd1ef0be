package com.dipgnn.optim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import com.dipgnn.finetuning.FineTuner;
import com.dipgnn.model.Linear;
import com.dipgnn.runtime.Devices;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The schedules' factors against values worked by hand, and the factor reaching the optimizer:
 * Adam's first step moves every weight by lr · factor whatever its gradient's size.
 */
class LearningRateScheduleTest {

    @Test
    void cosineFallsFromOneTowardsZeroOverTheRun() {
        // 4 steps: ½(1 + cos(π·0/4)) = 1, ½(1 + cos(π/4)) = ½ + √2/4, ½(1 + cos(π/2)) = ½, ½(1 + cos(3π/4)) = ½ − √2/4
        double quarter = Math.sqrt(2) / 4;
        assertThat(LearningRateSchedule.COSINE.factor(1, 4)).isCloseTo(1.0, within(1e-12));
        assertThat(LearningRateSchedule.COSINE.factor(2, 4)).isCloseTo(0.5 + quarter, within(1e-12));
        assertThat(LearningRateSchedule.COSINE.factor(3, 4)).isCloseTo(0.5, within(1e-12));
        assertThat(LearningRateSchedule.COSINE.factor(4, 4)).isCloseTo(0.5 - quarter, within(1e-12));
        assertThat(LearningRateSchedule.CONSTANT.factor(4, 4)).isEqualTo(1.0);
    }

    @Test
    void aStepOutsideTheRunAndAnUnknownNameAreRefused() {
        assertThatThrownBy(() -> LearningRateSchedule.COSINE.factor(5, 4))
                .hasMessageContaining("outside the run's 1..4");
        assertThatThrownBy(() -> LearningRateSchedule.COSINE.factor(0, 4)).hasMessageContaining("step 0");
        assertThatThrownBy(() -> LearningRateSchedule.parse("linear")).hasMessageContaining("use constant or cosine");
        assertThat(LearningRateSchedule.parse(" Cosine")).isEqualTo(LearningRateSchedule.COSINE);
    }

    @Test
    void theFactorScalesTheOptimizersStep() {
        // Adam's first step is lr · m̂ / (√v̂ + ε) with m̂ = g and v̂ = g²: lr · sign(g), up to ε = 1e-8.
        assertThat(firstStepMovement(1.0)).containsOnly(0.1f);
        assertThat(firstStepMovement(0.25)).containsOnly(0.025f);
        assertThatThrownBy(() -> new ParameterUpdater(OptimizerConfig.FINE_TUNING, new Linear(1, 1, false))
                        .setLearningRateFactor(1.5))
                .hasMessageContaining("within 0..1");
    }

    @Test
    void aModulesOwnFactorScalesItsStepOnTopOfTheRunsAndLeavesTheOthers() {
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            Linear first = new Linear(2, 1, false);
            Linear second = new Linear(2, 1, false);
            ModelInitialization.initialize(1, manager, first, second);
            ParameterUpdater updater = new ParameterUpdater(new OptimizerConfig(0.1, 0, 0, 1e-8, 0), first, second);
            updater.setLearningRateFactor(0.5);
            updater.setLearningRateFactor(second, 0.25);
            float[] firstBefore = weights(first);
            float[] secondBefore = weights(second);
            FineTuner.optimizerStep(manager, Devices.engine(), updater, scope -> {
                var x = scope.create(new float[] {3, 5}, new Shape(1, 2));
                return first.forward(x).sum().add(second.forward(x).sum());
            });
            // Adam's first step moves each weight by lr · factor: 0.1 · 0.5, and 0.1 · 0.5 · 0.25 for the second
            assertThat(moved(firstBefore, weights(first))).containsOnly(0.05f);
            assertThat(moved(secondBefore, weights(second))).containsOnly(0.0125f);
        }
        assertThatThrownBy(() -> new ParameterUpdater(OptimizerConfig.FINE_TUNING, new Linear(1, 1, false))
                        .setLearningRateFactor(new Linear(1, 1, false), 0.5))
                .hasMessageContaining("not one this updater steps");
    }

    private static float[] moved(float[] before, float[] after) {
        float[] moved = new float[before.length];
        for (int i = 0; i < moved.length; i++) {
            moved[i] = Math.round((before[i] - after[i]) * 1e5f) / 1e5f;
        }
        return moved;
    }

    /** How far each weight of a 2 → 1 layer moves in one step on loss = 3·w1 + 5·w2 + b (gradients 3, 5, 1). */
    private static float[] firstStepMovement(double factor) {
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            Linear layer = new Linear(2, 1, true);
            ModelInitialization.initialize(1, manager, layer);
            ParameterUpdater updater = new ParameterUpdater(new OptimizerConfig(0.1, 0, 0, 1e-8, 0), layer);
            updater.setLearningRateFactor(factor);
            float[] before = weights(layer);
            FineTuner.optimizerStep(
                    manager,
                    Devices.engine(),
                    updater,
                    scope -> layer.forward(scope.create(new float[] {3, 5}, new Shape(1, 2)))
                            .sum());
            float[] after = weights(layer);
            float[] moved = new float[before.length];
            for (int i = 0; i < moved.length; i++) {
                moved[i] = Math.round((before[i] - after[i]) * 1e5f) / 1e5f;
            }
            return moved;
        }
    }

    private static float[] weights(Linear layer) {
        return layer.parameters().values().stream()
                .map(p -> p.getArray().toFloatArray())
                .reduce(new float[0], LearningRateScheduleTest::concat);
    }

    private static float[] concat(float[] a, float[] b) {
        float[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
