package com.dipgnn.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class RecommendTrainChildTest {

    private static final String LOCATION = "synthetic:interactions?users=2000&items=500&interactions=20000&seed=1";

    @Test
    void aCellNameSplitsAtTheLastColon() {
        RecommendTrainChild.CellName c = RecommendTrainChild.CellName.parse(LOCATION + ":fanout");
        assertThat(c.graph()).isEqualTo(LOCATION);
        assertThat(c.path()).isEqualTo(RecommendTrainPath.FANOUT);
        assertThat(c.toString()).isEqualTo(LOCATION + ":fanout");
        assertThat(RecommendTrainChild.CellName.parse("gowalla:lightgcn").path())
                .isEqualTo(RecommendTrainPath.LIGHTGCN);
        assertThatThrownBy(() -> RecommendTrainChild.CellName.parse("gowalla"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("<graph>:<path>");
        assertThatThrownBy(() -> RecommendTrainChild.CellName.parse("gowalla:gcn"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theChildRepeatsTheLauncherAndPassesOnlyMemoryAndPropertyOptions() {
        List<String> args = List.of("bench", "--config", "recommend-train", "--json", "--budget-steps", "20");
        List<String> childArgs = RecommendTrainChild.childArguments(
                args, new RecommendTrainChild.CellName("gowalla", RecommendTrainPath.MF));
        assertThat(childArgs)
                .containsExactly(
                        "bench",
                        "--config",
                        "recommend-train",
                        "--budget-steps",
                        "20",
                        "--cell",
                        "gowalla:mf",
                        "--json");
        List<String> jvm =
                List.of("-Ddipgnn.datasets=../shared/datasets", "-Xmx8g", "-agentlib:jdwp=x", "-XX:+UseG1GC");
        assertThat(RecommendTrainChild.command(
                        "/jdk/bin/java", jvm, "/opt/app.jar bench --json", "/opt/app.jar", childArgs))
                .containsExactly(
                        "/jdk/bin/java",
                        "-Ddipgnn.datasets=../shared/datasets",
                        "-Xmx8g",
                        "-XX:+UseG1GC",
                        "-jar",
                        "/opt/app.jar",
                        "bench",
                        "--config",
                        "recommend-train",
                        "--budget-steps",
                        "20",
                        "--cell",
                        "gowalla:mf",
                        "--json");
        assertThat(RecommendTrainChild.command("java", List.of(), "com.dipgnn.Main bench", "a.jar:b.jar", List.of("x")))
                .containsExactly("java", "-cp", "a.jar:b.jar", "com.dipgnn.Main", "x");
    }

    @Test
    void aCellSurvivesTheJsonLineTheChildPrints() throws Exception {
        RecommendTrainCell measured = new RecommendTrainCell(
                LOCATION,
                RecommendTrainPath.FANOUT,
                null,
                2000,
                500,
                14000,
                1024,
                List.of(10, 5),
                20,
                17,
                12.5,
                20.0,
                14L,
                0.175,
                900L,
                123_456_789L,
                3.25,
                0.5,
                false,
                4100.0,
                51_234.0,
                0.0625,
                0.03125,
                4.5);
        RecommendTrainCell skipped =
                RecommendTrainCell.skipped("synthetic-1m", RecommendTrainPath.FULL, "too big", 0.0);
        for (RecommendTrainCell c : List.of(measured, skipped)) {
            String line = RecommendTrainChild.toJson(c);
            assertThat(line).doesNotContain("\n");
            // logs before the JSON line are ignored: the last line is the cell
            assertThat(RecommendTrainChild.parseOutput("some log\n" + line + "\n"))
                    .isEqualTo(c);
        }
    }
}
