package com.dipgnn.graph.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.DenseFeatures;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.SparseFeatures;
import com.dipgnn.graph.SplitMark;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** Loads the real data sets of the shared folder; skipped only when that folder is absent. */
class GnnFmtRealDataTest {

    private static Path root;

    @BeforeAll
    static void findTheDatasetsFolder() {
        Optional<Path> found = DatasetLocator.findDatasetsRoot();
        assumeTrue(
                found.isPresent(),
                "skipped: no data sets folder (set -D" + DatasetLocator.PROPERTY
                        + "=<folder>, or put shared/datasets beside the repository)");
        root = found.get();
    }

    private static HeteroGraph load(String name) {
        return new GnnFmtLoader().load(root.resolve(name));
    }

    @Test
    void cora() {
        HeteroGraph graph = load("cora");
        NodeTable papers = graph.nodes("paper");
        CsrAdjacency cites = graph.adjacency(new RelationType("paper", "cites", "paper"));

        assertThat(graph.nodeTypes()).containsExactly("paper");
        assertThat(graph.relationTypes()).containsExactly(new RelationType("paper", "cites", "paper"));
        assertThat(papers.count()).isEqualTo(2708);
        assertThat(cites.numEdges()).isEqualTo(2 * 5278);
        assertSymmetric(cites);
        SparseFeatures features = (SparseFeatures) papers.features();
        assertThat(features.dim()).isEqualTo(1433);
        assertThat(features.values()).containsOnly(1f);
        assertThat(papers.labels().numClasses()).isEqualTo(7);
        assertThat(papers.labels().labeledCount()).isEqualTo(2708);
        assertThat(splitCounts(papers))
                .containsEntry(SplitMark.TRAIN, 140)
                .containsEntry(SplitMark.VAL, 500)
                .containsEntry(SplitMark.TEST, 1000);
        assertThat(GnnFmtLoader.classNames(root.resolve("cora")).get("paper"))
                .hasSize(7)
                .doesNotHaveDuplicates();
    }

    @Test
    void movielens() {
        HeteroGraph graph = load("movielens-100k");
        RelationType rated = new RelationType("user", "rated", "movie");

        assertThat(graph.nodeTypes()).containsExactly("user", "movie");
        assertThat(graph.relationTypes()).containsExactly(rated, new RelationType("movie", "rev_rated", "user"));
        assertThat(graph.numNodes("user")).isEqualTo(943);
        assertThat(graph.numNodes("movie")).isEqualTo(1682);
        for (RelationType relation : graph.relationTypes()) {
            CsrAdjacency adjacency = graph.adjacency(relation);
            assertThat(adjacency.numEdges()).isEqualTo(100_000);
            assertThat(edgeSplitCounts(adjacency))
                    .containsEntry(SplitMark.TRAIN, 90_570)
                    .containsEntry(SplitMark.TEST, 9_430)
                    .doesNotContainKey(SplitMark.VAL);
        }
        CsrAdjacency byUser = graph.adjacency(rated);
        for (int user = 0; user < 943; user++) {
            int tests = 0;
            for (int e = byUser.rowStart(user); e < byUser.rowEnd(user); e++) {
                tests += byUser.split(e) == SplitMark.TEST ? 1 : 0;
            }
            assertThat(tests).as("ua split: 10 test ratings of user %d", user).isEqualTo(10);
        }
        assertThat(graph.nodes("user").features()).isInstanceOf(DenseFeatures.class);
        assertThat(graph.nodes("user").featureDim()).isEqualTo(24);
        assertThat(graph.nodes("movie").featureDim()).isEqualTo(19);
        assertThat(graph.nodes("movie").text()).hasSize(1682).doesNotContainNull();
        assertThat(graph.nodes("user").text()).isNull();
        assertThat(graph.nodes("movie").labels()).isNull();
    }

    @Test
    void dblp() {
        HeteroGraph graph = load("dblp-4area");

        assertThat(graph.nodeTypes()).containsExactly("author", "paper", "conf", "term");
        assertThat(graph.relationTypes())
                .extracting(RelationType::name)
                .containsExactly(
                        "writes", "rev_writes", "published_in", "rev_published_in", "has_term", "rev_has_term");
        NodeTable authors = graph.nodes("author");
        assertThat(authors.count()).isEqualTo(14_475);
        assertThat(authors.labels().numClasses()).isEqualTo(4);
        assertThat(authors.labels().labeledCount()).isEqualTo(4_057);
        assertThat(graph.nodes("term").labels()).isNull();
        CsrAdjacency publishedIn = graph.adjacency(graph.relation("published_in"));
        for (int paper = 0; paper < graph.numNodes("paper"); paper++) {
            assertThat(publishedIn.degree(paper))
                    .as("venues of paper %d", paper)
                    .isEqualTo(1);
        }
        assertThat(graph.adjacency(graph.relation("writes")).numEdges()).isEqualTo(41_794);
        assertThat(graph.adjacency(graph.relation("rev_writes")).numEdges()).isEqualTo(41_794);
    }

