package com.dipgnn.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.GradientCollector;
import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import com.dipgnn.model.PropagationConfig.LayerCombination;
import com.dipgnn.sampling.FullGraphSampler;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The propagation backbone's layers against hand-worked values and a dense reference computed by
 * plain loops: {@code D^-1/2 A D^-1/2} per relation, the mean or sum over layers 0..L, isolated
 * nodes (degree 0) propagating zeros, and the gradient with respect to the node states.
 */
class PropagationLayerTest {

    private static final RelationType BUYS = new RelationType("user", "buys", "item");

    /** Users 0, 1, 2 and items 0, 1: u0-i0, u0-i1, u1-i0; user 2 has no edge. */
    private static HeteroGraph bipartite() {
        return new GraphBuilder("bipartite")
                .addNodes(NodeTable.ofCount("user", 3))
                .addNodes(NodeTable.ofCount("item", 2))
                .addEdges(BUYS, new int[] {0, 0, 1}, new int[] {0, 1, 0}, null, true)
                .build();
    }

    /** Five nodes, undirected edges 0-1, 0-2, 1-2, 2-3; node 4 is isolated. */
    private static final int[][] RING = {{0, 1}, {0, 2}, {1, 2}, {2, 3}};

    private static HeteroGraph ring() {
        int[] src = new int[RING.length];
        int[] dst = new int[RING.length];
        for (int e = 0; e < RING.length; e++) {
            src[e] = RING[e][0];
            dst[e] = RING[e][1];
        }
        return new GraphBuilder("ring")
                .addNodes(NodeTable.ofCount("node", 5))
                .addEdges(new RelationType("node", "link", "node"), src, dst, null, false)
                .build();
    }

    @ParameterizedTest
    @EnumSource(AggregationKernel.class)
    void oneLayerOnAUserItemGraphIsTheHandWorkedLightGcnStep(AggregationKernel kernel) {
        // degrees: u0 2, u1 1, u2 0; i0 2, i1 1. States (column 2 = 2 x column 1): users 1, 2, 3; items 10, 20.
        // propagated: u0 = 10/sqrt(2*2) + 20/sqrt(2*1) = 19.1421; u1 = 10/sqrt(1*2) = 7.0711; u2 = 0;
        //             i0 = 1/sqrt(2*2) + 2/sqrt(2*1) = 1.9142; i1 = 1/sqrt(1*2) = 0.7071.
        float[] meanUsers = {10.0711f, 4.5355f, 1.5f};
        float[] meanItems = {5.9571f, 10.3536f};
        float[] sumUsers = {20.1421f, 9.0711f, 3f};
        float[] sumItems = {11.9142f, 20.7071f};
        AggregationKernel before = AggregationKernel.current();
        AggregationKernel.use(kernel);
        try (NDManager manager = NDManager.newBaseManager()) {
            HeteroGraph graph = bipartite();
            GraphBatch batch = new GraphBatch(manager, graph, new FullGraphSampler().sample(graph, Map.of(), null));
            Map<String, NDArray> states = new LinkedHashMap<>();
            states.put("user", manager.create(new float[] {1, 2, 2, 4, 3, 6}, new Shape(3, 2)));
            states.put("item", manager.create(new float[] {10, 20, 20, 40}, new Shape(2, 2)));
            for (LayerCombination combination : LayerCombination.values()) {
                Map<String, NDArray> out =
                        layer(graph, 1, false, combination, 0).forward(batch, states, false);
                boolean mean = combination == LayerCombination.MEAN;
                assertColumns(out.get("user"), mean ? meanUsers : sumUsers);
                assertColumns(out.get("item"), mean ? meanItems : sumItems);
            }
        } finally {
            AggregationKernel.use(before);
        }
    }

    @ParameterizedTest
    @EnumSource(LayerCombination.class)
    void threeLayersEqualTheDenseReference(LayerCombination combination) {
        HeteroGraph graph = ring();
        int n = 5;
        int width = 4;
        double[][] a = denseNormalisedAdjacency(n);
        assertThat(a[4]).as("the isolated node receives nothing").containsOnly(0.0);
        float[] h0 = GradientCheckTest.randomWeights(n * width, 5);
        double[][] expected = new double[n][width];
        double[][] h = new double[n][width];
        for (int v = 0; v < n; v++) {
            for (int c = 0; c < width; c++) {
                h[v][c] = h0[v * width + c];
                expected[v][c] = h[v][c];
            }
        }
        int layers = 3;
        for (int l = 0; l < layers; l++) {
            h = times(a, h);
            for (int v = 0; v < n; v++) {
                for (int c = 0; c < width; c++) {
                    expected[v][c] += h[v][c];
                }
            }
        }
        double scale = combination == LayerCombination.MEAN ? 1.0 / (layers + 1) : 1;
        try (NDManager manager = NDManager.newBaseManager()) {
            GraphBatch batch = new GraphBatch(manager, graph, new FullGraphSampler().sample(graph, Map.of(), null));
            NDArray out = stack(graph, layers, false, combination, batch, manager.create(h0, new Shape(n, width)));
            float[] got = out.toFloatArray();
            for (int v = 0; v < n; v++) {
                for (int c = 0; c < width; c++) {
                    assertThat(got[v * width + c])
                            .as("node %d, column %d", v, c)
                            .isCloseTo((float) (expected[v][c] * scale), within(1e-5f));
                }
            }
            // the isolated node keeps its own state, scaled by the combination, and is finite
            assertThat(got[4 * width]).isCloseTo((float) (h0[4 * width] * scale), within(1e-6f));
        }
    }

