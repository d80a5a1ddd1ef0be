package com.dipgnn.optim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Parameter;
import ai.djl.training.GradientCollector;
import com.dipgnn.finetuning.PlantedCommunities;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.GraphBatch;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.model.NodeEmbeddingTable;
import com.dipgnn.model.NodeIdSpace;
import com.dipgnn.model.NodeInputConfig;
import com.dipgnn.model.SparseGradient;
import com.dipgnn.sampling.Subgraph;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The optimizer's sparse path: a step changes only the rows its forward pass read (and their
 * moments); every other row and its moments stay bit-identical; updated rows are marked trained;
 * a row read twice gets the sum of its gradients; the rows' gradients count in the clipping norm.
 */
class SparseUpdateTest {

    private static final String USERS = "0/input.node_user.rows";
    private static final NodeInputConfig NO_ROW_DROPOUT = NodeInputConfig.DEFAULT.withRowDropout(0);

    @Test
    void aStepChangesOnlyTheRowsItReadAndTheirMoments() {
        HeteroGraph graph = PlantedCommunities.graph(20, 16, 2, 3, 0.9, 0.0, 5);
        ModelConfig config = new ModelConfig(Backbone.HGT, 1, 8, 2, 0.0, 0.0, NO_ROW_DROPOUT);
        try (NDManager manager = NDManager.newBaseManager()) {
            GraphEncoder encoder =
                    new GraphEncoder(GraphSchema.of(graph, config.nodeInputs()), config, NodeIdSpace.of(graph));
            ModelInitialization.initialize(1, manager, encoder);
            NodeEmbeddingTable users = encoder.nodeTables().get("user");
            ParameterUpdater updater = new ParameterUpdater(OptimizerConfig.FINE_TUNING.withClipNorm(0), encoder);
            float[] before = users.weights().toFloatArray();

            step(encoder, updater, graph, new int[] {0, 1, 2}, manager);
            float[] afterFirst = users.weights().toFloatArray();
            NDArray[] moments = updater.tableMoments(USERS);
            float[] meanFirst = moments[0].toFloatArray();
            float[] varianceFirst = moments[1].toFloatArray();
            for (int row = 0; row < 20; row++) {
                boolean touched = row <= 2;
                assertThat(changed(before, afterFirst, row))
                        .as("row %d changed", row)
                        .isEqualTo(touched);
                assertThat(users.isTrained(row)).as("row %d trained", row).isEqualTo(touched);
                assertThat(allZero(meanFirst, row) && allZero(varianceFirst, row))
                        .as("row %d moments zero", row)
                        .isEqualTo(!touched);
            }

            step(encoder, updater, graph, new int[] {2, 5}, manager);
            float[] afterSecond = users.weights().toFloatArray();
            float[] meanSecond = updater.tableMoments(USERS)[0].toFloatArray();
            float[] varianceSecond = updater.tableMoments(USERS)[1].toFloatArray();
            for (int row : new int[] {0, 1, 3, 4, 6, 19}) {
                assertThat(rowOf(afterSecond, row)).as("row %d", row).isEqualTo(rowOf(afterFirst, row));
                assertThat(rowOf(meanSecond, row))
                        .as("first moment of row %d", row)
                        .isEqualTo(rowOf(meanFirst, row));
                assertThat(rowOf(varianceSecond, row))
                        .as("second moment of row %d", row)
                        .isEqualTo(rowOf(varianceFirst, row));
            }
            assertThat(changed(afterFirst, afterSecond, 2)).isTrue();
            assertThat(changed(afterFirst, afterSecond, 5)).isTrue();
            assertThat(users.trainedCount()).isEqualTo(4);
        }
    }

    @Test
    void aRowTheLossDoesNotDependOnIsNeitherUpdatedNorMarkedTrained() {
        HeteroGraph graph = PlantedCommunities.graph(20, 16, 2, 3, 0.9, 0.0, 5);
        ModelConfig config = new ModelConfig(Backbone.HGT, 1, 8, 2, 0.0, 0.0, NO_ROW_DROPOUT);
        try (NDManager manager = NDManager.newBaseManager()) {
            GraphEncoder encoder =
                    new GraphEncoder(GraphSchema.of(graph, config.nodeInputs()), config, NodeIdSpace.of(graph));
            ModelInitialization.initialize(1, manager, encoder);
            NodeEmbeddingTable users = encoder.nodeTables().get("user");
            ParameterUpdater updater = new ParameterUpdater(OptimizerConfig.FINE_TUNING, encoder);
            float[] before = users.weights().toFloatArray();
            try (NDManager scope = manager.newSubManager()) {
                Subgraph sub = Subgraph.induced(graph, Map.of("user", new int[] {0, 1, 2}, "item", new int[] {0, 1}));
                try (GradientCollector collector = Engine.getInstance().newGradientCollector()) {
                    // one layer: user 0's state reads its own row and its items', never users 1 and 2
                    collector.backward(encoder.forward(new GraphBatch(scope, graph, sub), true)
                            .get("user")
                            .get(0)
                            .sum());
                }
                updater.step();
            }
            float[] after = users.weights().toFloatArray();
            assertThat(changed(before, after, 0)).isTrue();
            assertThat(users.isTrained(0)).isTrue();
            for (int row : new int[] {1, 2}) {
                assertThat(changed(before, after, row))
                        .as("row %d changed", row)
                        .isFalse();
                assertThat(users.isTrained(row)).as("row %d trained", row).isFalse();
                assertThat(allZero(updater.tableMoments(USERS)[0].toFloatArray(), row))
                        .isTrue();
            }
        }
    }

