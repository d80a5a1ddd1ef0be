package com.dipgnn.graph.synthetic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import java.util.List;
import org.junit.jupiter.api.Test;

class RandomHeteroGraphTest {

    @Test
    void theBenchmarkDefaultsHaveTheBenchmarkShape() {
        HeteroGraph graph = SyntheticGraphs.randomHetero(RandomHeteroConfig.defaults());

        assertThat(graph.nodeTypes()).containsExactly("t0", "t1", "t2", "t3");
        for (String type : graph.nodeTypes()) {
            assertThat(graph.numNodes(type)).isEqualTo(250);
            assertThat(graph.nodes(type).featureDim()).isEqualTo(400);
            assertThat(graph.nodes(type).labels().labeledCount()).isEqualTo(250);
        }
        List<RelationType> forward =
                graph.relationTypes().stream().filter(r -> !r.isReverse()).toList();
        assertThat(forward).hasSize(12);
        assertThat(graph.relationTypes()).hasSize(24);
        long inputEdges = 0;
        for (RelationType r : forward) {
            CsrAdjacency adjacency = graph.adjacency(r);
            inputEdges += adjacency.numEdges();
            GraphAssertions.assertReverseOf(adjacency, graph.adjacency(r.reverse()));
            if (r.source().equals(r.target())) {
                for (int s = 0; s < adjacency.numSources(); s++) {
                    assertThat(adjacency.hasEdge(s, s)).isFalse();
                }
            }
        }
        assertThat(inputEdges).isEqualTo(20_000);
        assertThat(graph.totalEdges()).isEqualTo(40_000);
    }

    @Test
    void sameSeedGivesTheSameGraphAndAnotherSeedAnotherGraph() {
        RandomHeteroConfig config =
                RandomHeteroConfig.defaults().withFeatureDim(16).withSeed(4);

        GraphAssertions.assertIdentical(SyntheticGraphs.randomHetero(config), SyntheticGraphs.randomHetero(config));
        assertThat(SyntheticGraphs.randomHetero(config.withSeed(5)).fingerprint())
                .isNotEqualTo(SyntheticGraphs.randomHetero(config).fingerprint());
    }

    @Test
    void rejectsMoreEdgesThanTheNodesCanHold() {
        RandomHeteroConfig crowded = RandomHeteroConfig.defaults().withShape(2, 10, 2, 500);

        assertThatThrownBy(() -> SyntheticGraphs.randomHetero(crowded))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("distinct edges do not fit");
    }
}
