package com.dipgnn.model;

import static org.assertj.core.api.Assertions.assertThat;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.nn.Parameter;
import ai.djl.training.GradientCollector;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.sampling.Subgraph;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Analytic gradients of every parameter tensor of every backbone agree with central finite
 * differences of the loss along a random unit direction (a check of the whole tensor at once),
 * with the default node inputs (the featureless authors read structural inputs and the unknown
 * vector) and with those of models saved before them (a shared vector per featureless type).
 */
class GradientCheckTest {

    static Stream<Arguments> architectures() {
        return Stream.of(
                Arguments.of(Backbone.HGT, NodeInputConfig.DEFAULT),
                Arguments.of(Backbone.GAT, NodeInputConfig.DEFAULT),
                Arguments.of(Backbone.HGT, NodeInputConfig.LEGACY),
                Arguments.of(Backbone.GAT, NodeInputConfig.LEGACY),
                Arguments.of(Backbone.PROPAGATION, NodeInputConfig.DEFAULT),
                Arguments.of(Backbone.PROPAGATION, NodeInputConfig.LEGACY));
    }

    @ParameterizedTest
    @MethodSource("architectures")
    void analyticGradientsMatchFiniteDifferences(Backbone backbone, NodeInputConfig inputs) {
        HeteroGraph graph = TinyGraphs.hetero();
        // the propagation backbone with its per-layer weights, so that they are checked too
        ModelConfig config = new ModelConfig(backbone, 2, 8, 2, 0.0, 0.0, inputs)
                .withPropagation(new PropagationConfig(true, PropagationConfig.LayerCombination.MEAN));
        try (NDManager model = NDManager.newBaseManager()) {
            GraphEncoder encoder = new GraphEncoder(GraphSchema.of(graph, inputs), config);
            // reproducible weights, whatever ran before; with seed 42 and the default inputs a GAT
            // LeakyReLU input lies within the finite-difference step of its kink
            Engine.getInstance().setRandomSeed(43);
            encoder.initialize(model);
            Subgraph all = Subgraph.induced(
                    graph, Map.of("paper", new int[] {0, 1, 2, 3, 4, 5}, "author", new int[] {0, 1, 2, 3}));
            float[] weights = randomWeights(6 * 8 + 4 * 8, 3);
            Map<String, NDArray> grads = new HashMap<>();
            try (NDManager step = model.newSubManager()) {
                GraphBatch batch = new GraphBatch(step, graph, all);
                try (GradientCollector collector = Engine.getInstance().newGradientCollector()) {
                    collector.backward(loss(encoder, batch, weights));
                }
                for (Map.Entry<String, Parameter> e : encoder.parameters().entrySet()) {
                    NDArray g = e.getValue().getArray().getGradient();
                    grads.put(e.getKey(), g.duplicate());
                    g.close();
                }
                float first = loss(encoder, batch, weights).getFloat();
                assertThat(loss(encoder, batch, weights).getFloat())
                        .as("forward is deterministic")
                        .isEqualTo(first);
                int checked = 0;
                Random pick = new Random(11);
                for (Map.Entry<String, Parameter> e : encoder.parameters().entrySet()) {
                    NDArray param = e.getValue().getArray();
                    float[] analyticGrad = grads.get(e.getKey()).toFloatArray();
                    float[] direction = unitDirection(analyticGrad.length, pick);
                    double analytic = 0;
                    for (int i = 0; i < direction.length; i++) {
                        analytic += analyticGrad[i] * direction[i];
                    }
                    double numeric = directionalDerivative(encoder, batch, weights, param, direction);
                    assertThat(analytic)
                            .as("d loss / d %s along a random unit direction", e.getKey())
                            .isCloseTo(
                                    numeric,
                                    org.assertj.core.data.Offset.offset(
                                            2e-2 * Math.max(1e-2, Math.abs(numeric)) + 2e-3));
                    checked++;
                }
                // the propagation backbone's layers hold one matrix each, the attention backbones' several
                assertThat(checked)
                        .isEqualTo(encoder.parameters().size())
                        .isGreaterThan(backbone == Backbone.PROPAGATION ? 4 : 10);
            }
        }
    }

    private static NDArray loss(GraphEncoder encoder, GraphBatch batch, float[] weights) {
        Map<String, NDArray> out = encoder.forward(batch, false);
        NDArray paper = out.get("paper").flatten();
        NDArray author = out.get("author").flatten();
        NDManager m = batch.manager();
        float[] wp = Arrays.copyOfRange(weights, 0, (int) paper.size());
        float[] wa = Arrays.copyOfRange(weights, (int) paper.size(), weights.length);
        return paper.mul(m.create(wp)).sum().add(author.mul(m.create(wa)).sum());
    }

    /** Central difference of the loss along {@code direction}, restoring the parameter afterwards. */
    private static double directionalDerivative(
            GraphEncoder encoder, GraphBatch batch, float[] weights, NDArray param, float[] direction) {
        float[] original = param.toFloatArray();
        float h = 1e-2f;
        param.set(shifted(original, direction, h));
        double plus = loss(encoder, batch, weights).getFloat();
        param.set(shifted(original, direction, -h));
        double minus = loss(encoder, batch, weights).getFloat();
        param.set(original);
        return (plus - minus) / (2 * h);
    }

    static float[] shifted(float[] values, float[] direction, float step) {
        float[] out = values.clone();
        for (int i = 0; i < out.length; i++) {
            out[i] += step * direction[i];
        }
        return out;
    }

    private static float[] unitDirection(int n, Random rng) {
        float[] d = new float[n];
        double norm = 0;
        for (int i = 0; i < n; i++) {
            d[i] = (float) rng.nextGaussian();
            norm += d[i] * d[i];
        }
        for (int i = 0; i < n; i++) {
            d[i] /= (float) Math.sqrt(norm);
        }
        return d;
    }

    static float[] randomWeights(int n, long seed) {
        Random rng = new Random(seed);
        float[] w = new float[n];
        for (int i = 0; i < n; i++) {
            w[i] = (float) rng.nextGaussian();
        }
        return w;
    }
}
