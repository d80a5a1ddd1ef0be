package com.dipgnn.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.bench.RecommendTrainCell;
import com.dipgnn.bench.RecommendTrainPath;
import java.util.List;
import org.junit.jupiter.api.Test;

class RecommendTrainTextTest {

    @Test
    void theTableHasARowPerCellAndSaysWhyACellWasSkipped() {
        RecommendTrainCell fanout = new RecommendTrainCell(
                "gowalla",
                RecommendTrainPath.FANOUT,
                null,
                29858,
                40981,
                810128,
                1024,
                List.of(10, 5),
                200,
                197,
                125.25,
                150.0,
                792L,
                99.198,
                2048L,
                3L * 1024 * 1024 * 1024,
                12.5,
                0.25,
                false,
                4100.0,
                51_234.0,
                0.0625,
                0.03125,
                61.25);
        RecommendTrainCell mf = new RecommendTrainCell(
                "gowalla",
                RecommendTrainPath.MF,
                null,
                29858,
                40981,
                810128,
                2048,
                null,
                200,
                197,
                8.0,
                9.0,
                396L,
                3.168,
                700L,
                100L * 1024 * 1024,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                12.0);
        RecommendTrainCell skipped =
                RecommendTrainCell.skipped("synthetic-1m", RecommendTrainPath.FULL, "above the bound", 0.0);
        String text = RecommendTrainText.table(List.of(fanout, mf, skipped), 200, 3, true);
        String[] lines = text.split("\n");
        assertThat(lines[0]).startsWith("== recommend-train: 200 steps a cell, the first 3 untimed");
        assertThat(lines[1].split("\\s+"))
                .containsExactly(
                        "graph",
                        "path",
                        "batch",
                        "fanouts",
                        "step",
                        "ms",
                        "p90",
                        "ms",
                        "steps/ep",
                        "epoch",
                        "s",
                        "peak",
                        "MiB",
                        "native",
                        "sample",
                        "ms",
                        "wait",
                        "ms",
                        "hidden",
                        "nodes",
                        "edges",
                        "R@20",
                        "N@20",
                        "wall",
                        "s");
        // native: 3 GiB = 3,072 MiB; epoch 792 x 125.25 ms = 99.198 s, shown to one decimal
        assertThat(lines[2].split("\\s+"))
                .containsExactly(
                        "gowalla", "fanout", "1024", "10,5", "125.3", "150.0", "792", "99.2", "2,048", "3,072", "12.50",
                        "0.25", "no", "4,100", "51,234", "0.0625", "0.0313", "61.3");
        // the baseline samples inside its step and, without quality, has no recall: dashes
        assertThat(lines[3].split("\\s+"))
                .containsExactly(
                        "gowalla", "mf", "2048", "-", "8.0", "9.0", "396", "3.2", "700", "100", "-", "-", "-", "-", "-",
                        "-", "-", "12.0");
        assertThat(lines[4]).matches("synthetic-1m\\s+full\\s+skipped: above the bound \\(0\\.0 s\\)");
    }
}
