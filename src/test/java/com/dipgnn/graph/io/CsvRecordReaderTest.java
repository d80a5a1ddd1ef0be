package com.dipgnn.graph.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvRecordReaderTest {

    @TempDir
    Path dir;

    /** Every record of {@code content} as "line: field|field|...". */
    private List<String> records(String content) {
        Path file = TestFiles.write(dir.resolve("t.csv"), content);
        List<String> records = new ArrayList<>();
        try (CsvRecordReader reader = CsvRecordReader.open(file, "a test table", InputLimits.DEFAULT)) {
            while (reader.next()) {
                List<String> fields = new ArrayList<>();
                for (int i = 0; i < reader.fieldCount(); i++) {
                    fields.add(reader.text(i));
                }
                records.add(reader.line() + ": " + String.join("|", fields));
            }
        }
        return records;
    }

    @Test
    void splitsPlainFieldsAtCommasKeepingEmptyOnes() {
        assertThat(records("a,b,c\n1,,3\n,x,\n")).containsExactly("1: a|b|c", "2: 1||3", "3: |x|");
    }

    @Test
    void quotedFieldsHoldCommasDoubledQuotesAndLineBreaks() {
        assertThat(records("id,text\n1,\"a, b\"\n2,\"say \"\"hi\"\"\"\n3,\"two\nlines\"\n4,end\n"))
                .containsExactly("1: id|text", "2: 1|a, b", "3: 2|say \"hi\"", "4: 3|two\nlines", "6: 4|end");
    }

    @Test
    void acceptsCrLfAndAMissingFinalLineBreak() {
        assertThat(records("a,b\r\n\"x\",y\r\nlast,row")).containsExactly("1: a|b", "2: x|y", "3: last|row");
    }

    @Test
    void emptyQuotedFieldIsEmpty() {
        assertThat(records("\"\",b\n")).containsExactly("1: |b");
    }

    @Test
    void unclosedQuoteNamesTheLineWhereTheRecordStarts() {
        Path file = TestFiles.write(dir.resolve("t.csv"), "a,b\n1,\"open\nstill open\n");

        GraphDataException e = assertThrows(GraphDataException.class, () -> readAll(file));

        assertThat(e.getMessage())
                .startsWith(file + ":2: a quoted field is never closed; " + "add the closing double quote");
    }

    @Test
    void strayQuoteInUnquotedField() {
        Path file = TestFiles.write(dir.resolve("t.csv"), "a,b\n1,x\"y\n");

        GraphDataException e = assertThrows(GraphDataException.class, () -> readAll(file));

        assertThat(e.getMessage())
                .startsWith(file + ":2: a double quote appears inside an unquoted field")
                .contains("enclose the whole field in double quotes");
    }

    @Test
    void textAfterClosingQuote() {
        Path file = TestFiles.write(dir.resolve("t.csv"), "a,b\n\"x\"y,z\n");

        GraphDataException e = assertThrows(GraphDataException.class, () -> readAll(file));

        assertThat(e.getMessage()).startsWith(file + ":2: unexpected character 'y' after a closing double quote");
    }

    @Test
    void readsGzippedCsv() {
        Path file = TestFiles.write(dir.resolve("t.csv.gz"), "a,b\n1,2\n");
        try (CsvRecordReader reader = CsvRecordReader.open(file, "a test table", InputLimits.DEFAULT)) {
            assertThat(reader.next()).isTrue();
            assertThat(reader.next()).isTrue();
            assertThat(reader.intField(1, "b")).isEqualTo(2);
            assertThat(reader.next()).isFalse();
        }
    }

    private static void readAll(Path file) {
        try (CsvRecordReader reader = CsvRecordReader.open(file, "a test table", InputLimits.DEFAULT)) {
            while (reader.next()) {
                reader.fieldCount();
            }
        }
    }
}