    @ParameterizedTest
    @EnumSource(AggregationKernel.class)
    void gradientsWithRespectToTheNodeStatesMatchFiniteDifferences(AggregationKernel kernel) {
        AggregationKernel before = AggregationKernel.current();
        AggregationKernel.use(kernel);
        try (NDManager manager = NDManager.newBaseManager()) {
            for (boolean weights : new boolean[] {false, true}) {
                HeteroGraph graph = ring();
                int n = 5;
                int width = 4;
                GraphBatch batch = new GraphBatch(manager, graph, new FullGraphSampler().sample(graph, Map.of(), null));
                List<PropagationLayer> stack = layers(graph, 2, weights, LayerCombination.MEAN);
                Engine.getInstance().setRandomSeed(3);
                stack.forEach(l -> l.initialize(manager));
                float[] h0 = GradientCheckTest.randomWeights(n * width, 9);
                float[] lossWeights = GradientCheckTest.randomWeights(n * width, 10);
                NDArray states = manager.create(h0, new Shape(n, width));
                states.setRequiresGradient(true);
                try (GradientCollector collector = Engine.getInstance().newGradientCollector()) {
                    collector.backward(loss(stack, batch, states, lossWeights));
                }
                float[] analytic = states.getGradient().toFloatArray();
                Random pick = new Random(weights ? 2 : 1);
                for (int trial = 0; trial < 3; trial++) {
                    float[] direction = GradientCheckTest.randomWeights(n * width, pick.nextLong());
                    double along = 0;
                    for (int i = 0; i < direction.length; i++) {
                        along += analytic[i] * direction[i];
                    }
                    float step = 1e-2f;
                    double plus = loss(
                                    stack,
                                    batch,
                                    manager.create(GradientCheckTest.shifted(h0, direction, step), new Shape(n, width)),
                                    lossWeights)
                            .getFloat();
                    double minus = loss(
                                    stack,
                                    batch,
                                    manager.create(
                                            GradientCheckTest.shifted(h0, direction, -step), new Shape(n, width)),
                                    lossWeights)
                            .getFloat();
                    double numeric = (plus - minus) / (2 * step);
                    assertThat(along)
                            .as("weights %s, direction %d", weights, trial)
                            .isCloseTo(numeric, within(1e-2 * Math.max(1, Math.abs(numeric))));
                }
                assertThat(analytic).as("no NaN, even at the isolated node").doesNotContain(Float.NaN);
            }
        } finally {
            AggregationKernel.use(before);
        }
    }

    private static NDArray loss(List<PropagationLayer> stack, GraphBatch batch, NDArray h0, float[] weights) {
        Map<String, NDArray> states = Map.of("node", h0);
        for (PropagationLayer layer : stack) {
            states = layer.forward(batch, states, false);
        }
        NDArray out = states.get("node");
        return out.mul(batch.manager().create(weights, out.getShape())).sum();
    }

    private static NDArray stack(
            HeteroGraph graph,
            int layers,
            boolean weights,
            LayerCombination combination,
            GraphBatch batch,
            NDArray h0) {
        Map<String, NDArray> states = Map.of("node", h0);
        for (PropagationLayer layer : layers(graph, layers, weights, combination)) {
            states = layer.forward(batch, states, false);
        }
        return states.get("node");
    }

    private static List<PropagationLayer> layers(
            HeteroGraph graph, int layers, boolean weights, LayerCombination combination) {
        return IntStream.range(0, layers)
                .mapToObj(i -> layer(graph, layers, weights, combination, i))
                .toList();
    }

    private static PropagationLayer layer(
            HeteroGraph graph, int layers, boolean weights, LayerCombination combination, int index) {
        int hidden = graph.nodeTypes().contains("user") ? 2 : 4;
        ModelConfig config = new ModelConfig(Backbone.PROPAGATION, layers, hidden, 1, 0, 0)
                .withPropagation(new PropagationConfig(weights, combination));
        return new PropagationLayer(GraphSchema.of(graph), config, index);
    }

    /** D^-1/2 A D^-1/2 of {@link #RING} by plain loops. */
    private static double[][] denseNormalisedAdjacency(int n) {
        double[][] a = new double[n][n];
        int[] degree = new int[n];
        for (int[] e : RING) {
            a[e[0]][e[1]] = 1;
            a[e[1]][e[0]] = 1;
            degree[e[0]]++;
            degree[e[1]]++;
        }
        for (int v = 0; v < n; v++) {
            for (int u = 0; u < n; u++) {
                if (a[v][u] != 0) {
                    a[v][u] = 1 / Math.sqrt((double) degree[v] * degree[u]);
                }
            }
        }
        return a;
    }

    private static double[][] times(double[][] a, double[][] h) {
        double[][] out = new double[a.length][h[0].length];
        for (int v = 0; v < a.length; v++) {
            for (int u = 0; u < a.length; u++) {
                for (int c = 0; c < h[0].length; c++) {
                    out[v][c] += a[v][u] * h[u][c];
                }
            }
        }
        return out;
    }

    private static void assertColumns(NDArray out, float[] firstColumn) {
        float[] got = out.toFloatArray();
        assertThat(got).hasSize(2 * firstColumn.length);
        for (int v = 0; v < firstColumn.length; v++) {
            assertThat(got[2 * v]).as("row %d", v).isCloseTo(firstColumn[v], within(1e-3f));
            assertThat(got[2 * v + 1]).as("row %d, doubled", v).isCloseTo(2 * firstColumn[v], within(2e-3f));
        }
    }
}
