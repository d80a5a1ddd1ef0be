package com.dipgnn.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OperatorProfileTest {

    private static String event(String name, String shape, int thread, double start, double duration) {
        return String.format(
                Locale.ROOT,
                "{\"name\": \"%s\", \"ph\": \"X\", \"ts\": %.1f, \"dur\": %.1f, \"tid\": %d, \"shape\": %s}",
                name,
                start,
                duration,
                thread,
                shape);
    }

    @Test
    void selfTimeIsTheDurationLessTheNestedCallsOnTheSameThread(@TempDir Path dir) throws Exception {
        // thread 1: outer [0, 100) holds mul [10, 40) and fill [50, 60); a second mul [200, 230) and a third
        // of other shapes [300, 305) stand alone.
        // thread 2: outer [20, 70) overlaps thread 1's calls in time but holds nothing of theirs.
        // A metadata event ("M") is not a call. Self times (us): outer 100 - 30 - 10 = 60 and 50,
        // mul 30 + 30 + 5 (65, most at [[4,2],[4,1]]), fill 10; all 185 over 2 steps.
        String trace = "["
                + String.join(
                        ",\n",
                        event("outer", "[]", 1, 0, 100),
                        event("aten::mul", "[[4, 2], [4, 1]]", 1, 10, 30),
                        event("aten::fill_", "[[4, 2], []]", 1, 50, 10),
                        event("aten::mul", "[[4, 2], [4, 1]]", 1, 200, 30),
                        event("aten::mul", "[[9, 2], [9, 2]]", 1, 300, 5),
                        event("outer", "[]", 2, 20, 50),
                        "{\"name\": \"thread_name\", \"ph\": \"M\", \"tid\": 1}")
                + "]";
        Path file = Files.writeString(dir.resolve("trace.json"), trace);

        List<OperatorProfile.OperatorTime> top = OperatorProfile.summarise(file, 10, 2);

        assertThat(top)
                .extracting(OperatorProfile.OperatorTime::operator)
                .containsExactly("outer", "aten::mul", "aten::fill_");
        assertThat(top.get(0).selfMillisPerStep()).isCloseTo((60 + 50) / 1e3 / 2, within(1e-12));
        assertThat(top.get(0).callsPerStep()).isEqualTo(1.0);
        assertThat(top.get(1).heaviestShapes()).isEqualTo("[[4,2],[4,1]]");
        assertThat(top.get(1).selfMillisPerStep()).isCloseTo(65 / 1e3 / 2, within(1e-12));
        assertThat(top.get(1).callsPerStep()).isEqualTo(1.5);
        assertThat(top.get(1).share()).isCloseTo(65 / 185.0, within(1e-12));
        assertThat(top.get(2).share()).isCloseTo(10 / 185.0, within(1e-12));
        assertThat(OperatorProfile.summarise(file, 1, 2)).hasSize(1);
        // the same events under "traceEvents" of an object (the other layout of Chrome traces) read the same
        Path wrapped = Files.writeString(
                dir.resolve("wrapped.json"),
                "{\"schemaVersion\": 1, \"meta\": {\"a\": [1]}, \"traceEvents\": " + trace + "}");
        assertThat(OperatorProfile.summarise(wrapped, 10, 2)).isEqualTo(top);
    }

    @Test
    void recordWritesATraceOfTheOperatorsThePassRan(@TempDir Path dir) {
        Path trace = dir.resolve("trace.json");
        float sum;
        try (NDManager manager = NDManager.newBaseManager()) {
            sum = OperatorProfile.record(trace, () -> {
                NDArray a = manager.ones(new Shape(3, 5));
                return a.matMul(manager.ones(new Shape(5, 7))).sum().getFloat();
            });
        }

        assertThat(sum).isEqualTo(3 * 7 * 5f);
        assertThat(trace).exists();
        assertThat(OperatorProfile.summarise(trace, 100, 1)).anySatisfy(t -> {
            assertThat(t.operator()).isIn("aten::mm", "aten::matmul");
            assertThat(t.heaviestShapes()).contains("[3,5]", "[5,7]");
        });
    }
}
