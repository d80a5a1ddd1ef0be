package com.dipgnn.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.io.DatasetLocator;
import com.dipgnn.graph.io.GraphLoaders;
import com.dipgnn.graph.io.LoadOptions;
import com.dipgnn.graph.synthetic.SyntheticGraphs;
import java.util.List;
import org.junit.jupiter.api.Test;

class TextStatisticsTest {

    @Test
    void lengthPercentiles() {
        TextStatistics.Lengths l = TextStatistics.lengths(List.of("a", "a b", "a b c", "a b c d"));
        assertThat(l.texts()).isEqualTo(4);
        assertThat(l.mean()).isEqualTo(2.5);
        assertThat(l.p50()).isEqualTo(2);
        assertThat(l.p95()).isEqualTo(4);
        assertThat(l.max()).isEqualTo(4);
    }

    @Test
    void unkRateCountsUnknownWords() {
        Vocabulary v = Vocabulary.learn(List.of("a a b b"), VocabularyConfig.defaults());
        assertThat(TextStatistics.unkRate(v, List.of("a b c d"))).isCloseTo(0.5, within(1e-9));
    }

    @Test
    void holdOutSplitsEveryTextType() {
        HeteroGraph graph = SyntheticGraphs.queryProduct(3);
        List<TextStatistics.HoldOut> parts = TextStatistics.holdOut(graph, 0.7, 1);
        assertThat(parts).hasSize(graph.nodeTypes().size());
        for (TextStatistics.HoldOut part : parts) {
            int n = graph.numNodes(part.type());
            assertThat(part.train().size() + part.heldOut().size()).isEqualTo(n);
            assertThat(part.train().size()).isEqualTo((int) Math.round(0.7 * n));
        }
    }

    /** Prints the figures behind the defaults; skipped without the shared data sets. */
    @Test
    void realDataSets() {
        assumeTrue(
                DatasetLocator.availableNames().containsAll(List.of("dblp-4area", "debian-packages")),
                "shared data sets not found");
        for (String name : List.of("dblp-4area", "debian-packages")) {
            HeteroGraph graph = GraphLoaders.load(name, LoadOptions.defaults());
            String report = TextStatistics.report(graph, VocabularyConfig.defaults(), 20240601L);
            System.out.print(report);
            assertThat(report).contains("held-out [UNK]");
        }
        HeteroGraph dblp = GraphLoaders.load("dblp-4area", LoadOptions.defaults());
        List<String> titles = List.of(dblp.nodes("paper").text());
        assertThat(TextStatistics.lengths(titles).p99()).isLessThan(VocabularyConfig.DEFAULT_MAX_LENGTH);
    }
}
