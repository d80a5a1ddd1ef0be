package com.dipgnn.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.ranking.PopularityPrior;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A deployed link model with a popularity prior scores and recommends by cosine + beta * log(1 +
 * in-degree), the in-degree counted here from the deployed graph's edges; the same weights
 * without a prior give the cosine alone.
 */
class PopularityPriorDeploymentTest {

    /** Large enough to reorder the top 10 of a random model (cosines spread over about ±0.5). */
    private static final double BETA = 0.1;

    private static final RelationType CLICKED = new RelationType("query", "clicked", "product");

    @TempDir
    static Path dir;

    static HeteroGraph graph;
    static ModelDeployment plain;
    static ModelDeployment withPrior;
    static ModelDeployment withPriorIvf;
    static ModelDeployment withPriorGraph;
    static int[] inDegree;

    @BeforeAll
    static void deploy() throws Exception {
        graph = ServingFixtures.queryProduct();
        ServingFixtures.randomLinkModel(graph, dir.resolve("plain"), false, null);
        ServingFixtures.randomLinkModel(
                graph, dir.resolve("prior"), false, null, new PopularityPrior(BETA, "fixed", null, List.of()));
        DeploymentOptions options = DeploymentOptions.defaults().withLimits(300, 200);
        plain = ModelDeployment.deploy(dir.resolve("plain"), graph, options, DeploymentListener.NONE);
        withPrior = ModelDeployment.deploy(dir.resolve("prior"), graph, options, DeploymentListener.NONE);
        // every list probed: the inverted file must then find the exact top k of the augmented vectors
        withPriorIvf = ModelDeployment.deploy(
                dir.resolve("prior"),
                graph,
                options.withIndex(
                        IndexOptions.defaults().withKind(IndexOptions.Kind.IVF).withLists(4, 4)),
                DeploymentListener.NONE);
        withPriorGraph = ModelDeployment.deploy(
                dir.resolve("prior"),
                graph,
                options.withIndex(IndexOptions.defaults().withKind(IndexOptions.Kind.GRAPH)),
                DeploymentListener.NONE);
        inDegree = new int[graph.numNodes("product")];
        for (int q = 0; q < graph.numNodes("query"); q++) {
            for (int p : graph.adjacency(CLICKED).neighbors(q)) {
                inDegree[p]++;
            }
        }
    }

    @AfterAll
    static void close() {
        plain.close();
        withPrior.close();
        withPriorIvf.close();
        withPriorGraph.close();
    }

    @Test
    void scoresAreTheCosinePlusTheWeightedLogInDegree() {
        int products = graph.numNodes("product");
        int[] targets = IntStream.range(0, products).toArray();
        for (int query : new int[] {0, 7, 42}) {
            int[] sources = new int[products];
            Arrays.fill(sources, query);
            float[] cosine = plain.linkScores(null, sources, targets);
            float[] scored = withPrior.linkScores(null, sources, targets);
            for (int p = 0; p < products; p++) {
                assertThat((double) scored[p])
                        .as("query %d, product %d", query, p)
                        .isCloseTo(cosine[p] + BETA * Math.log(1 + inDegree[p]), within(1e-5));
            }
        }
    }

    @Test
    void recommendationsAreTheTopOfThoseScoresWithEveryIndex() {
        int products = graph.numNodes("product");
        int[] targets = IntStream.range(0, products).toArray();
        int reordered = 0;
        int graphFound = 0;
        int wanted = 0;
        for (int query = 0; query < graph.numNodes("query"); query += 5) {
            int[] sources = new int[products];
            Arrays.fill(sources, query);
            float[] scored = withPrior.linkScores(null, sources, targets);
            List<Integer> expected = topIds(scored, 10);
            assertThat(ids(withPrior.recommend(null, query, 10, false)))
                    .as("exact, query %d", query)
                    .isEqualTo(expected);
            assertThat(ids(withPriorIvf.recommend(null, query, 10, false)))
                    .as("inverted file, query %d", query)
                    .isEqualTo(expected);
            graphFound += (int) ids(withPriorGraph.recommend(null, query, 10, false)).stream()
                    .filter(expected::contains)
                    .count();
            wanted += 10;
            if (!ids(plain.recommend(null, query, 10, false)).equals(expected)) {
                reordered++;
            }
        }
        assertThat(reordered).as("queries whose top 10 the prior changed").isPositive();
        // the proximity graph is approximate: most of the top 10, by the same augmented inner product
        assertThat(graphFound).as("graph index recall of the top 10s").isGreaterThanOrEqualTo(wanted * 9 / 10);
    }

    @Test
    void approximateIndexesReportTheRecallTheirBuildMeasured() {
        // an exact scan is the truth itself: nothing to measure
        assertThat(withPrior.stats().indexRecall()).isNull();
        assertThat(withPrior.stats().indexCalibration()).isNull();
        // every list probed: the inverted file returns the exact top 10 of every sampled query
        assertThat(withPriorIvf.stats().indexRecall()).isEqualTo(1.0);
        assertThat(withPriorIvf.stats().indexCalibration()).contains("recall@10 1.0000", "not widened");
        // the graph is widened, when built, until it finds 0.95 of the exact top 10 (the default target)
        assertThat(withPriorGraph.stats().indexRecall()).isGreaterThanOrEqualTo(0.95);
        assertThat(withPriorGraph.stats().indexCalibration()).contains("sampled queries", "target 0.95 met");
    }

    private static List<Integer> topIds(float[] scores, int k) {
        return IntStream.range(0, scores.length)
                .boxed()
                .sorted(Comparator.comparingDouble((Integer i) -> -scores[i]).thenComparing(i -> i))
                .limit(k)
                .toList();
    }

    private static List<Integer> ids(List<ScoredNode> nodes) {
        return nodes.stream().map(ScoredNode::id).toList();
    }
}