    @Test
    void theRowsGradientsCountInTheClippingNorm() {
        HeteroGraph graph = PlantedCommunities.graph(20, 16, 2, 3, 0.9, 0.0, 5);
        ModelConfig config = new ModelConfig(Backbone.HGT, 1, 8, 2, 0.0, 0.0, NO_ROW_DROPOUT);
        try (NDManager manager = NDManager.newBaseManager()) {
            GraphEncoder encoder =
                    new GraphEncoder(GraphSchema.of(graph, config.nodeInputs()), config, NodeIdSpace.of(graph));
            ModelInitialization.initialize(1, manager, encoder);
            ParameterUpdater updater = new ParameterUpdater(OptimizerConfig.FINE_TUNING, encoder);
            try (NDManager scope = manager.newSubManager()) {
                backward(encoder, graph, new int[] {0, 1, 2}, scope);
                double squared = 0;
                for (Parameter p : encoder.parameters().values()) {
                    squared += sumOfSquares(p.getArray().getGradient().toFloatArray());
                }
                double dense = squared;
                for (NodeEmbeddingTable table : encoder.nodeTables().values()) {
                    for (SparseGradient g : table.recordedGradients()) {
                        squared += sumOfSquares(g.values().getGradient().toFloatArray());
                    }
                }
                updater.step();
                assertThat(squared).isGreaterThan(dense);
                assertThat(updater.lastGradientNorm()).isCloseTo(Math.sqrt(squared), within(1e-4 * Math.sqrt(squared)));
            }
        }
    }

    @Test
    void aRowReadTwiceGetsTheSumOfItsGradients() {
        try (NDManager manager = NDManager.newBaseManager()) {
            NDArray gradients = manager.create(new float[] {1, 2, 3, 4, 10, 20}, new Shape(3, 2));
            SparseRows rows = SparseRows.summed(new long[] {5, 2, 5}, gradients, manager);
            assertThat(rows.rows()).containsExactly(2, 5);
            assertThat(rows.gradients().toFloatArray()).containsExactly(3, 4, 11, 22);
            SparseRows distinct = SparseRows.summed(new long[] {7, 1}, gradients.get("0:2"), manager);
            assertThat(distinct.rows()).containsExactly(7, 1);
            assertThat(distinct.gradients().toFloatArray()).containsExactly(1, 2, 3, 4);
        }
    }

    private static void step(
            GraphEncoder encoder, ParameterUpdater updater, HeteroGraph graph, int[] users, NDManager manager) {
        try (NDManager scope = manager.newSubManager()) {
            backward(encoder, graph, users, scope);
            updater.step();
        }
    }

    /** A loss on the given users and items 0..3, its gradients recorded. */
    private static void backward(GraphEncoder encoder, HeteroGraph graph, int[] users, NDManager scope) {
        Subgraph sub = Subgraph.induced(graph, Map.of("user", users, "item", new int[] {0, 1, 2, 3}));
        GraphBatch batch = new GraphBatch(scope, graph, sub);
        try (GradientCollector collector = Engine.getInstance().newGradientCollector()) {
            Map<String, NDArray> out = encoder.forward(batch, true);
            NDArray loss = out.get("user").square().sum().add(out.get("item").sum());
            collector.backward(loss);
        }
    }

    private static boolean changed(float[] before, float[] after, int row) {
        return !Arrays.equals(rowOf(before, row), rowOf(after, row));
    }

    private static float[] rowOf(float[] values, int row) {
        return Arrays.copyOfRange(values, row * 8, (row + 1) * 8);
    }

    private static boolean allZero(float[] values, int row) {
        for (float v : rowOf(values, row)) {
            if (v != 0f) {
                return false;
            }
        }
        return true;
    }

    private static double sumOfSquares(float[] values) {
        double s = 0;
        for (float v : values) {
            s += (double) v * v;
        }
        return s;
    }
}
