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
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DelimitedGraphLoaderTest {

    @TempDir
    Path dir;

    private final Map<String, String> files = TinyDelimited.files();

    private HeteroGraph load() {
        return new DelimitedGraphLoader().load(TinyDelimited.write(dir, files));
    }

    @Test
    void nodeIdsAreKeysNumberedInFileOrder() {
        HeteroGraph graph = load();

        assertThat(graph.nodeTypes()).containsExactlyInAnyOrder("paper", "author");
        assertThat(graph.nodes("paper").keys()).containsExactly("P1", "P2", "P3");
        assertThat(graph.nodes("author").keys()).containsExactly("alice", "bob", "carol");
        assertThat(graph.name()).isEqualTo("example");
    }

    @Test
    void csvNodeTableWithQuotedTextTimesSplitsAndDenseFeatures() {
        NodeTable papers = load().nodes("paper");

        assertThat(papers.text()).containsExactly("Graph networks, a survey", "He said \"hi\"\non two lines", "plain");
        assertThat(papers.time()).containsExactly(2019, 2020, 2021);
        assertThat(List.of(papers.split(0), papers.split(1), papers.split(2)))
                .containsExactly(SplitMark.TRAIN, SplitMark.VAL, SplitMark.TEST);
        assertThat(((DenseFeatures) papers.features()).values()).containsExactly(0.5f, 1, 0, 2.5f, 1, 1);
    }

    @Test
    void singleLabelsUseTheDeclaredNumberOfClasses() {
        NodeTable papers = load().nodes("paper");

        assertThat(papers.labels().isMultiLabel()).isFalse();
        assertThat(papers.labels().numClasses()).isEqualTo(3);
        assertThat(new int[] {
                    papers.labels().label(0),
                    papers.labels().label(1),
                    papers.labels().label(2)
                })
                .containsExactly(0, 2, -1);
    }

    @Test
    void barSeparatedLabelsMakeAMultiLabelTypeWithInferredClasses() {
        NodeTable authors = load().nodes("author");

        assertThat(authors.labels().isMultiLabel()).isTrue();
        assertThat(authors.labels().numClasses()).isEqualTo(3);
        assertThat(authors.labels().labels(0)).containsExactly(0, 2);
        assertThat(authors.labels().labels(1)).isEmpty();
        assertThat(authors.labels().labels(2)).containsExactly(1);
    }

    @Test
    void sparseFeaturesUseTheDeclaredWidth() {
        SparseFeatures features = (SparseFeatures) load().nodes("author").features();

        assertThat(features.dim()).isEqualTo(4);
        assertThat(features.gather(new int[] {0, 1, 2})).containsExactly(1, 0, 0, 0.5f, 0, 0, 0, 0, 0, 0, 2, 0);
    }

    @Test
    void undirectedRelationIsStoredBothWaysWithEdgeSplits() {
        HeteroGraph graph = load();
        CsrAdjacency cites = graph.adjacency(new RelationType("paper", "cites", "paper"));

        assertThat(cites.numEdges()).isEqualTo(4);
        assertThat(cites.hasEdge(1, 0)).isTrue();
        assertThat(GnnFmtLoaderTest.splitOf(cites, 2, 1)).isEqualTo(SplitMark.TEST);
        assertThat(GnnFmtLoaderTest.splitOf(cites, 0, 1)).isEqualTo(SplitMark.TRAIN);
        assertThat(graph.relationTypes()).hasSize(3);
    }

    @Test
    void directedRelationFromGzippedTsvGetsItsReverse() {
        HeteroGraph graph = load();
        RelationType writes = new RelationType("author", "writes", "paper");

        assertThat(graph.adjacency(writes).numEdges()).isEqualTo(3);
        assertThat(graph.adjacency(writes).hasEdge(2, 2)).isTrue();
        assertThat(graph.adjacency(writes.reverse()).hasEdge(1, 0)).isTrue();
        assertThat(graph.adjacency(writes).hasSplits()).isFalse();
    }

    @Test
    void withoutGraphJsonRelationsAreDirectedAndClassesInferred() {
        files.remove("graph.json");

        HeteroGraph graph = load();

        assertThat(graph.relationTypes()).contains(new RelationType("paper", "rev_cites", "paper"));
        assertThat(graph.adjacency(new RelationType("paper", "cites", "paper")).numEdges())
                .isEqualTo(2);
        assertThat(graph.nodes("paper").labels().numClasses()).isEqualTo(3);
        assertThat(graph.nodes("author").features().dim()).isEqualTo(4);
        assertThat(graph.name()).isEqualTo(dir.getFileName().toString());
    }

    @Test
    void inferredClassCountIsLargestLabelPlusOne() {
        files.remove("graph.json");
        files.put("nodes/paper.csv", "id,label\nP1,4\nP2,1\nP3,-1\n");

        NodeTable papers = load().nodes("paper");

        assertThat(papers.labels().numClasses()).isEqualTo(5);
        assertThat(papers.labels().labeledCount()).isEqualTo(2);
    }

    @Test
    void multiLabelCanBeDeclaredForSingleClassRows() {
        files.put("graph.json", "{\"multi_label\": [\"paper\"]}");

        assertThat(load().nodes("paper").labels().isMultiLabel()).isTrue();
    }

    @Test
    void tableWithOnlyIdsHasNoOptionalColumns() {
        files.put("nodes/paper.csv", "id\nP1\nP2\n\nP3\n");

        NodeTable papers = load().nodes("paper");

        assertThat(papers.count()).isEqualTo(3);
        assertThat(papers.labels()).isNull();
        assertThat(papers.features()).isNull();
        assertThat(papers.splits()).isNull();
        assertThat(papers.time()).isNull();
        assertThat(papers.text()).isNull();
    }

    @Test
    void textIsLeftOutWhenNotWanted() {
        TinyDelimited.write(dir, files);

        HeteroGraph graph = new DelimitedGraphLoader(LoadOptions.withoutText()).load(dir);

        assertThat(graph.nodes("paper").text()).isNull();
        assertThat(graph.nodes("paper").time()).hasSize(3);
    }

    @Test
    void graphLoadersPickTheLayoutOfTheFolder() {
        TinyDelimited.write(dir.resolve("mine"), files);
        TinyGnnFmt.write(dir.resolve("fmt"), TinyGnnFmt.files());

        assertThat(GraphLoaders.load(dir.resolve("mine"), LoadOptions.defaults())
                        .name())
                .isEqualTo("example");
        assertThat(GraphLoaders.load(dir.resolve("fmt").toString(), LoadOptions.defaults())
                        .name())
                .isEqualTo("tiny");
    }
}
