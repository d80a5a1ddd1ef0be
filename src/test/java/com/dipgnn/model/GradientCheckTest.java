package com.dipgnn.model;

import static org.assertj.core.api.Assertions.assertThat;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.nn.Parameter;
import ai.djl.training.GradientCollector;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.sampling.Subgraph;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Analytic gradients of every layer's parameters agree with central finite differences. */
class GradientCheckTest {

    @ParameterizedTest
    @EnumSource(Backbone.class)
    void analyticGradientsMatchFiniteDifferences(Backbone backbone) {
        HeteroGraph graph = TinyGraphs.hetero();
        ModelConfig config = new ModelConfig(backbone, 2, 8, 2, 0.0, 0.0);
        try (NDManager model = NDManager.newBaseManager()) {
            GraphEncoder encoder = new GraphEncoder(GraphSchema.of(graph), config);
            Engine.getInstance().setRandomSeed(42); // reproducible weights, whatever ran before
            encoder.initialize(model);
            Subgraph all = Subgraph.induced(graph, Map.of("paper", new int[] {0, 1, 2, 3, 4, 5}, "author", new int[] {0, 1, 2, 3}));
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
                int checked = 0;
                Random pick = new Random(11);
                for (Map.Entry<String, Parameter> e : encoder.parameters().entrySet()) {
                    NDArray param = e.getValue().getArray();
                    float[] analytic = grads.get(e.getKey()).toFloatArray();
                    for (int trial = 0; trial < 3; trial++) {
                        int index = pick.nextInt(analytic.length);
                        double numeric = numericGradient(encoder, batch, weights, param, index);
                        assertThat(analytic[index])
                                .as("d loss / d %s[%d]", e.getKey(), index)
                                .isCloseTo((float) numeric, org.assertj.core.data.Offset.offset(
                                        (float) (2e-2 * Math.max(1e-2, Math.abs(numeric)) + 2e-3)));
                        checked++;
                    }
                }
                assertThat(checked).isGreaterThan(20);
            }
        }
    }

    private static NDArray loss(GraphEncoder encoder, GraphBatch batch, float[] weights) {
        Map<String, NDArray> out = encoder.forward(batch, false);
        NDArray paper = out.get("paper").flatten();
        NDArray author = out.get("author").flatten();
        NDManager m = batch.manager();
        float[] wp = java.util.Arrays.copyOfRange(weights, 0, (int) paper.size());
        float[] wa = java.util.Arrays.copyOfRange(weights, (int) paper.size(), weights.length);
        return paper.mul(m.create(wp)).sum().add(author.mul(m.create(wa)).sum());
    }

    private static double numericGradient(GraphEncoder encoder, GraphBatch batch, float[] weights, NDArray param, int index) {
        float[] values = param.toFloatArray();
        float original = values[index];
        float h = 3e-3f; // small enough that LeakyReLU's kink is rarely straddled
        values[index] = original + h;
        param.set(values);
        double plus = loss(encoder, batch, weights).getFloat();
        values[index] = original - h;
        param.set(values);
        double minus = loss(encoder, batch, weights).getFloat();
        values[index] = original;
        param.set(values);
        return (plus - minus) / (2 * h);
    }

    private static float[] randomWeights(int n, long seed) {
        Random rng = new Random(seed);
        float[] w = new float[n];
        for (int i = 0; i < n; i++) {
            w[i] = (float) rng.nextGaussian();
        }
        return w;
    }
}
