package com.dipgnn.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RecommendBenchmarkTest {

    @Test
    void aSmallRunMeasuresExactAndApproximateSearchWithRecall() throws Exception {
        RecommendBenchmark.Settings settings = new RecommendBenchmark.Settings(6000, 600, 12_000, 6, 32, 0, 50, 10, 10,
                0, new int[] {2, 1000}, 3, null);
        RecommendBenchmark.Report report = new RecommendBenchmark(settings).run(line -> { });
        assertThat(report.candidates()).isEqualTo(6000);
        assertThat(report.dim()).isEqualTo(32);
        assertThat(report.rows()).extracting(RecommendBenchmark.Row::name)
                .containsExactly("exact", "ivf nprobe=2", "ivf nprobe=1000");
        RecommendBenchmark.Row exact = report.rows().get(0);
        assertThat(exact.recall()).isEqualTo(1.0);
        assertThat(exact.recallExcluding()).isEqualTo(1.0);
        assertThat(exact.latency().millis()).hasSize(50);
        // probing every list is exact; probing two of them cannot be better
        assertThat(report.rows().get(2).recall()).isEqualTo(1.0);
        assertThat(report.rows().get(1).recall()).isLessThanOrEqualTo(1.0).isPositive();
        assertThat(report.api().recallExcluding()).isPositive();
        assertThat(report.index()).contains("inverted file over 6000 vectors");
        assertThat(report.newNode().latency().millis()).hasSize(5);
        // copies of queries are embedded exactly as the queries were: same answers from the same index
        assertThat(report.inference()).startsWith("none: exact inference");
        assertThat(report.newNodeMaxDifference()).isLessThan(1e-4);
        assertThat(report.newNodeAgreement()).isGreaterThanOrEqualTo(0.9);
        assertThat(report.newNode().recall()).isPositive();
    }
}
