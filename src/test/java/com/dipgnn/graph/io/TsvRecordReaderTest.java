package com.dipgnn.graph.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.dipgnn.graph.SplitMark;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TsvRecordReaderTest {

    @TempDir
    Path dir;

    private TsvRecordReader reader(String content) {
        TsvRecordReader reader = TsvRecordReader.open(
                TestFiles.write(dir.resolve("t.tsv"), content), "a test table", InputLimits.DEFAULT);
        assertThat(reader.next()).isTrue();
        return reader;
    }

    @Test
    void unescapesBackslashSequencesOnly() {
        try (TsvRecordReader reader = reader("a\\tb\\nc\\\\d\\re\\x\tplain\n")) {
            assertThat(reader.fieldCount()).isEqualTo(2);
            assertThat(reader.text(0)).isEqualTo("a\tb\nc\\d\rex");
            assertThat(reader.text(1)).isEqualTo("plain");
        }
    }

    @Test
    void keepsEmptyFieldsAndCountsLines() {
        try (TsvRecordReader reader = reader("x\n\t\t\n")) {
            assertThat(reader.line()).isEqualTo(1);
            assertThat(reader.next()).isTrue();
            assertThat(reader.line()).isEqualTo(2);
            assertThat(reader.fieldCount()).isEqualTo(3);
            assertThat(reader.next()).isFalse();
        }
    }

    @Test
    void parsesNumbersInPlace() {
        try (TsvRecordReader reader = reader("-17\t2147483647\t0.25\t-3\t1e-3\t9000000000\n")) {
            assertThat(reader.intField(0, "a")).isEqualTo(-17);
            assertThat(reader.intField(1, "b")).isEqualTo(Integer.MAX_VALUE);
            assertThat(reader.floatField(2, "c")).isEqualTo(0.25f);
            assertThat(reader.floatField(3, "d")).isEqualTo(-3f);
            assertThat(reader.floatField(4, "e")).isEqualTo(1e-3f);
            assertThat(reader.longField(5, "f")).isEqualTo(9_000_000_000L);
        }
    }

    @Test
    void intOverflowIsMalformed() {
        try (TsvRecordReader reader = reader("2147483648\n")) {
            GraphDataException e = assertThrows(GraphDataException.class, () -> reader.intField(0, "src"));
            assertThat(e.getMessage())
                    .endsWith(":1: src '2147483648' is not a whole number; expected an integer such as 42");
        }
    }

    @Test
    void emptyOrSignOnlyIsMalformed() {
        try (TsvRecordReader reader = reader("\t-\t+\n")) {
            for (int i = 0; i < 3; i++) {
                int field = i;
                assertThrows(GraphDataException.class, () -> reader.intField(field, "x"));
                assertThrows(GraphDataException.class, () -> reader.floatField(field, "x"));
            }
        }
    }

    @Test
    void parsesSplitNames() {
        try (TsvRecordReader reader = reader("train\tval\ttest\t-\t\tvalid\tTEST\n")) {
            assertThat(reader.splitField(0)).isEqualTo(SplitMark.TRAIN.code());
            assertThat(reader.splitField(1)).isEqualTo(SplitMark.VAL.code());
            assertThat(reader.splitField(2)).isEqualTo(SplitMark.TEST.code());
            assertThat(reader.splitField(3)).isEqualTo(SplitMark.NONE.code());
            assertThat(reader.splitField(4)).isEqualTo(SplitMark.NONE.code());
            assertThat(reader.splitField(5)).isEqualTo(SplitMark.VAL.code());
            assertThat(reader.splitField(6)).isEqualTo(SplitMark.TEST.code());
        }
    }

    @Test
    void plainFileThatIsReallyGzipIsRefused() {
        Path file = TestFiles.writeBytes(dir.resolve("t.tsv"), TestFiles.gzip("a\tb\n".getBytes()));

        GraphDataException e =
                assertThrows(GraphDataException.class, () -> TsvRecordReader.open(file, "x", InputLimits.DEFAULT));

        assertThat(e.getMessage())
                .isEqualTo(file + ": file is gzip-compressed but its name does not end in .gz; "
                        + "rename it to t.tsv.gz, or decompress it");
    }

    @Test
    void emptyFileHasNoHeader() {
        Path file = TestFiles.write(dir.resolve("t.tsv"), "");
        try (TsvRecordReader reader = TsvRecordReader.open(file, "x", InputLimits.DEFAULT)) {
            GraphDataException e = assertThrows(GraphDataException.class, () -> Header.read(reader, "id, key"));
            assertThat(e.getMessage())
                    .isEqualTo(file + ":1: file is empty; expected a header line naming the columns (id, key)");
        }
    }
}
