package com.dipgnn.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.bench.RecommenderBenchmark;
import com.dipgnn.bench.StepTimes;
import org.junit.jupiter.api.Test;

class RecommendBenchTextTest {

    @Test
    void theRecommenderReportGivesTheStepsNearestRankPercentilesAndTheRankingTime() {
        // five steps of 10..50 ms: nearest-rank p10 the 1st, median the 3rd, p90 the 5th
        RecommenderBenchmark.Report r = new RecommenderBenchmark.Report(
                "mf", 1000, 200, 5000, new StepTimes(new double[] {50, 10, 40, 20, 30}), 12.34, 1.5, 300, "1.0 0.5");
        String n = System.lineSeparator();
        assertThat(RecommendBenchText.recommenderText(r, "gowalla"))
                .isEqualTo("== mf on gowalla: 1,000 users, 200 items, 5,000 training pairs" + n
                        + "step median 30.0 ms (p10 10.0, p90 50.0)" + n
                        + "epoch (projected) 12.3 s" + n
                        + "full ranking of 300 test users x 200 items: 1.5 s" + n
                        + "load average at the end: 1.0 0.5" + n);
    }
}
