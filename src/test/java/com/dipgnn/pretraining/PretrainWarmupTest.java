package com.dipgnn.pretraining;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ai.djl.ndarray.NDManager;
import com.dipgnn.graph.synthetic.SyntheticGraphs;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The warmup reaches the optimizer: Adam's first update moves each parameter by about the learning
 * rate times the step's factor (m / sqrt(v) is the gradient's sign after bias correction), so after
 * one step from the same initialisation a run warmed up over 4 steps (factor 1/4) and one without
 * (factor 1) differ by 3/4 of the learning rate, 0.75e-3, wherever the gradient is not negligible.
 */
class PretrainWarmupTest {

    @Test
    void theFirstStepMovesAQuarterAsFarWithAFourStepWarmup() throws Exception {
        PretrainConfig plain = PretrainerSmokeTest.small(PretrainMethod.DIPGNN, 1);
        PretrainConfig warmed = plain.toBuilder().warmupSteps(4).build();
        assertThat(plain.optimizer().learningRate()).isEqualTo(1e-3);
        assertThat(largestDifference(discriminatorAfterOneStep(plain), discriminatorAfterOneStep(warmed)))
                .isCloseTo(0.75e-3, within(0.05e-3));
    }

    /** The largest absolute difference between two snapshots of the same module's parameters. */
    static double largestDifference(Map<String, float[]> a, Map<String, float[]> b) {
        double largest = 0;
        for (String name : a.keySet()) {
            float[] x = a.get(name);
            float[] y = b.get(name);
            for (int i = 0; i < x.length; i++) {
                largest = Math.max(largest, Math.abs(x[i] - y[i]));
            }
        }
        return largest;
    }

    private static Map<String, float[]> discriminatorAfterOneStep(PretrainConfig config) throws Exception {
        try (NDManager manager = NDManager.newBaseManager(ai.djl.Device.cpu())) {
            PretrainResult result = new Pretrainer(config, PretrainListener.NONE)
                    .run(SyntheticGraphs.community(1), PretrainerSmokeTest.SMALL, manager, null);
            return result.networks()
                    .modules()
                    .get(PretrainNetworks.DISCRIMINATOR)
                    .snapshot();
        }
    }
}
