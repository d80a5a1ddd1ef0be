package com.dipgnn.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.nn.Parameter;
import ai.djl.training.GradientCollector;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.sampling.Subgraph;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Both backbones give the same outputs and the same gradient of every parameter on the
 * {@link AggregationKernel#TORCHSCRIPT} path as on today's {@link AggregationKernel#COO} path, on a
 * graph where some nodes have no in-edges of a relation; and the switch reads its names.
 */
class AggregationKernelTest {

    private static final float TOLERANCE = 1e-5f;

    private final AggregationKernel before = AggregationKernel.current();

    @AfterEach
    void restoreTheProcesssKernel() {
        AggregationKernel.use(before);
    }

    @ParameterizedTest
    @EnumSource(Backbone.class)
    void bothKernelsGiveTheSameOutputsAndGradients(Backbone backbone) {
        Map<String, float[]> coo = run(backbone, AggregationKernel.COO);
        Map<String, float[]> scripted = run(backbone, AggregationKernel.TORCHSCRIPT);
        assertThat(scripted.keySet()).isEqualTo(coo.keySet());
        for (Map.Entry<String, float[]> e : coo.entrySet()) {
            float[] expected = e.getValue();
            float[] actual = scripted.get(e.getKey());
            assertThat(actual).as(e.getKey()).hasSameSizeAs(expected);
            double scale = 0;
            for (float v : expected) {
                scale = Math.max(scale, Math.abs(v));
            }
            for (int i = 0; i < expected.length; i++) {
                assertThat((double) actual[i])
                        .as("%s[%d]", e.getKey(), i)
                        .isCloseTo(expected[i], org.assertj.core.data.Offset.offset(TOLERANCE * Math.max(1, scale)));
            }
        }
        assertThat(coo.keySet().stream().filter(k -> k.startsWith("grad ")).count())
                .as("gradients of every parameter compared")
                .isGreaterThan(backbone == Backbone.PROPAGATION ? 4 : 10); // propagation: inputs and head only
    }

    @Test
    void theSwitchReadsItsNamesAndRefusesOthersSayingWhichExist() {
        assertThat(AggregationKernel.parse("coo")).isEqualTo(AggregationKernel.COO);
        assertThat(AggregationKernel.parse(" TorchScript ")).isEqualTo(AggregationKernel.TORCHSCRIPT);
        assertThatThrownBy(() -> AggregationKernel.parse("cuda"))
                .hasMessageContaining("'cuda'")
                .hasMessageContaining("coo or torchscript")
                .hasMessageContaining(AggregationKernel.PROPERTY);
    }

    /** Outputs of both node types and the gradient of every parameter of a fixed-seed encoder, under {@code kernel}. */
    private static Map<String, float[]> run(Backbone backbone, AggregationKernel kernel) {
        AggregationKernel.use(kernel);
        HeteroGraph graph = TinyGraphs.hetero();
        ModelConfig config = new ModelConfig(backbone, 2, 8, 2, 0.0, 0.0, NodeInputConfig.DEFAULT);
        Map<String, float[]> result = new LinkedHashMap<>();
        try (NDManager model = NDManager.newBaseManager()) {
            GraphEncoder encoder = new GraphEncoder(GraphSchema.of(graph, NodeInputConfig.DEFAULT), config);
            Engine.getInstance().setRandomSeed(7);
            encoder.initialize(model);
            Subgraph all = Subgraph.induced(
                    graph, Map.of("paper", new int[] {0, 1, 2, 3, 4, 5}, "author", new int[] {0, 1, 2, 3}));
            try (NDManager step = model.newSubManager()) {
                GraphBatch batch = new GraphBatch(step, graph, all);
                try (GradientCollector collector = Engine.getInstance().newGradientCollector()) {
                    Map<String, NDArray> out = encoder.forward(batch, true);
                    NDArray loss = step.create(0f);
                    int k = 1;
                    for (Map.Entry<String, NDArray> e : out.entrySet()) {
                        result.put("out " + e.getKey(), e.getValue().toFloatArray());
                        // a loss that weighs every output element differently, so that no gradient cancels
                        NDArray weights = step.arange(1f, 1f + e.getValue().size())
                                .reshape(e.getValue().getShape())
                                .mul(0.01f * k++)
                                .sin();
                        loss = loss.add(e.getValue().mul(weights).sum());
                    }
                    collector.backward(loss);
                }
                for (Map.Entry<String, Parameter> e : encoder.parameters().entrySet()) {
                    NDArray g = e.getValue().getArray().getGradient();
                    result.put("grad " + e.getKey(), g.toFloatArray());
                    g.close();
                }
            }
        }
        return result;
    }
}
