package com.dipgnn.graph.split;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.graph.DenseFeatures;
import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeLabels;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.synthetic.CommunityConfig;
import com.dipgnn.graph.synthetic.QueryProductConfig;
import com.dipgnn.graph.synthetic.SyntheticGraphs;
import java.util.Arrays;
import java.util.function.IntUnaryOperator;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class NodeTransferSplitTest {

    private static final HeteroGraph COMMUNITY = SyntheticGraphs.community(
            CommunityConfig.defaults().withNumNodes(900).withSeed(2));
    private static final HeteroGraph CLICKS = SyntheticGraphs.queryProduct(
            QueryProductConfig.defaults().withSize(400, 600, 5_000).withSeed(3));

    static Stream<Arguments> graphs() {
        return Stream.of(
                Arguments.of(COMMUNITY, "node"), Arguments.of(CLICKS, "product"), Arguments.of(CLICKS, "query"));
    }

    @ParameterizedTest
    @MethodSource("graphs")
    void noNodeOrEdgeIsSharedBetweenPreTrainingAndFineTuning(HeteroGraph graph, String target) {
        GraphSplit split = new NodeTransferSplit(11).split(graph, target);

        SplitProperties.assertNodesPartitioned(graph, split);
        SplitProperties.assertInducedSubgraph(graph, split.pretrainGraph(), split.pretrainOriginalIds());
        SplitProperties.assertInducedSubgraph(graph, split.finetuneGraph(), split.finetuneOriginalIds());
        SplitProperties.assertNoCrossEdges(graph, split);
    }

    @ParameterizedTest
    @MethodSource("graphs")
    void seventyPercentOfEveryTypePreTrainsAndTheRestSplitsIntoThirds(HeteroGraph graph, String target) {
        GraphSplit split = new NodeTransferSplit(5).split(graph, target);

        for (String type : graph.nodeTypes()) {
            assertThat(split.pretrainGraph().numNodes(type)).isEqualTo((int) Math.round(0.7 * graph.numNodes(type)));
            assertThat(split.finetuneGraph().numNodes(type))
                    .isEqualTo(graph.numNodes(type) - split.pretrainGraph().numNodes(type));
        }
        int fineTargets = split.finetuneGraph().numNodes(target);
        SplitProperties.assertSetsPartition(
                split, IntStream.range(0, fineTargets).toArray());
        for (int[] set : new int[][] {split.train(), split.val(), split.test()}) {
            assertThat(set.length).isBetween(fineTargets / 3, fineTargets / 3 + 1);
        }
    }

    @Test
    void nodesKeepTheirFeaturesAndLabelsThroughTheRenumbering() {
        GraphSplit split = new NodeTransferSplit(8).split(CLICKS, "product");
        NodeTable original = CLICKS.nodes("product");
        NodeTable fine = split.finetuneGraph().nodes("product");
        int[] ids = split.finetuneOriginalIds().get("product");

        for (int n = 0; n < fine.count(); n++) {
            assertThat(fine.labels().label(n)).isEqualTo(original.labels().label(ids[n]));
            assertThat(fine.text()[n]).isEqualTo(original.text()[ids[n]]);
            assertThat(fine.features().gather(new int[] {n}))
                    .isEqualTo(original.features().gather(new int[] {ids[n]}));
        }
    }

    @Test
    void theSameSeedGivesTheSameSplitAndAnotherSeedAnother() {
        GraphSplit first = new NodeTransferSplit(21).split(COMMUNITY, "node");
        GraphSplit again = new NodeTransferSplit(21).split(COMMUNITY, "node");
        GraphSplit other = new NodeTransferSplit(22).split(COMMUNITY, "node");

        assertThat(again.pretrainOriginalIds().get("node"))
                .isEqualTo(first.pretrainOriginalIds().get("node"));
        assertThat(again.train()).isEqualTo(first.train());
        assertThat(again.val()).isEqualTo(first.val());
        assertThat(again.test()).isEqualTo(first.test());
        assertThat(again.finetuneGraph().fingerprint())
                .isEqualTo(first.finetuneGraph().fingerprint());
        assertThat(other.pretrainOriginalIds().get("node"))
                .isNotEqualTo(first.pretrainOriginalIds().get("node"));
        assertThat(other.train()).isNotEqualTo(first.train());
    }

    @Test
    void theLabelFractionKeepsThatShareOfTheTrainingNodesOnly() {
        GraphSplit full = new NodeTransferSplit(0.7, 4, 1.0).split(COMMUNITY, "node");
        GraphSplit tenth = new NodeTransferSplit(0.7, 4, 0.1).split(COMMUNITY, "node");

        assertThat(tenth.train()).hasSize((int) Math.round(0.1 * full.train().length));
        assertThat(full.train()).contains(tenth.train());
        assertThat(tenth.val()).isEqualTo(full.val());
        assertThat(tenth.test()).isEqualTo(full.test());
    }

    @Test
    void onlyLabeledTargetNodesEnterTrainValAndTest() {
        HeteroGraph graph = ringWithLabels(300, n -> n % 3 == 0 ? -1 : n % 4);
        GraphSplit split = new NodeTransferSplit(0.5, 1, 1.0).split(graph, "item");
        NodeLabels fineLabels = split.finetuneGraph().nodes("item").labels();

        int[] labeled = IntStream.range(0, fineLabels.count())
                .filter(fineLabels::isLabeled)
                .toArray();
        assertThat(labeled.length).isLessThan(fineLabels.count());
        SplitProperties.assertSetsPartition(split, labeled);
    }

    @Test
    void aTargetTypeWithoutLabelsSplitsAllItsFineTuningNodes() {
        HeteroGraph stripped = new GraphBuilder("stripped")
                .addNodes(NodeTable.ofCount("item", 90))
                .build();
        GraphSplit split = new NodeTransferSplit(2).split(stripped, "item");

        assertThat(split.finetuneGraph().numNodes("item")).isEqualTo(27);
        SplitProperties.assertSetsPartition(split, IntStream.range(0, 27).toArray());
    }

    @Test
    void explainsBadInput() {
        assertThatThrownBy(() -> new NodeTransferSplit(1).split(COMMUNITY, "paper"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'paper'")
                .hasMessageContaining("[node]");
        assertThatThrownBy(() -> new NodeTransferSplit(1.0, 1, 1.0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("pretrainFraction");
        assertThatThrownBy(() -> new NodeTransferSplit(0.7, 1, 0.0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("labelFraction");
        HeteroGraph tiny = ringWithLabels(6, n -> 0);
        assertThatThrownBy(() -> new NodeTransferSplit(1).split(tiny, "item"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("fewer than the 3 needed");
    }

    /** Nodes of type {@code item} in a ring, labeled by {@code label} (-1 for none). */
    static HeteroGraph ringWithLabels(int n, IntUnaryOperator label) {
        int[] labels = IntStream.range(0, n).map(label).toArray();
        int[] src = IntStream.range(0, n).toArray();
        int[] dst = IntStream.range(0, n).map(i -> (i + 1) % n).toArray();
        float[] features = new float[n];
        for (int i = 0; i < n; i++) {
            features[i] = i;
        }
        NodeTable items = new NodeTable(
                "item",
                n,
                null,
                new DenseFeatures(n, 1, features),
                NodeLabels.single(Arrays.stream(labels).max().orElse(0) + 1, labels),
                null,
                null,
                null);
        return new GraphBuilder("ring")
                .addNodes(items)
                .addEdges(new RelationType("item", "next", "item"), src, dst, null, true)
                .build();
    }
}
