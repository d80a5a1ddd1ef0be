package com.dipgnn.pretraining;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import ai.djl.nn.Parameter;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.synthetic.SyntheticGraphs;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The per-term gradient norms of pre-training: measuring them leaves the training bit-identical,
 * every term of DiP-GNN is reported, and the discriminator's terms, which enter the loss times
 * lambda, have norms proportional to lambda while the generator's do not move.
 */
class GradientNormsTest {

    private static final HeteroGraph GRAPH = SyntheticGraphs.queryProduct(1);

    private static PretrainConfig config(int steps, double lambda) {
        return PretrainerSmokeTest.small(PretrainMethod.DIPGNN, steps).withObjectiveWeights(31, 1.0, lambda, 1.0);
    }

    @Test
    void measuringLeavesTheTrainingUnchangedAndReportsEveryTerm() throws Exception {
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            PretrainResult plain = new Pretrainer(config(4, 20), PretrainListener.NONE)
                    .run(GRAPH, PretrainerSmokeTest.SMALL, manager, null);
            PretrainResult measured = new Pretrainer(config(4, 20), PretrainListener.NONE)
                    .withGradientNorms(2)
                    .run(GRAPH, PretrainerSmokeTest.SMALL, manager, null);

            Map<String, Parameter> before = plain.networks().discriminator().parameters();
            Map<String, Parameter> after = measured.networks().discriminator().parameters();
            assertThat(after.keySet()).isEqualTo(before.keySet());
            for (String name : before.keySet()) {
                assertThat(after.get(name).getArray().toFloatArray())
                        .as(name)
                        .containsExactly(before.get(name).getArray().toFloatArray());
            }
            Map<String, Double> first = measured.history().get(0).metrics();
            for (String term : new String[] {"gen_edge", "gen_feature", "disc_edge", "disc_feature"}) {
                assertThat(first.get(GradientNorms.PREFIX + term))
                        .as(term)
                        .isFinite()
                        .isPositive();
            }
            assertThat(plain.history().get(0).metrics()).doesNotContainKey(GradientNorms.PREFIX + "disc_edge");
        }
    }

    @Test
    void theDiscriminatorsNormsScaleWithLambdaAndTheGeneratorsDoNot() throws Exception {
        Map<String, Double> base = firstStep(20);
        Map<String, Double> doubled = firstStep(40);
        for (String term : new String[] {"disc_edge", "disc_feature"}) {
            String key = GradientNorms.PREFIX + term;
            assertThat(doubled.get(key)).as(term).isCloseTo(2 * base.get(key), within(1e-4 * base.get(key)));
        }
        for (String term : new String[] {"gen_edge", "gen_feature"}) {
            String key = GradientNorms.PREFIX + term;
            assertThat(doubled.get(key)).as(term).isCloseTo(base.get(key), within(1e-6 * base.get(key)));
        }
    }

    /** The figures of step 1: the same initial weights and batch whatever lambda is. */
    private static Map<String, Double> firstStep(double lambda) throws Exception {
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            return new Pretrainer(config(1, lambda).withLogEvery(1), PretrainListener.NONE)
                    .withGradientNorms(1)
                    .run(GRAPH, PretrainerSmokeTest.SMALL, manager, null)
                    .history()
                    .get(0)
                    .metrics();
        }
    }
}
