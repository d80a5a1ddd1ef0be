package com.dipgnn.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.dipgnn.finetuning.FineTuneResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunSummaryTest {

    @Test
    void statIsTheMeanAndTheSampleStandardDeviation() {
        // mean 0.7; squared deviations 0.04 + 0 + 0.04 = 0.08; / (3 - 1) = 0.04; sqrt = 0.2
        RunSummary.Stat stat = RunSummary.stat(List.of(0.5, 0.7, 0.9));
        assertThat(stat.mean()).isCloseTo(0.7, within(1e-12));
        assertThat(stat.std()).isCloseTo(0.2, within(1e-12));
        assertThat(stat.n()).isEqualTo(3);

        // mean 2.5; deviations 1.5, 0.5, 0.5, 1.5; squares sum to 5; 5 / 3; sqrt = 1.2910
        RunSummary.Stat four = RunSummary.stat(List.of(1.0, 2.0, 3.0, 4.0));
        assertThat(four.mean()).isEqualTo(2.5);
        assertThat(four.std()).isCloseTo(Math.sqrt(5.0 / 3.0), within(1e-12));
    }

    @Test
    void oneRunHasNoSpread() {
        RunSummary.Stat stat = RunSummary.stat(List.of(0.42));
        assertThat(stat.mean()).isEqualTo(0.42);
        assertThat(stat.std()).isZero();
        assertThat(stat.toString()).isEqualTo("0.4200");
    }

    @Test
    void summarisesEachMetricOfEachSplitOverRuns() {
        Map<String, Map<String, RunSummary.Stat>> summary =
                RunSummary.of(List.of(result(0.60, 0.50, 0.90), result(0.80, 0.70, 0.95)));

        assertThat(summary).containsOnlyKeys("val", "test");
        assertThat(summary.get("test")).containsOnlyKeys("micro_f1", "macro_f1");
        RunSummary.Stat micro = summary.get("test").get("micro_f1");
        assertThat(micro.mean()).isCloseTo(0.70, within(1e-12));
        assertThat(micro.std()).isCloseTo(Math.sqrt(0.02), within(1e-12)); // (0.1^2 + 0.1^2) / 1
        assertThat(micro.n()).isEqualTo(2);
        assertThat(summary.get("test").get("macro_f1").mean()).isCloseTo(0.60, within(1e-12));
        assertThat(summary.get("val").get("micro_f1").mean()).isCloseTo(0.925, within(1e-12));
        assertThat(micro.toString()).isEqualTo("0.7000 ± 0.1414");
    }

    @Test
    void tableHasAHeaderAndOneRowPerSplit() {
        String table = RunSummary.table(RunSummary.of(List.of(result(0.60, 0.50, 0.90), result(0.80, 0.70, 0.95))));
        List<String> lines = table.lines().toList();

        assertThat(lines).hasSize(4);
        assertThat(lines.get(0)).startsWith("split").contains("micro_f1", "macro_f1");
        assertThat(lines.get(1)).matches("-+");
        assertThat(lines.get(2)).startsWith("val").contains("0.9250 ± 0.0354");
        assertThat(lines.get(3)).startsWith("test").contains("0.7000 ± 0.1414", "0.6000 ± 0.1414");
    }

    private static FineTuneResult result(double testMicro, double testMacro, double valMicro) {
        Map<String, Map<String, Double>> metrics = new LinkedHashMap<>();
        metrics.put("val", Map.of("micro_f1", valMicro));
        Map<String, Double> test = new LinkedHashMap<>();
        test.put("micro_f1", testMicro);
        test.put("macro_f1", testMacro);
        metrics.put("test", test);
        return new FineTuneResult(metrics, 10, 20, 1.0, 0.5);
    }
}
