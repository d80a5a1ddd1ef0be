package com.dipgnn.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import com.dipgnn.graph.DenseFeatures;
import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import com.dipgnn.sampling.FanoutSampler;
import com.dipgnn.sampling.Subgraph;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Attention over a neighbourhood the fan-out sampler thinned weighs each drawn in-neighbour as the
 * in-neighbours it stands for. On a star whose five leaves are identical, a centre that drew two of
 * them must be embedded exactly as with all five: attention gives the centre's own state
 * e^s0 / (e^s0 + 5 e^s1) of the weight either way (two drawn leaves, each counted 5/2 times).
 * Without the correction its own share would be e^s0 / (e^s0 + 2 e^s1). The propagation backbone's
 * normalised sum likewise: five leaves give 5 x / sqrt(5), two drawn ones each counted 5/2 times
 * 2 (5/2) x / sqrt(5), the same.
 */
class ThinnedNeighbourhoodAttentionTest {

    private static final RelationType CLICKS = new RelationType("user", "clicks", "item");

    @ParameterizedTest
    @EnumSource(
            value = Backbone.class,
            names = {"GAT", "HGT", "PROPAGATION"})
    void aCentreThatDrewTwoOfFiveIdenticalLeavesIsEmbeddedAsWithAllFive(Backbone backbone) {
        HeteroGraph star = star();
        Subgraph drawn = new FanoutSampler(List.of(2)).sample(star, Map.of("item", new int[] {0}), new Random(1));
        assertThat(drawn.numNodes("user")).isEqualTo(2);
        Subgraph all = Subgraph.induced(star, Map.of("item", new int[] {0}, "user", new int[] {0, 1, 2, 3, 4}));
        Subgraph uncorrected = new Subgraph(drawn.nodeMap(), drawn.edgeMap());
        try (NDManager m = NDManager.newBaseManager()) {
            GraphEncoder encoder = new GraphEncoder(GraphSchema.of(star), new ModelConfig(backbone, 1, 8, 2, 0, 0));
            encoder.initialize(m);
            float[] exact = centre(encoder, m, star, all);
            assertThat(centre(encoder, m, star, drawn)).containsExactly(exact, within(1e-5f));
            float gap = 0;
            float[] plain = centre(encoder, m, star, uncorrected);
            for (int i = 0; i < exact.length; i++) {
                gap = Math.max(gap, Math.abs(plain[i] - exact[i]));
            }
            if (backbone != Backbone.HGT) {
                // GAT's self loop competes with the drawn leaves, and propagation sums them (sqrt 2
                // against sqrt 5 leaves' worth); HGT has no self loop, and over one relation a shared
                // offset cancels in its softmax (it matters there across relations)
                assertThat(gap).as("the uncorrected draw differs").isGreaterThan(1e-3f);
            }
        }
    }

    private static float[] centre(GraphEncoder encoder, NDManager m, HeteroGraph graph, Subgraph sub) {
        try (NDManager scope = m.newSubManager()) {
            NDArray items =
                    encoder.forward(new GraphBatch(scope, graph, sub), false).get("item");
            return items.get(0).toFloatArray();
        }
    }

    /** Item 0 clicked by five users with the same features; the item's own features differ. */
    private static HeteroGraph star() {
        float[] users = new float[5 * 3];
        for (int u = 0; u < 5; u++) {
            users[u * 3] = 1f;
            users[u * 3 + 1] = -0.5f;
            users[u * 3 + 2] = 2f;
        }
        return new GraphBuilder("star")
                .addNodes(NodeTable.ofCount("user", 5).withFeatures(new DenseFeatures(5, 3, users)))
                .addNodes(NodeTable.ofCount("item", 1)
                        .withFeatures(new DenseFeatures(1, 3, new float[] {-1f, 0.5f, 0.25f})))
                .addEdges(CLICKS, new int[] {0, 1, 2, 3, 4}, new int[] {0, 0, 0, 0, 0}, null, true)
                .build();
    }
}
