package com.dipgnn.graph.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every kind of bad gnnfmt-1 input gives an error naming the file, the line and what was expected. */
class GnnFmtLoaderErrorTest {

    @TempDir
    Path dir;

    private final Map<String, String> files = TinyGnnFmt.files();

    private GraphDataException loadFails() {
        TinyGnnFmt.write(dir, files);
        return assertThrows(GraphDataException.class, () -> new GnnFmtLoader().load(dir));
    }

    /** Asserts the error points at {@code relativeFile}, line {@code line} (0: the whole file). */
    static void assertLocated(GraphDataException e, Path dir, String relativeFile, int line) {
        Path file = dir.resolve(relativeFile);
        assertThat(e.file()).isEqualTo(file);
        assertThat(e.line()).isEqualTo(line);
        assertThat(e.getMessage()).startsWith(line > 0 ? file + ":" + line + ": " : file + ": ");
    }

    @Test
    void edgeToUnknownNodeIdNamesTheValidRange() {
        files.put("edges/author__writes__paper.tsv.gz", "src\tdst\tposition\tsplit\n0\t0\t1\ttrain\n0\t4\t1\ttrain\n");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "edges/author__writes__paper.tsv.gz", 3);
        assertThat(e.getMessage()).contains("dst 4 is not a 'paper' node id", "expected an id in 0..3");
    }

    @Test
    void denseRowWithTooFewValues() {
        files.put("features/author.tsv.gz", "0.5\t1\n2\n0\t0\n");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "features/author.tsv.gz", 2);
        assertThat(e.getMessage()).contains("row has 1 field", "expected 2 (feature_dim of 'author' in meta.json)");
    }

    @Test
    void denseRowWithTooManyValues() {
        files.put("features/author.tsv.gz", "0.5\t1\n2\t3\n0\t0\t7\n");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "features/author.tsv.gz", 3);
        assertThat(e.getMessage()).contains("row has 3 fields", "expected 2 (feature_dim");
    }

    @Test
    void sparseIndexAtOrBeyondTheDimension() {
        files.put("features/paper.tsv.gz", "0:1\t3:2.5\n\n1:1\t5:1\n0:1\n");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "features/paper.tsv.gz", 3);
        assertThat(e.getMessage())
                .contains(
                        "feature index 5 is out of range",
                        "expected an index below 5 (feature_dim of 'paper' in meta.json)");
    }

    @Test
    void sparseIndicesThatDoNotIncrease() {
        files.put("features/paper.tsv.gz", "3:1\t0:2.5\n\n1:1\n0:1\t4:1\n");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "features/paper.tsv.gz", 1);
        assertThat(e.getMessage()).contains("feature index 0 follows index 3", "strictly increasing");
    }

    @Test
    void nanFeatureValue() {
        files.put("features/author.tsv.gz", "0.5\t1\n2\tNaN\n0\t0\n");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "features/author.tsv.gz", 2);
        assertThat(e.getMessage()).contains("'NaN' is not a finite number", "features must be finite");
    }

    @Test
    void infiniteFeatureValueAndValueBeyondFloatRange() {
        files.put("features/paper.tsv.gz", "0:1\t3:Infinity\n\n1:1\n0:1\t4:1\n");
        assertThat(loadFails().getMessage()).contains(":1: feature value of index 3 'Infinity' is not a finite number");

        files.put("features/paper.tsv.gz", "0:1\t3:2\n\n1:1e60\n0:1\t4:1\n");
        assertThat(loadFails().getMessage()).contains(":3: feature value of index 1 '1e60' is not a finite number");
    }

    @Test
    void duplicateNodeKeyNamesTheFirstNode() {
        files.put("nodes/author.tsv.gz", TinyGnnFmt.AUTHOR_NODES.replace("2\tcarol", "2\talice"));

        GraphDataException e = loadFails();

        assertLocated(e, dir, "nodes/author.tsv.gz", 4);
        assertThat(e.getMessage()).contains("key 'alice' is also the key of node 0 (line 2)", "keys must be unique");
    }

    @Test
    void duplicateOrOutOfOrderNodeId() {
        files.put("nodes/author.tsv.gz", TinyGnnFmt.AUTHOR_NODES.replace("1\tbob", "0\tbob"));

        GraphDataException e = loadFails();

        assertLocated(e, dir, "nodes/author.tsv.gz", 3);
        assertThat(e.getMessage()).contains("id 0 on the row of node 1", "ids must be 0..2 in row order");
    }

    @Test
    void graphWithoutNodes() {
        files.clear();
        files.put("meta.json", """
                {"format": "gnnfmt-1", "name": "void", "node_types": [{"name": "a", "count": 0}], "edge_types": []}
                """);

        GraphDataException e = loadFails();

        assertLocated(e, dir, "meta.json", 0);
        assertThat(e.getMessage()).contains("the graph has no nodes", "expected at least one node type with count > 0");
    }

    @Test
    void labelOutOfRange() {
        files.put("nodes/paper.tsv.gz", TinyGnnFmt.PAPER_NODES.replace("2\tp2\t2\t", "2\tp2\t3\t"));

        GraphDataException e = loadFails();

        assertLocated(e, dir, "nodes/paper.tsv.gz", 4);
        assertThat(e.getMessage())
                .contains(
                        "label 3 is out of range",
                        "expected -1 (no label) or a class id in 0..2 (num_classes of 'paper' in meta.json)");
    }

    @Test
    void labelOnATypeWithoutClasses() {
        files.put("nodes/author.tsv.gz", TinyGnnFmt.AUTHOR_NODES.replace("1\tbob\t-1", "1\tbob\t0"));

        GraphDataException e = loadFails();

        assertLocated(e, dir, "nodes/author.tsv.gz", 3);
        assertThat(e.getMessage()).contains("label 0 is out of range", "meta.json gives 'author' num_classes 0");
    }

    @Test
    void gzFileThatIsNotGzip() {
        TinyGnnFmt.write(dir, files);
        TestFiles.writeBytes(dir.resolve("nodes/paper.tsv.gz"), TinyGnnFmt.PAPER_NODES.getBytes());

        GraphDataException e = assertThrows(GraphDataException.class, () -> new GnnFmtLoader().load(dir));

        assertLocated(e, dir, "nodes/paper.tsv.gz", 0);
        assertThat(e.getMessage()).contains("not a gzip file", "compress it with gzip, or drop the .gz suffix");
    }

    @Test
    void truncatedGzipNamesTheLineWhereReadingStopped() {
        StringBuilder edges = new StringBuilder("src\tdst\n");
        for (int i = 0; i < 200_000; i++) {
            edges.append(i % 4).append('\t').append((i * 7 + i / 4) % 4).append('\n');
        }
        // declared as many as written: a file longer than its count is refused at its first extra row
        files.put(
                "meta.json",
                files.get("meta.json")
                        .replace("\"count\": 3, \"directed\": false", "\"count\": 200000, \"directed\": false"));
        TinyGnnFmt.write(dir, files);
        TestFiles.writeBytes(
                dir.resolve("edges/paper__cites__paper.tsv.gz"), TestFiles.truncatedGzip(edges.toString(), 0.5));

        GraphDataException e = assertThrows(GraphDataException.class, () -> new GnnFmtLoader().load(dir));

        assertThat(e.file()).isEqualTo(dir.resolve("edges/paper__cites__paper.tsv.gz"));
        assertThat(e.line()).isBetween(2, 200_000);
        assertThat(e.getMessage())
                .contains(
                        "paper__cites__paper.tsv.gz:" + e.line() + ": ",
                        "the gzip stream is truncated",
                        "re-create it");
    }

    @Test
    void missingMetaJson() throws Exception {
        TinyGnnFmt.write(dir, files);
        Files.delete(dir.resolve("meta.json"));

        GraphDataException e = assertThrows(GraphDataException.class, () -> new GnnFmtLoader().load(dir));

        assertLocated(e, dir, "meta.json", 0);
        assertThat(e.getMessage()).contains("file not found", "meta.json, nodes/, edges/");
    }

    @Test
    void missingFeatureFile() throws Exception {
        TinyGnnFmt.write(dir, files);
        Files.delete(dir.resolve("features/paper.tsv.gz"));

        GraphDataException e = assertThrows(GraphDataException.class, () -> new GnnFmtLoader().load(dir));

        assertLocated(e, dir, "features/paper.tsv.gz", 0);
        assertThat(e.getMessage())
                .contains(
                        "file not found", "expected the sparse features of type 'paper' (feature_dim 5 in meta.json)");
    }

    @Test
    void missingColumn() {
        files.put("nodes/author.tsv.gz", "id\tlabel\tsplit\ttext\n0\t-1\t-\t\n");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "nodes/author.tsv.gz", 1);
        assertThat(e.getMessage())
                .contains("the header lacks the column 'key'", "expected the columns id, key, label, split, text");
    }

    @Test
    void missingSplitColumnThatMetaJsonNames() {
        files.put("edges/author__writes__paper.tsv.gz", "src\tdst\n0\t0\n0\t1\n1\t1\n2\t3\n");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "edges/author__writes__paper.tsv.gz", 1);
        assertThat(e.getMessage()).contains("lacks the column 'split'", "expected the columns src, dst, split");
    }

    @Test
    void malformedWholeNumber() {
        files.put("edges/paper__cites__paper.tsv.gz", "src\tdst\n0\t1\n1x\t2\n2\t3\n");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "edges/paper__cites__paper.tsv.gz", 3);
        assertThat(e.getMessage()).contains("src '1x' is not a whole number", "expected an integer");
    }

    @Test
    void malformedDecimalNumber() {
        files.put("features/author.tsv.gz", "0.5\t1\n2\t3\n0,5\t0\n");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "features/author.tsv.gz", 3);
        assertThat(e.getMessage()).contains("feature 0 '0,5' is not a number", "'.' as decimal point");
    }

    @Test
    void unknownSplitName() {
        files.put("edges/author__writes__paper.tsv.gz", TinyGnnFmt.WRITES.replace("1\t1\t1\ttest", "1\t1\t1\ttesting"));

        GraphDataException e = loadFails();

        assertLocated(e, dir, "edges/author__writes__paper.tsv.gz", 4);
        assertThat(e.getMessage()).contains("split 'testing' is not a split name", "expected train, val, test, or -");
    }

    @Test
    void fewerNodeRowsThanMetaJsonCounts() {
        files.put("nodes/author.tsv.gz", "id\tkey\tlabel\tsplit\ttext\n0\talice\t-1\t-\t\n1\tbob\t-1\t-\t\n");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "nodes/author.tsv.gz", 0);
        assertThat(e.getMessage()).contains("the file has 2 node rows", "expected 3 (count of 'author' in meta.json)");
    }

    @Test
    void moreFeatureRowsThanNodes() {
        files.put("features/author.tsv.gz", TinyGnnFmt.AUTHOR_FEATURES + "1\t1\n");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "features/author.tsv.gz", 4);
        assertThat(e.getMessage()).contains("more than 3 feature rows", "expected one line per node: 3");
    }

    @Test
    void sparseFeatureNnzDisagreeingWithMetaJson() {
        files.put("features/paper.tsv.gz", "0:1\t3:2.5\n\n1:1\n0:1\n");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "features/paper.tsv.gz", 0);
        assertThat(e.getMessage()).contains("holds 4 index:value pairs", "expected 5 (feature_nnz of 'paper'");
    }

    @Test
    void invalidJsonNamesTheLine() {
        files.put("meta.json", "{\n  \"format\": \"gnnfmt-1\",\n  \"name\": tiny\n}\n");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "meta.json", 3);
        assertThat(e.getMessage()).contains("not valid JSON", "fix the JSON syntax");
    }

    @Test
    void wrongFormatInMetaJson() {
        files.put("meta.json", TinyGnnFmt.META.replace("gnnfmt-1", "gnnfmt-2"));

        GraphDataException e = loadFails();

        assertLocated(e, dir, "meta.json", 0);
        assertThat(e.getMessage()).contains("format is 'gnnfmt-2'", "expected \"format\": \"gnnfmt-1\"");
    }

    @Test
    void edgeTypeJoiningAnUnlistedNodeType() {
        files.put(
                "meta.json",
                TinyGnnFmt.META
                        .replace(
                                "\"dst\": \"paper\",\n                 \"count\": 4",
                                "\"dst\": \"venue\", \"count\": 4")
                        .replace("author__writes__paper", "author__writes__venue"));

        GraphDataException e = loadFails();

        assertLocated(e, dir, "meta.json", 0);
        assertThat(e.getMessage()).contains("joins node type 'venue', which node_types does not list");
    }

    @Test
    void invalidUtf8NamesTheFile() {
        TinyGnnFmt.write(dir, files);
        byte[] text = "label\tname\n0\tTh\u00e9ory\n1\tSystems\n2\tData\n".getBytes(StandardCharsets.ISO_8859_1);
        TestFiles.writeBytes(dir.resolve("classes/paper.tsv"), text);

        GraphDataException e = assertThrows(GraphDataException.class, () -> GnnFmtLoader.classNames(dir));

        assertThat(e.file()).isEqualTo(dir.resolve("classes/paper.tsv"));
        assertThat(e.getMessage()).contains("not valid UTF-8", "save the file with UTF-8 encoding");
    }
}
