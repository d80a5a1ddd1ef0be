package com.dipgnn.graph.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.EOFException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class GraphDataExceptionTest {

    @Test
    void messageNamesFileLineProblemAndRemedy() {
        var e = new GraphDataException(Path.of("data", "nodes.csv"), 12, "label 9 is out of range", "expected 0..6");

        assertThat(e.getMessage())
                .isEqualTo(Path.of("data", "nodes.csv") + ":12: label 9 is out of range; expected 0..6");
        assertThat(e.file()).isEqualTo(Path.of("data", "nodes.csv"));
        assertThat(e.line()).isEqualTo(12);
        assertThat(e.problem()).isEqualTo("label 9 is out of range");
        assertThat(e.remedy()).isEqualTo("expected 0..6");
    }

    @Test
    void lineZeroLeavesTheLineOut() {
        var e = new GraphDataException(Path.of("meta.json"), 0, "format is 'x'", "expected gnnfmt-1");

        assertThat(e.getMessage()).isEqualTo("meta.json: format is 'x'; expected gnnfmt-1");
    }

    @Test
    void noFileLeavesTheLocationOut() {
        var e = new GraphDataException(null, 0, "data set 'x' not found", "use one of cora, gowalla");

        assertThat(e.getMessage()).isEqualTo("data set 'x' not found; use one of cora, gowalla");
        assertThat(e.file()).isNull();
    }

    @Test
    void keepsTheCause() {
        var cause = new EOFException("eof");

        var e = new GraphDataException(Path.of("a"), 3, "truncated", "re-create it", cause);

        assertThat(e.getCause()).isSameAs(cause);
    }

    @Test
    void anUploadsErrorNamesTheFileInsideTheArchiveNotWhereItWasExtracted(@org.junit.jupiter.api.io.TempDir Path dir) {
        Path extracted = dir.resolve(".partial-abc123").resolve("shop");
        Path file = extracted.resolve("g/nodes/item.csv");
        GraphDataException e = new GraphDataException(
                file, 3, "id 'x' repeats line 2 of " + file, "give each node of " + extracted + " one id");

        GraphDataException shown = e.shownUnder(extracted, "shop.zip");

        assertThat(shown.getMessage())
                .isEqualTo("shop.zip/g/nodes/item.csv:3: id 'x' repeats line 2 of shop.zip/g/nodes/item.csv; give each "
                        + "node of shop.zip one id");
        assertThat(shown.line()).isEqualTo(3);
        // a file elsewhere keeps its name
        GraphDataException elsewhere = new GraphDataException(dir.resolve("other.csv"), 1, "bad", null);
        assertThat(elsewhere.shownUnder(extracted, "shop.zip").file()).isEqualTo(dir.resolve("other.csv"));
    }
}