    @TestFactory
    Stream<DynamicTest> everyDataSetLoadsWithTheCountsOfItsMetaJson() {
        List<String> names = DatasetLocator.availableNames();
        assertThat(names).as("data sets in " + root).isNotEmpty();
        return names.stream().map(name -> DynamicTest.dynamicTest(name, () -> checkAgainstMeta(name)));
    }

    private static void checkAgainstMeta(String name) throws IOException {
        JsonNode meta = new ObjectMapper()
                .readTree(root.resolve(name).resolve("meta.json").toFile());
        HeteroGraph graph = load(name);
        List<String> types = new ArrayList<>();
        meta.get("node_types").forEach(type -> types.add(type.get("name").asText()));
        assertThat(graph.nodeTypes()).containsExactlyElementsOf(types);
        meta.get("node_types")
                .forEach(type -> checkNodeType(graph.nodes(type.get("name").asText()), type));
        int relations = 0;
        for (JsonNode edgeType : meta.get("edge_types")) {
            relations += checkEdgeType(graph, edgeType);
        }
        assertThat(graph.relationTypes()).hasSize(relations);
    }

    private static void checkNodeType(NodeTable table, JsonNode type) {
        assertThat(table.count()).as(table.name()).isEqualTo(type.get("count").asInt());
        assertThat(table.keys()).hasSize(table.count());
        int numClasses = type.path("num_classes").asInt(0);
        if (numClasses > 0) {
            assertThat(table.labels().numClasses()).isEqualTo(numClasses);
            assertThat(table.labels().labeledCount())
                    .isEqualTo(type.get("labeled").asInt());
        } else {
            assertThat(table.labels()).as(table.name() + " labels").isNull();
        }
        Map<SplitMark, Integer> splits = splitCounts(table);
        type.path("splits")
                .properties()
                .forEach(e -> assertThat(splits.getOrDefault(SplitMark.parse(e.getKey()), 0))
                        .as(table.name() + " " + e.getKey())
                        .isEqualTo(e.getValue().asInt()));
        assertThat(table.featureDim()).isEqualTo(type.path("feature_dim").asInt(0));
        if ("sparse".equals(type.path("feature_format").asText())) {
            assertThat(((SparseFeatures) table.features()).nnz())
                    .isEqualTo(type.get("feature_nnz").asInt());
        }
        assertThat(table.text() != null)
                .as(table.name() + " text")
                .isEqualTo(type.path("has_text").asBoolean());
    }

    /** Checks one edge type; returns how many relations it makes. */
    private static int checkEdgeType(HeteroGraph graph, JsonNode edgeType) {
        RelationType relation = RelationType.parse(edgeType.get("name").asText());
        int count = edgeType.get("count").asInt();
        boolean directed = edgeType.get("directed").asBoolean();
        CsrAdjacency adjacency = graph.adjacency(relation);
        assertThat(adjacency.numEdges()).as(relation.key()).isEqualTo(directed ? count : 2 * count);
        Map<SplitMark, Integer> splits = edgeSplitCounts(adjacency);
        edgeType.path("splits")
                .properties()
                .forEach(e -> assertThat(splits.getOrDefault(SplitMark.parse(e.getKey()), 0))
                        .as(relation.key() + " " + e.getKey())
                        .isEqualTo(e.getValue().asInt() * (directed ? 1 : 2)));
        if (!directed) {
            return 1;
        }
        assertThat(graph.adjacency(relation.reverse()).numEdges()).isEqualTo(count);
        return 2;
    }

    private static Map<SplitMark, Integer> splitCounts(NodeTable table) {
        Map<SplitMark, Integer> counts = new EnumMap<>(SplitMark.class);
        for (int n = 0; n < table.count(); n++) {
            counts.merge(table.split(n), 1, Integer::sum);
        }
        return counts;
    }

    private static Map<SplitMark, Integer> edgeSplitCounts(CsrAdjacency adjacency) {
        Map<SplitMark, Integer> counts = new EnumMap<>(SplitMark.class);
        for (int e = 0; e < adjacency.numEdges(); e++) {
            counts.merge(adjacency.split(e), 1, Integer::sum);
        }
        return counts;
    }

    private static void assertSymmetric(CsrAdjacency adjacency) {
        for (int s = 0; s < adjacency.numSources(); s++) {
            for (int e = adjacency.rowStart(s); e < adjacency.rowEnd(s); e++) {
                assertThat(adjacency.hasEdge(adjacency.targetArray()[e], s)).isTrue();
            }
        }
    }
}
