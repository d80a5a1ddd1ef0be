package com.dipgnn.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.recommend.EpochLog;
import com.dipgnn.recommend.RecommenderResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** One line per recommender run, its points the validated epochs. */
class RecommenderCurvePlotTest {

    private static RecommenderResult run(double... recalls) {
        List<EpochLog> curve = new ArrayList<>();
        for (int i = 0; i < recalls.length; i++) {
            curve.add(new EpochLog(2 * (i + 1), 1.0, Map.of("recall@20", recalls[i], "ndcg@20", 0.0), i));
        }
        return new RecommenderResult(Map.of(), recalls.length, 2 * recalls.length, 1.0, curve, 0, null);
    }

    @Test
    void drawsEachRunsValidationRecallOverItsEpochs() {
        String svg = RecommenderCurvePlot.of("gowalla: lightgcn", 3, List.of(run(0.1, 0.15, 0.17), run(0.12, 0.16)), 20)
                .render();

        assertThat(svg)
                .contains("gowalla: lightgcn")
                .contains("validation Recall@20")
                .contains(">seed 3<")
                .contains(">seed 4<");
        // a path per series: a move to the first point and a line to each next one
        List<String> paths = Pattern.compile("class=\"series\"[^>]*d=\"([^\"]*)\"|d=\"([^\"]*)\"[^>]*class=\"series\"")
                .matcher(svg)
                .results()
                .map(m -> m.group(1) != null ? m.group(1) : m.group(2))
                .toList();
        assertThat(paths).hasSize(2);
        assertThat(paths.get(0).chars().filter(c -> c == 'L').count()).isEqualTo(2);
        assertThat(paths.get(1).chars().filter(c -> c == 'L').count()).isEqualTo(1);
    }
}
