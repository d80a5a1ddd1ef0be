package com.dipgnn.graph.synthetic;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.DenseFeatures;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import java.util.Arrays;

/** Whole-graph comparisons for the determinism tests. */
final class GraphAssertions {

    private GraphAssertions() {}

    static void assertIdentical(HeteroGraph a, HeteroGraph b) {
        assertThat(a.nodeTypes()).isEqualTo(b.nodeTypes());
        assertThat(a.relationTypes()).isEqualTo(b.relationTypes());
        for (String type : a.nodeTypes()) {
            NodeTable x = a.nodes(type);
            NodeTable y = b.nodes(type);
            assertThat(x.count()).isEqualTo(y.count());
            assertThat(featureValues(x)).isEqualTo(featureValues(y));
            assertThat(x.time()).isEqualTo(y.time());
            assertThat(x.text()).isEqualTo(y.text());
            for (int n = 0; n < x.count() && x.labels() != null; n++) {
                assertThat(x.labels().label(n)).isEqualTo(y.labels().label(n));
            }
        }
        for (RelationType r : a.relationTypes()) {
            assertThat(a.adjacency(r).targetArray()).isEqualTo(b.adjacency(r).targetArray());
            assertThat(rowOffsets(a.adjacency(r))).isEqualTo(rowOffsets(b.adjacency(r)));
        }
        assertThat(a.fingerprint()).isEqualTo(b.fingerprint());
    }

    /** Whether any relation has different edges or any type different features. */
    static boolean differ(HeteroGraph a, HeteroGraph b) {
        for (RelationType r : a.relationTypes()) {
            if (!Arrays.equals(a.adjacency(r).targetArray(), b.adjacency(r).targetArray())
                    || !Arrays.equals(rowOffsets(a.adjacency(r)), rowOffsets(b.adjacency(r)))) {
                return true;
            }
        }
        for (String type : a.nodeTypes()) {
            if (!Arrays.equals(featureValues(a.nodes(type)), featureValues(b.nodes(type)))) {
                return true;
            }
        }
        return false;
    }

    static float[] featureValues(NodeTable table) {
        return table.features() == null ? null : ((DenseFeatures) table.features()).values();
    }

    static int[] rowOffsets(CsrAdjacency adjacency) {
        int[] offsets = new int[adjacency.numSources() + 1];
        for (int s = 0; s < adjacency.numSources(); s++) {
            offsets[s + 1] = adjacency.rowEnd(s);
        }
        return offsets;
    }

    /** Checks that the relation and its reverse hold the same edges, swapped. */
    static void assertReverseOf(CsrAdjacency forward, CsrAdjacency reverse) {
        assertThat(reverse.numEdges()).isEqualTo(forward.numEdges());
        for (int s = 0; s < forward.numSources(); s++) {
            for (int e = forward.rowStart(s); e < forward.rowEnd(s); e++) {
                assertThat(reverse.hasEdge(forward.targetArray()[e], s)).isTrue();
            }
        }
    }
}
