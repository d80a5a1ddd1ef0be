package com.dipgnn.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ai.djl.ndarray.NDManager;
import ai.djl.nn.Parameter;
import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import com.dipgnn.sampling.Subgraph;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The input of a featureless type, worked by hand (HGT, hidden 2, no dropout): a node reads
 * tanh(row + W log(1 + degree) + b), where the row is its own when trained and the type's unknown
 * vector otherwise, so a node never trained, or new, is encoded from the unknown vector and its
 * degrees, never from an untrained row or zeros.
 *
 * <p>Users: u0 clicks i0 and i1 (degree 2, row (0.2, 0.3), trained), u1 clicks nothing (degree 0,
 * row (9, 9), never trained), u2 stands for a new node sent with 3 clicks (no row). Unknown vector
 * (0.5, -0.5), W = (1, 0), b = (0, 0.25):
 * <pre>
 * u0: tanh(0.2 + ln 3, 0.3 + 0.25)  = (0.8613655, 0.5005202)
 * u1: tanh(0.5 + ln 1, -0.5 + 0.25) = (0.4621172, -0.2449187)
 * u2: tanh(0.5 + ln 4, -0.5 + 0.25) = (0.9550486, -0.2449187)
 * </pre>
 * In training every node with a row reads it: u1 gives tanh(9, 9.25) = (1.0000000, 1.0000000).
 */
class NodeInputsTest {

    private static final RelationType CLICKS = new RelationType("user", "clicks", "item");

    private static HeteroGraph graph() {
        return new GraphBuilder("by-hand")
                .addNodes(NodeTable.ofCount("user", 3))
                .addNodes(NodeTable.ofCount("item", 2))
                .addEdges(CLICKS, new int[] {0, 0}, new int[] {0, 1}, null, true)
                .build();
    }

    @Test
    void untrainedAndNewNodesReadTheUnknownVectorAndTheirDegrees() {
        HeteroGraph graph = graph();
        ModelConfig config =
                new ModelConfig(Backbone.HGT, 1, 2, 1, 0.0, 0.0, NodeInputConfig.DEFAULT.withRowDropout(0));
        GraphSchema schema = GraphSchema.of(graph, config.nodeInputs());
        assertThat(schema.structuralDims()).isEqualTo(Map.of("user", 1, "item", 1));
        try (NDManager manager = NDManager.newBaseManager()) {
            InputProjection input = new InputProjection(schema, config, NodeIdSpace.of(graph));
            input.initialize(manager);
            Map<String, Parameter> p = input.parameters();
            p.get("node_user.unknown").getArray().set(new float[] {0.5f, -0.5f});
            p.get("struct_user.weight").getArray().set(new float[] {1f, 0f});
            p.get("struct_user.bias").getArray().set(new float[] {0f, 0.25f});
            NodeEmbeddingTable users = input.nodeTables().get("user");
            users.weights().set(new float[] {0.2f, 0.3f, 9f, 9f, 7f, 7f});
            users.markTrained(new long[] {0});

            Subgraph all = Subgraph.induced(graph, Map.of("user", new int[] {0, 1, 2}, "item", new int[] {0, 1}));
            NodeOrigins u2IsNew = new NodeOrigins() {
                @Override
                public int[] tableRows(String type) {
                    return type.equals("user") ? new int[] {0, 1, -1} : all.nodes(type);
                }

                @Override
                public int[] degrees(String type, RelationType relation) {
                    int[] degrees = NodeOrigins.degrees(graph, relation, all.nodes(type));
                    if (type.equals("user")) {
                        degrees[2] = 3;
                    }
                    return degrees;
                }
            };
            try (NDManager scope = manager.newSubManager()) {
                float[] inference = input.forward(new GraphBatch(scope, graph, all, u2IsNew), false)
                        .get("user")
                        .toFloatArray();
                assertValues(inference, 0.8613655f, 0.5005202f, 0.4621172f, -0.2449187f, 0.9550486f, -0.2449187f);
                float[] training = input.forward(new GraphBatch(scope, graph, all, u2IsNew), true)
                        .get("user")
                        .toFloatArray();
                assertValues(training, 0.8613655f, 0.5005202f, 1f, 1f, 0.9550486f, -0.2449187f);
                assertThat(users.drainGradients()).hasSize(1);
            }
        }
    }

    private static void assertValues(float[] actual, float... expected) {
        assertThat(actual).hasSize(expected.length);
        for (int i = 0; i < expected.length; i++) {
            assertThat(actual[i]).as("value %d", i).isCloseTo(expected[i], within(1e-6f));
        }
    }
}
