package com.dipgnn.graph.io;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.DenseFeatures;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.SparseFeatures;
import com.dipgnn.graph.SplitMark;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GnnFmtLoaderTest {

    @TempDir
    Path dir;

    private HeteroGraph loadTiny() {
        return new GnnFmtLoader().load(TinyGnnFmt.write(dir, TinyGnnFmt.files()));
    }

    @Test
    void readsNodeTablesWithKeysLabelsSplitsAndUnescapedText() {
        NodeTable papers = loadTiny().nodes("paper");

        assertThat(papers.count()).isEqualTo(4);
        assertThat(papers.keys()).containsExactly("p0", "p1", "p2", "p3");
        assertThat(papers.labels().numClasses()).isEqualTo(3);
        assertThat(new int[] {
                    papers.labels().label(0),
                    papers.labels().label(1),
                    papers.labels().label(2),
                    papers.labels().label(3)
                })
                .containsExactly(0, 1, 2, -1);
        assertThat(List.of(papers.split(0), papers.split(1), papers.split(2), papers.split(3)))
                .containsExactly(SplitMark.TRAIN, SplitMark.VAL, SplitMark.TEST, SplitMark.NONE);
        assertThat(papers.text()).containsExactly("Graph\tnets", "line\nbreak \\ back", "", "plain");
    }

    @Test
    void typesWithoutClassesTextOrSplitsHaveNoSuchColumns() {
        NodeTable authors = loadTiny().nodes("author");

        assertThat(authors.labels()).isNull();
        assertThat(authors.text()).isNull();
        assertThat(authors.splits()).isNull();
        assertThat(authors.keys()).containsExactly("alice", "bob", "carol");
    }

    @Test
    void textIsLeftOutWhenNotWanted() {
        HeteroGraph graph = new GnnFmtLoader(LoadOptions.withoutText()).load(TinyGnnFmt.write(dir, TinyGnnFmt.files()));

        assertThat(graph.nodes("paper").text()).isNull();
        assertThat(graph.nodes("paper").keys()).hasSize(4);
    }

    @Test
    void readsSparseFeaturesWithEmptyLinesAsZeroRows() {
        SparseFeatures features = (SparseFeatures) loadTiny().nodes("paper").features();

        assertThat(features.dim()).isEqualTo(5);
        assertThat(features.nnz()).isEqualTo(5);
        assertThat(features.gather(new int[] {0, 1, 3}))
                .containsExactly(1, 0, 0, 2.5f, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1);
    }

    @Test
    void readsDenseFeaturesRowByRow() {
        DenseFeatures features = (DenseFeatures) loadTiny().nodes("author").features();

        assertThat(features.dim()).isEqualTo(2);
        assertThat(features.values()).containsExactly(0.5f, 1, 2, -3, 0, 0);
    }

    @Test
    void undirectedRelationIsStoredBothWaysWithoutReverseRelation() {
        HeteroGraph graph = loadTiny();
        CsrAdjacency cites = graph.adjacency(new RelationType("paper", "cites", "paper"));

        assertThat(cites.numEdges()).isEqualTo(6);
        assertThat(cites.hasEdge(0, 1)).isTrue();
        assertThat(cites.hasEdge(1, 0)).isTrue();
        assertThat(cites.hasEdge(0, 2)).isFalse();
        assertThat(graph.relationTypes()).doesNotContain(new RelationType("paper", "rev_cites", "paper"));
    }

    @Test
    void directedRelationGetsItsReverseAndKeepsEdgeSplits() {
        HeteroGraph graph = loadTiny();
        RelationType writes = new RelationType("author", "writes", "paper");
        CsrAdjacency forward = graph.adjacency(writes);
        CsrAdjacency backward = graph.adjacency(writes.reverse());

        assertThat(forward.numEdges()).isEqualTo(4);
        assertThat(backward.numEdges()).isEqualTo(4);
        assertThat(backward.hasEdge(3, 2)).isTrue();
        assertThat(splitOf(forward, 1, 1)).isEqualTo(SplitMark.TEST);
        assertThat(splitOf(forward, 0, 1)).isEqualTo(SplitMark.TRAIN);
        assertThat(splitOf(forward, 2, 3)).isEqualTo(SplitMark.NONE);
        assertThat(splitOf(backward, 1, 1)).isEqualTo(SplitMark.TEST);
    }

    static SplitMark splitOf(CsrAdjacency adjacency, int source, int target) {
        for (int e = adjacency.rowStart(source); e < adjacency.rowEnd(source); e++) {
            if (adjacency.targetArray()[e] == target) {
                return adjacency.split(e);
            }
        }
        throw new AssertionError("no edge " + source + " -> " + target);
    }

    @Test
    void graphIsNamedAfterMetaJson() {
        assertThat(loadTiny().name()).isEqualTo("tiny");
    }

    @Test
    void classNamesAreReadPerLabeledTypeAndUnescaped() {
        TinyGnnFmt.write(dir, TinyGnnFmt.files());

        assertThat(GnnFmtLoader.classNames(dir))
                .containsOnlyKeys("paper")
                .containsEntry("paper", List.of("Theory", "Systems", "Data\tBases"));
    }

    @Test
    void recognisesTheLayoutByItsMetaJson() {
        TinyGnnFmt.write(dir, TinyGnnFmt.files());

        assertThat(GnnFmtLoader.isGnnFmt(dir)).isTrue();
        assertThat(GnnFmtLoader.isGnnFmt(dir.resolve("nodes"))).isFalse();
    }
}
