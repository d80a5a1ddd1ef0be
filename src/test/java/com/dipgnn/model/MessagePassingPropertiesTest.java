package com.dipgnn.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.sampling.EdgeList;
import com.dipgnn.sampling.Subgraph;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class MessagePassingPropertiesTest {

    @Test
    void attentionSumsToOneOverEachDestinationsInEdgesEvenForHugeLogits() {
        HeteroGraph graph = TinyGraphs.homogeneous(12, 3, 1);
        try (NDManager m = NDManager.newBaseManager()) {
            GraphBatch batch = new GraphBatch(m, graph, Subgraph.induced(graph, Map.of("node", range(12))));
            InEdges in = batch.inEdges("node", true);
            int edges = in.numEdges();
            float[] logits = new float[edges * 2];
            Random rng = new Random(3);
            for (int i = 0; i < logits.length; i++) {
                logits[i] = (float) (rng.nextGaussian() * 300); // exp() of these overflows without the max shift
            }
            NDArray attention = GraphOps.segmentSoftmax(m.create(logits, new Shape(edges, 2)), in);
            float[] sums = GraphOps.scatterSum(in.incidence(), attention).toFloatArray();
            assertThat(sums).hasSize(12 * 2);
            for (float s : sums) {
                assertThat(s).isCloseTo(1f, within(1e-5f));
            }
            for (float a : attention.toFloatArray()) {
                assertThat(a).isBetween(0f, 1f);
            }
        }
    }

    @Test
    void segmentMaximaOnTheDeviceAndOnTheHostAreEachDestinationsLargestInEdgeValue() {
        // node 0 has 20 in-edges, nodes 1, 5 and 9 three, and with the reverse edges some have one and
        // nodes 21-29 none (maximum 0): degrees 0 to 20, several buckets
        int[] src = new int[29];
        int[] dst = new int[29];
        for (int i = 0; i < 20; i++) {
            src[i] = i + 1;
            dst[i] = 0;
        }
        for (int i = 20; i < 29; i++) {
            src[i] = i - 10;
            dst[i] = 1 + (i % 3) * 4 % 9;
        }
        HeteroGraph graph = new com.dipgnn.graph.GraphBuilder("degrees")
                .addNodes(com.dipgnn.graph.NodeTable.ofCount("node", 30)
                        .withFeatures(new com.dipgnn.graph.DenseFeatures(30, 1, new float[30])))
                .addEdges(new com.dipgnn.graph.RelationType("node", "link", "node"), src, dst, null, false)
                .build();
        try (NDManager m = NDManager.newBaseManager()) {
            GraphBatch batch = new GraphBatch(m, graph, Subgraph.induced(graph, Map.of("node", range(30))));
            InEdges in = batch.inEdges("node", false);
            int[] edgeDst = toInts(in.destinations().toLongArray());
            float[] values = new float[edgeDst.length * 3];
            Random rng = new Random(11);
            for (int i = 0; i < values.length; i++) {
                values[i] = (float) (rng.nextGaussian() * 50);
            }
            float[] expected = new float[30 * 3];
            boolean[] seen = new boolean[30];
            Arrays.fill(expected, Float.NEGATIVE_INFINITY);
            for (int e = 0; e < edgeDst.length; e++) {
                seen[edgeDst[e]] = true;
                for (int h = 0; h < 3; h++) {
                    expected[edgeDst[e] * 3 + h] = Math.max(expected[edgeDst[e] * 3 + h], values[e * 3 + h]);
                }
            }
            int[] degree = new int[30];
            for (int d : edgeDst) {
                degree[d]++;
            }
            for (int d = 0; d < 30; d++) {
                if (!seen[d]) {
                    Arrays.fill(expected, d * 3, d * 3 + 3, 0f);
                }
            }
            assertThat(Arrays.stream(degree).distinct().count())
                    .as("several degrees")
                    .isGreaterThan(2);
            NDArray onDevice = in.segmentMax(m.create(values, new Shape(edgeDst.length, 3)));
            NDArray onHost = in.segmentMaxOnHost(m.create(values, new Shape(edgeDst.length, 3)));
            assertThat(onDevice.toFloatArray()).containsExactly(expected);
            assertThat(onHost.toFloatArray()).containsExactly(expected);
        }
    }

    @Test
    void scatterSumAddsEveryEdgeValueIntoItsDestination() {
        HeteroGraph graph = TinyGraphs.homogeneous(7, 2, 2);
        try (NDManager m = NDManager.newBaseManager()) {
            GraphBatch batch = new GraphBatch(m, graph, Subgraph.induced(graph, Map.of("node", range(7))));
            InEdges in = batch.inEdges("node", false);
            int[] dst = toInts(in.destinations().toLongArray());
            float[] values = new float[dst.length];
            float[] expected = new float[7];
            for (int e = 0; e < dst.length; e++) {
                values[e] = e + 1;
                expected[dst[e]] += e + 1;
            }
            float[] sums = GraphOps.scatterSum(in.incidence(), m.create(values, new Shape(dst.length, 1)))
                    .toFloatArray();
            assertThat(sums).containsExactly(expected, within(1e-4f));
        }
    }

    @ParameterizedTest
    @EnumSource(Backbone.class)
    void outputDoesNotDependOnTheOrderInWhichEdgesAreListed(Backbone backbone) {
        HeteroGraph graph = TinyGraphs.hetero();
        Subgraph sub = Subgraph.induced(graph, Map.of("paper", range(6), "author", range(4)));
        Subgraph shuffled = sub.withEdges(shuffledEdges(sub, new Random(5)));
        try (NDManager m = NDManager.newBaseManager()) {
            GraphEncoder encoder = new GraphEncoder(GraphSchema.of(graph), new ModelConfig(backbone, 2, 8, 2, 0, 0));
            encoder.initialize(m);
            Map<String, NDArray> a = encoder.forward(new GraphBatch(m, graph, sub), false);
            Map<String, NDArray> b = encoder.forward(new GraphBatch(m, graph, shuffled), false);
            for (String type : List.of("paper", "author")) {
                assertThat(b.get(type).toFloatArray())
                        .containsExactly(a.get(type).toFloatArray(), within(1e-5f));
            }
        }
    }

    @Test
    void shuffledEdgeListsReallyDifferInOrder() {
        HeteroGraph graph = TinyGraphs.hetero();
        Subgraph sub = Subgraph.induced(graph, Map.of("paper", range(6), "author", range(4)));
        Map<RelationType, EdgeList> shuffled = shuffledEdges(sub, new Random(5));
        RelationType cites = graph.relation("cites");
        assertThat(shuffled.get(cites).dst()).isNotEqualTo(sub.edges(cites).dst());
    }

    private static Map<RelationType, EdgeList> shuffledEdges(Subgraph sub, Random rng) {
        Map<RelationType, EdgeList> out = new LinkedHashMap<>();
        for (Map.Entry<RelationType, EdgeList> e : sub.edgeMap().entrySet()) {
            int[] src = e.getValue().src().clone();
            int[] dst = e.getValue().dst().clone();
            for (int i = src.length - 1; i > 0; i--) {
                int j = rng.nextInt(i + 1);
                int t = src[i];
                src[i] = src[j];
                src[j] = t;
                t = dst[i];
                dst[i] = dst[j];
                dst[j] = t;
            }
            if (src.length > 1 && Arrays.equals(dst, e.getValue().dst())) {
                int t = src[0];
                src[0] = src[1];
                src[1] = t;
                t = dst[0];
                dst[0] = dst[1];
                dst[1] = t;
            }
            out.put(e.getKey(), new EdgeList(src, dst));
        }
        return out;
    }

    static int[] range(int n) {
        int[] ids = new int[n];
        for (int i = 0; i < n; i++) {
            ids[i] = i;
        }
        return ids;
    }

    private static int[] toInts(long[] values) {
        int[] out = new int[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = (int) values[i];
        }
        return out;
    }
}
