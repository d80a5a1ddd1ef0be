package com.dipgnn.graph.io;

import static com.dipgnn.graph.io.GnnFmtLoaderErrorTest.assertLocated;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every kind of bad CSV/TSV graph gives an error naming the file, the line and what was expected. */
class DelimitedGraphLoaderErrorTest {

    @TempDir
    Path dir;

    private final Map<String, String> files = TinyDelimited.files();

    private GraphDataException loadFails() {
        TinyDelimited.write(dir, files);
        return assertThrows(GraphDataException.class, () -> new DelimitedGraphLoader().load(dir));
    }

    @Test
    void edgeToUnknownNodeId() {
        files.put("edges/paper__cites__paper.csv", "src,dst,split\nP1,P2,train\nP2,P9,test\n");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "edges/paper__cites__paper.csv", 3);
        assertThat(e.getMessage())
                .contains(
                        "dst 'P9' is not a node of type 'paper'",
                        "expected an id from the id column of nodes/paper.csv");
    }

    @Test
    void rowWithTooFewDenseColumns() {
        files.put("nodes/paper.csv", "id,f0,f1\nP1,1,2\nP2,3\nP3,4,5\n");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "nodes/paper.csv", 3);
        assertThat(e.getMessage()).contains("row has 2 fields", "expected 3 (one per column: id, f0, f1)");
    }

    @Test
    void rowWithTooManyDenseColumns() {
        files.put("nodes/paper.csv", "id,f0,f1\nP1,1,2\nP2,3,4\nP3,4,5,6\n");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "nodes/paper.csv", 4);
        assertThat(e.getMessage()).contains("row has 4 fields", "expected 3");
    }

    @Test
    void gapInDenseFeatureColumns() {
        files.put("nodes/paper.csv", "id,f0,f2\nP1,1,2\n");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "nodes/paper.csv", 1);
        assertThat(e.getMessage())
                .contains("dense feature column f1 is missing", "f0, f1, f2, ... numbered without gaps");
    }

    @Test
    void sparseIndexBeyondDeclaredWidth() {
        files.put("nodes/author.tsv", "id\tfeatures\nalice\t0:1 4:1\nbob\t\ncarol\t1:1\n");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "nodes/author.tsv", 2);
        assertThat(e.getMessage())
                .contains(
                        "feature index 4 is out of range",
                        "expected an index below 4 (feature_dim of 'author' in graph.json)");
    }

    @Test
    void sparseIndicesNotIncreasing() {
        files.put("nodes/author.tsv", "id\tfeatures\nalice\t0:1\nbob\t2:1 2:3\ncarol\t1:1\n");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "nodes/author.tsv", 3);
        assertThat(e.getMessage()).contains("feature index 2 follows index 2", "strictly increasing");
    }

    @Test
    void sparsePairWithoutColon() {
        files.put("nodes/author.tsv", "id\tfeatures\nalice\t0:1 3\n");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "nodes/author.tsv", 2);
        assertThat(e.getMessage()).contains("feature entry '3' has no ':'", "index:value pairs such as 12:0.5");
    }

    @Test
    void nanOrInfiniteFeature() {
        files.put("nodes/paper.csv", "id,f0\nP1,1\nP2,nan\nP3,1\n");
        GraphDataException e = loadFails();
        assertLocated(e, dir, "nodes/paper.csv", 3);
        assertThat(e.getMessage()).contains("feature f0 'nan' is not a number");

        files.put("nodes/paper.csv", "id,f0\nP1,1\nP2,2\nP3,-Infinity\n");
        e = loadFails();
        assertLocated(e, dir, "nodes/paper.csv", 4);
        assertThat(e.getMessage()).contains("feature f0 '-Infinity' is not a finite number", "features must be finite");
    }

    @Test
    void duplicateNodeId() {
        files.put("nodes/paper.csv", "id,label\nP1,0\nP2,1\n\"P1\",2\n");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "nodes/paper.csv", 4);
        assertThat(e.getMessage()).contains("id 'P1' is used twice (first on line 2)", "node ids must be unique");
    }

    @Test
    void emptyId() {
        files.put("nodes/paper.csv", "id,label\nP1,0\n,1\n");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "nodes/paper.csv", 3);
        assertThat(e.getMessage()).contains("the id is empty");
    }

    @Test
    void graphWithoutNodes() {
        files.clear();
        files.put("nodes/paper.csv", "id,label\n");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "nodes", 0);
        assertThat(e.getMessage()).contains("the graph has no nodes", "at least one row");
    }

    @Test
    void labelOutOfDeclaredRange() {
        files.put("nodes/paper.csv", "id,label\nP1,0\nP2,3\nP3,1\n");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "nodes/paper.csv", 3);
        assertThat(e.getMessage())
                .contains(
                        "label 3 is out of range",
                        "expected a class id in 0..2 (num_classes of 'paper' in graph.json)");
    }

    @Test
    void negativeLabelInMultiLabelCell() {
        files.put("nodes/author.tsv", "id\tlabel\nalice\t0|-2\nbob\t\ncarol\t1\n");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "nodes/author.tsv", 2);
        assertThat(e.getMessage()).contains("label -2 is out of range", "a class id of 0 or more");
    }

    @Test
    void badGzip() {
        files.remove("nodes/paper.csv");
        TinyDelimited.write(dir, files);
        TestFiles.writeBytes(dir.resolve("nodes/paper.csv.gz"), TinyDelimited.PAPERS.getBytes());

        GraphDataException e = assertThrows(GraphDataException.class, () -> new DelimitedGraphLoader().load(dir));

        assertLocated(e, dir, "nodes/paper.csv.gz", 0);
        assertThat(e.getMessage()).contains("not a gzip file", "compress it with gzip, or drop the .gz suffix");
    }

    @Test
    void truncatedGzip() {
        StringBuilder authors = new StringBuilder("id\n");
        for (int i = 0; i < 100_000; i++) {
            authors.append("author-").append(i).append('\n');
        }
        files.remove("nodes/author.tsv");
        files.remove("edges/author__writes__paper.tsv.gz");
        TinyDelimited.write(dir, files);
        TestFiles.writeBytes(dir.resolve("nodes/author.tsv.gz"), TestFiles.truncatedGzip(authors.toString(), 0.6));

        GraphDataException e = assertThrows(GraphDataException.class, () -> new DelimitedGraphLoader().load(dir));

        assertThat(e.file()).isEqualTo(dir.resolve("nodes/author.tsv.gz"));
        assertThat(e.line()).isGreaterThan(1);
        assertThat(e.getMessage()).contains("author.tsv.gz:" + e.line() + ": ", "truncated", "re-create it");
    }

    @Test
    void missingNodesFolder() {
        files.clear();
        files.put("edges/a__b__c.csv", "src,dst\n");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "nodes", 0);
        assertThat(e.getMessage())
                .contains("folder not found", "expected a folder nodes/ with one table per node type");
    }

    @Test
    void missingIdColumn() {
        files.put("nodes/paper.csv", "key,label\nP1,0\n");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "nodes/paper.csv", 1);
        assertThat(e.getMessage()).contains("unknown column 'key'", "expected only id, label, split, time, text");
    }

    @Test
    void aHeaderFromAnotherKindOfFileIsShownOnlyInShortEscapedExcerpts() {
        String secret = "s3cr3t-" + "x".repeat(5_000);
        files.put("edges/paper__cites__paper.csv", "root:x:0:0:root:/root:/bin/bash\t" + secret + ",b\u0007,c\n");

        GraphDataException e = loadFails();

        assertThat(e.getMessage()).contains("'root:x:0:0:root:/root:/bin/bash\\ts3cr3t-x"); // 40 characters
        assertThat(e.getMessage()).contains("'b\\u0007'").doesNotContain("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
        assertThat(e.getMessage().length()).isLessThan(600);
    }

    @Test
    void missingDstColumn() {
        files.put("edges/paper__cites__paper.csv", "src,target\nP1,P2\n");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "edges/paper__cites__paper.csv", 1);
        assertThat(e.getMessage())
                .contains(
                        "the header lacks the column 'dst' (it has 'src', 'target')",
                        "expected the columns src, dst, and optionally split");
    }

    @Test
    void edgeListOfUnknownNodeType() {
        files.put("edges/paper__at__venue.csv", "src,dst\n");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "edges/paper__at__venue.csv", 0);
        assertThat(e.getMessage()).contains("node type 'venue' has no node table", "add nodes/venue.csv");
    }

    @Test
    void fileThatIsNotATable() throws Exception {
        TinyDelimited.write(dir, files);
        Files.writeString(dir.resolve("nodes/notes.txt"), "hello");

        GraphDataException e = assertThrows(GraphDataException.class, () -> new DelimitedGraphLoader().load(dir));

        assertLocated(e, dir, "nodes/notes.txt", 0);
        assertThat(e.getMessage()).contains("not a table file", ".csv, .tsv, .csv.gz, .tsv.gz");
    }

    @Test
    void twoFilesForOneNodeType() {
        files.put("nodes/paper.tsv", "id\nP1\n");

        GraphDataException e = loadFails();

        assertThat(e.getMessage()).contains("'paper' also has the file", "keep exactly one file per table");
    }

    @Test
    void malformedNumber() {
        files.put("nodes/paper.csv", "id,time\nP1,2019\nP2,20x0\nP3,2021\n");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "nodes/paper.csv", 3);
        assertThat(e.getMessage()).contains("time '20x0' is not a whole number", "expected an integer such as 1999");
    }

    @Test
    void malformedLabel() {
        files.put("nodes/paper.csv", "id,label\nP1,0\nP2,one\nP3,1\n");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "nodes/paper.csv", 3);
        assertThat(e.getMessage()).contains("label 'one' is not a whole number");
    }

    @Test
    void unknownSplitName() {
        files.put("edges/paper__cites__paper.csv", "src,dst,split\nP1,P2,training\n");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "edges/paper__cites__paper.csv", 2);
        assertThat(e.getMessage()).contains("split 'training' is not a split name", "train, val, test, or -");
    }

    @Test
    void unknownKeyInGraphJson() {
        files.put("graph.json", "{\"undirect\": [\"cites\"]}");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "graph.json", 0);
        assertThat(e.getMessage()).contains("unknown key 'undirect'", "expected only name, undirected, num_classes");
    }

    @Test
    void undirectedRelationThatDoesNotExist() {
        files.put("graph.json", "{\"undirected\": [\"cited_by\"]}");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "graph.json", 0);
        assertThat(e.getMessage())
                .contains(
                        "\"undirected\" names 'cited_by', which matches no edge lists",
                        "author__writes__paper",
                        "paper__cites__paper");
    }

    @Test
    void undirectedRelationBetweenTwoTypes() {
        files.put("graph.json", "{\"undirected\": [\"author__writes__paper\"]}");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "graph.json", 0);
        assertThat(e.getMessage()).contains("joins two different node types", "only a same-type relation");
    }

    @Test
    void graphJsonNamingUnknownNodeType() {
        files.put("graph.json", "{\"num_classes\": {\"venue\": 3}}");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "graph.json", 0);
        assertThat(e.getMessage()).contains("\"num_classes\" names node type 'venue', which has no node table");
    }

    @Test
    void badQuotingInCsv() {
        files.put("nodes/paper.csv", "id,text\nP1,\"never closed\nP2,x\n");

        GraphDataException e = loadFails();

        assertLocated(e, dir, "nodes/paper.csv", 2);
        assertThat(e.getMessage()).contains("a quoted field is never closed");
    }
}
