package com.dipgnn.graph.split;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.synthetic.CommunityConfig;
import com.dipgnn.graph.synthetic.OagShapedConfig;
import com.dipgnn.graph.synthetic.SyntheticGraphs;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class TimeSplitTest {

    private static final HeteroGraph COMMUNITY = SyntheticGraphs.community(
            CommunityConfig.defaults().withNumNodes(1_000).withSeed(6));
    private static final HeteroGraph OAG = SyntheticGraphs.oagShaped(
            OagShapedConfig.defaults().withScale(0.003).withFeatureDim(8));

    @Test
    void targetNodesArePlacedByTheirTime() {
        GraphSplit split = new TimeSplit(2010, 2014, 2017).split(COMMUNITY, "node");
        long[] time = COMMUNITY.nodes("node").time();
        int[] pre = split.pretrainOriginalIds().get("node");
        int[] fine = split.finetuneOriginalIds().get("node");

        assertThat(IntStream.of(pre).mapToLong(n -> time[n])).allMatch(t -> t < 2010);
        assertThat(IntStream.of(fine).mapToLong(n -> time[n])).allMatch(t -> t >= 2010);
        SplitProperties.assertNodesPartitioned(COMMUNITY, split);
        assertThat(IntStream.of(split.train()).mapToLong(n -> time[fine[n]])).allMatch(t -> t >= 2010 && t < 2014);
        assertThat(IntStream.of(split.val()).mapToLong(n -> time[fine[n]])).allMatch(t -> t >= 2014 && t < 2017);
        assertThat(IntStream.of(split.test()).mapToLong(n -> time[fine[n]])).allMatch(t -> t >= 2017);
        SplitProperties.assertSetsPartition(
                split, IntStream.range(0, fine.length).toArray());
    }

    @Test
    void bothGraphsAreInducedAndNoEdgeJoinsThePeriods() {
        GraphSplit split = new TimeSplit(2010, 2014, 2017).split(COMMUNITY, "node");

        SplitProperties.assertInducedSubgraph(COMMUNITY, split.pretrainGraph(), split.pretrainOriginalIds());
        SplitProperties.assertInducedSubgraph(COMMUNITY, split.finetuneGraph(), split.finetuneOriginalIds());
        SplitProperties.assertNoCrossEdges(COMMUNITY, split);
    }

    @Test
    void otherNodeTypesAreSharedButNoEdgeReachesATargetOfTheOtherPeriod() {
        GraphSplit split = new TimeSplit(2012, 2016, 2019).split(OAG, "paper");
        long[] year = OAG.nodes("paper").time();

        for (String type : OAG.nodeTypes()) {
            if (!type.equals("paper")) {
                int[] all = IntStream.range(0, OAG.numNodes(type)).toArray();
                assertThat(split.pretrainOriginalIds().get(type)).isEqualTo(all);
                assertThat(split.finetuneOriginalIds().get(type)).isEqualTo(all);
            }
        }
        SplitProperties.assertInducedSubgraph(OAG, split.pretrainGraph(), split.pretrainOriginalIds());
        SplitProperties.assertInducedSubgraph(OAG, split.finetuneGraph(), split.finetuneOriginalIds());
        assertPapersBefore(split.pretrainGraph(), split.pretrainOriginalIds().get("paper"), year, 2012, true);
        assertPapersBefore(split.finetuneGraph(), split.finetuneOriginalIds().get("paper"), year, 2012, false);
    }

    /** Every paper at an end of an edge of {@code graph} is before (or not before) the boundary. */
    private static void assertPapersBefore(
            HeteroGraph graph, int[] paperIds, long[] year, long boundary, boolean before) {
        long checked = 0;
        for (RelationType r : graph.relationTypes()) {
            CsrAdjacency edges = graph.adjacency(r);
            for (int s = 0; s < edges.numSources(); s++) {
                for (int e = edges.rowStart(s); e < edges.rowEnd(s); e++) {
                    if (r.source().equals("paper")) {
                        assertThat(year[paperIds[s]] < boundary).isEqualTo(before);
                        checked++;
                    }
                    if (r.target().equals("paper")) {
                        assertThat(year[paperIds[edges.targetArray()[e]]] < boundary)
                                .isEqualTo(before);
                        checked++;
                    }
                }
            }
        }
        assertThat(checked).isPositive();
    }

    @Test
    void theLabelFractionKeepsASeededShareOfTheTrainingNodes() {
        GraphSplit full = new TimeSplit(2010, 2014, 2017).split(COMMUNITY, "node");
        GraphSplit quarter = new TimeSplit(2010, 2014, 2017, 0.25, 3).split(COMMUNITY, "node");

        assertThat(quarter.train()).hasSize((int) Math.round(0.25 * full.train().length));
        assertThat(full.train()).contains(quarter.train());
        assertThat(new TimeSplit(2010, 2014, 2017, 0.25, 3)
                        .split(COMMUNITY, "node")
                        .train())
                .isEqualTo(quarter.train());
        assertThat(quarter.test()).isEqualTo(full.test());
    }

    @Test
    void explainsBadInput() {
        HeteroGraph noTime = SyntheticGraphs.queryProduct(1);

        assertThatThrownBy(() -> new TimeSplit(2010, 2014, 2017).split(noTime, "product"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'product' has no time column");
        assertThatThrownBy(() -> new TimeSplit(2015, 2014, 2017))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("in order");
        assertThatThrownBy(() -> new TimeSplit(2030, 2031, 2032).split(COMMUNITY, "node"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("train [2030, 2031)")
                .hasMessageContaining("range from 2000 to 2019");
    }
}
