package com.dipgnn.graph.synthetic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class OagShapedGraphTest {

    @Test
    void atOneHundredthScaleHasTheTypesRelationsAndFeaturesOfOagCs() {
        HeteroGraph graph = SyntheticGraphs.oagShaped(OagShapedConfig.defaults().withScale(0.01));

        assertThat(graph.nodeTypes()).containsExactly("paper", "author", "field", "venue", "affiliation");
        assertThat(List.of("paper", "author", "field")).allSatisfy(type -> {
            assertThat(graph.numNodes(type)).isEqualTo(3_000);
            assertThat(graph.nodes(type).featureDim()).isEqualTo(400);
        });
        assertThat(List.of("venue", "affiliation")).allSatisfy(type -> {
            assertThat(graph.numNodes(type)).isEqualTo(1_000);
            assertThat(graph.nodes(type).features()).isNull();
        });
        assertThat(graph.totalNodes()).isEqualTo(11_000).isEqualTo(SyntheticGraphs.oagShapedNodes(0.01));
        List<RelationType> forward =
                graph.relationTypes().stream().filter(r -> !r.isReverse()).toList();
        assertThat(forward).hasSize(10);
        assertThat(graph.relationTypes()).hasSize(20);
        long inputEdges =
                forward.stream().mapToLong(r -> graph.adjacency(r).numEdges()).sum();
        assertThat(inputEdges).isEqualTo(284_000).isEqualTo(SyntheticGraphs.oagShapedInputEdges(0.01));
        assertThat(graph.totalEdges()).isEqualTo(2 * inputEdges);
    }

    @Test
    void atFullScaleCountsOnePointOneMillionNodesAndTwentyEightPointFourMillionInputEdges() {
        assertThat(SyntheticGraphs.oagShapedNodes(1.0)).isEqualTo(1_100_000);
        assertThat(SyntheticGraphs.oagShapedInputEdges(1.0)).isEqualTo(28_400_000);
    }

    @Test
    void papersHaveTopicLabelsAndYears() {
        HeteroGraph graph = SyntheticGraphs.oagShaped(
                OagShapedConfig.defaults().withScale(0.002).withFeatureDim(8));

        assertThat(graph.nodes("paper").labels().labeledCount()).isEqualTo(600);
        assertThat(graph.nodes("paper").labels().numClasses()).isEqualTo(20);
        long[] years = graph.nodes("paper").time();
        assertThat(Arrays.stream(years).min().getAsLong()).isGreaterThanOrEqualTo(1990L);
        assertThat(Arrays.stream(years).max().getAsLong()).isLessThanOrEqualTo(2020L);
        assertThat(Arrays.stream(years).filter(y -> y >= 2010).count()).isGreaterThan(years.length / 2);
        assertThat(graph.nodes("author").time()).isNull();
    }

    @Test
    void sameSeedGivesTheSameGraphAndAnotherSeedAnotherGraph() {
        OagShapedConfig config =
                OagShapedConfig.defaults().withScale(0.002).withFeatureDim(16).withSeed(9);

        GraphAssertions.assertIdentical(SyntheticGraphs.oagShaped(config), SyntheticGraphs.oagShaped(config));
        assertThat(GraphAssertions.differ(
                        SyntheticGraphs.oagShaped(config), SyntheticGraphs.oagShaped(config.withSeed(10))))
                .isTrue();
    }

    @Test
    void rejectsANonPositiveScale() {
        assertThatThrownBy(() -> OagShapedConfig.defaults().withScale(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("scale");
    }
}
