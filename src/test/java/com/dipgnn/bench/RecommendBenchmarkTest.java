package com.dipgnn.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RecommendBenchmarkTest {

    @Test
    void overlapCountsTheAnswersThatAreInTheTruth() {
        // answers 3, 5, 7 against the true top three {5, 7, 9}: two found, recall@3 = 2/3
        List<com.dipgnn.serving.ScoredNode> answer = List.of(
                new com.dipgnn.serving.ScoredNode(3, 0.9f),
                new com.dipgnn.serving.ScoredNode(5, 0.8f),
                new com.dipgnn.serving.ScoredNode(7, 0.7f));
        assertThat(RecommendBenchmark.overlap(answer, Set.of(5, 7, 9))).isEqualTo(2);
        assertThat(RecommendBenchmark.overlap(answer, Set.of(1, 2))).isZero();
        assertThat(RecommendBenchmark.overlap(List.of(), Set.of(1))).isZero();
    }

    @Test
    void aSmallRunMeasuresExactAndApproximateSearchWithRecall() throws Exception {
        RecommendBenchmark.Settings settings = new RecommendBenchmark.Settings(
                6000, 600, 12_000, 6, 32, 0, 50, 10, 10, 0, new int[] {2, 1000}, 3, null);
        RecommendBenchmark.Report report = new RecommendBenchmark(settings).run(line -> {});
        assertThat(report.candidates()).isEqualTo(6000);
        assertThat(report.dim()).isEqualTo(32);
        assertThat(report.rows())
                .extracting(RecommendBenchmark.Row::name)
                .hasSize(5)
                .startsWith("exact", "ivf nprobe=2", "ivf nprobe=1000", "graph index");
        assertThat(report.rows().get(4).name()).startsWith("graph index, overquery ");
        RecommendBenchmark.Row exact = report.rows().get(0);
        assertThat(exact.latency().millis()).hasSize(50);
        // the inverted file probing every one of its lists scans every vector: it must find the exact top k
        // (with and without the linked items); probing two lists cannot find more of it
        RecommendBenchmark.Row all = report.rows().get(2);
        RecommendBenchmark.Row two = report.rows().get(1);
        assertThat(all.recall()).isEqualTo(1.0);
        assertThat(all.recallExcluding()).isEqualTo(1.0);
        assertThat(two.recall()).isPositive().isLessThanOrEqualTo(all.recall());
        // the graph re-ranks 100 candidates per query of 10 among 6,000: it finds most of the exact top 10
        assertThat(report.rows().get(3).recall()).isGreaterThan(0.8);
        // calibrated on other queries to find 0.95 of their exact top 10: close to that on these
        assertThat(report.rows().get(4).recall()).isGreaterThan(0.9);
        assertThat(report.api().recallExcluding()).isPositive();
        assertThat(report.index()).contains("inverted file over 6000 vectors");
        assertThat(report.newNode().latency().millis()).hasSize(5);
        // copies of queries are embedded exactly as the queries were: same answers from the same index
        assertThat(report.inference()).startsWith("none: exact inference");
        assertThat(report.newNodeMaxDifference()).isLessThan(1e-4);
        assertThat(report.newNodeAgreement()).isGreaterThanOrEqualTo(0.9);
        assertThat(report.newNode().recall()).isPositive();
    }

    @Test
    void aGatModelsCopiedQueriesAreEmbeddedAsTheirOriginals() throws Exception {
        // the same small graph, an untrained GAT: a copy of a query (its features and clicks) has the same
        // neighbourhood as the query, so the inductive path must give it the query's embedding and answers
        RecommendBenchmark.Settings settings = new RecommendBenchmark.Settings(
                        6000, 600, 12_000, 6, 32, 0, 50, 10, 10, 0, new int[] {1000}, 3, null)
                .withBackbone(com.dipgnn.model.Backbone.GAT);
        RecommendBenchmark.Report report = new RecommendBenchmark(settings).run(line -> {});
        assertThat(report.model()).startsWith("GAT untrained");
        assertThat(report.rows().get(1).recall()).isEqualTo(1.0);
        assertThat(report.newNodeMaxDifference()).isLessThan(1e-4);
        assertThat(report.newNodeAgreement()).isGreaterThanOrEqualTo(0.9);
    }
}
