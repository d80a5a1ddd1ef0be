package com.dipgnn.graph.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each size a graph's files control is refused past its limit, as the file is read, with a
 * message naming the file, the limit and the setting that raises it; the same files within the
 * limits load.
 */
class InputLimitsTest {

    /** 200 characters a line, 6 fields, 10 features, 4 nodes a type, 5 edges a relation. */
    private static final InputLimits SMALL = new InputLimits(200, 6, 10, 4, 5, 1_000, "test.limits.");

    @TempDir
    Path dir;

    private Map<String, String> graph() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("nodes/item.csv", "id,features\na,0:1\nb,9:1\nc,1:1 2:1\nd,\n");
        files.put("edges/item__link__item.csv", "src,dst\na,b\nb,c\nc,d\nd,a\na,c\n");
        return files;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            a long line       | nodes/item.csv             | id,features\\na,0:1\\nb,LONG\\n                       | max-line-chars  | 3
            many columns      | nodes/item.csv             | id,f0,f1,f2,f3,f4,f5\\na,1,2,3,4,5,6\\n             | max-columns     | 1
            a wide feature    | nodes/item.csv             | id,features\\na,0:1\\nb,2000000000:1\\n             | max-feature-dim | 3
            a declared width  | graph.json                 | {"feature_dim": {"item": 1000000}}               | max-feature-dim | 0
            too many nodes    | nodes/item.csv             | id\\na\\nb\\nc\\nd\\ne\\n                          | max-nodes       | 6
            too many edges    | edges/item__link__item.csv | src,dst\\na,b\\nb,c\\nc,d\\nd,a\\na,c\\nb,d\\n     | max-edges       | 7
            """)
    void eachSizeIsRefusedPastItsLimit(String what, String file, String content, String limit, int line)
            throws IOException {
        Map<String, String> files = graph();
        files.put(file, content.replace("\\n", "\n").replace("LONG", "x".repeat(10_000)));
        TinyDelimited.write(dir, files);
        assertThatThrownBy(() -> new DelimitedGraphLoader(LoadOptions.defaults().withLimits(SMALL)).load(dir))
                .isInstanceOf(GraphDataException.class)
                .satisfies(e -> assertThat(((GraphDataException) e).line()).isEqualTo(line))
                .hasMessageContaining(limit)
                .hasMessageContaining("test.limits." + limit)
                .hasMessageContaining(file.equals("graph.json") ? "graph.json" : file);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"within the limits", "exactly at the limits"})
    void theSameGraphWithinTheLimitsLoads(String what) throws IOException {
        TinyDelimited.write(dir, graph());
        assertThatCode(() -> new DelimitedGraphLoader(LoadOptions.defaults().withLimits(SMALL)).load(dir))
                .doesNotThrowAnyException();
        assertThat(new DelimitedGraphLoader(LoadOptions.defaults().withLimits(SMALL))
                        .load(dir)
                        .numNodes("item"))
                .isEqualTo(4);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            count     | "count": 1000, "feature_dim": 0                                 | max-nodes
            width     | "count": 3, "feature_dim": 1000000, "feature_format": "sparse"  | max-feature-dim
            """)
    void aGnnFmtMetaIsCheckedBeforeAnythingIsAllocated(String what, String nodeType, String limit) throws IOException {
        Files.writeString(
                dir.resolve("meta.json"),
                "{\"format\": \"gnnfmt-1\", \"name\": \"g\", \"node_types\": " + "[{\"name\": \"item\", " + nodeType
                        + "}], \"edge_types\": []}");
        // no node, edge or feature files: the meta data alone is refused
        assertThatThrownBy(() -> new GnnFmtLoader(LoadOptions.defaults().withLimits(SMALL)).load(dir))
                .isInstanceOf(GraphDataException.class)
                .hasMessageContaining("meta.json")
                .hasMessageContaining("test.limits." + limit);
    }

    /** Wide limits but 1,000 values per node type: a row of 100 columns is within every other limit. */
    private static final InputLimits FEW_VALUES =
            new InputLimits(1 << 20, 100_000, 100_000, 1_000_000, 1_000_000, 1_000, "test.limits.");

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            dense rows x width  | f          | 12 | 11 rows x 100 columns | 1100
            sparse pairs        | features   | 12 | index:value pairs     | 1001
            multi-labels        | label      | 12 | label ids             | 1001
            """)
    void rowsTimesWidthIsRefusedAtTheRowThatPassesTheBound(String what, String kind, int line, String named, int values)
            throws IOException {
        StringBuilder nodes = new StringBuilder("id,")
                .append(
                        kind.equals("f")
                                ? String.join(
                                        ",",
                                        IntStream.range(0, 100)
                                                .mapToObj(j -> "f" + j)
                                                .toList())
                                : kind)
                .append('\n');
        String row = kind.equals("f")
                ? ",0.5".repeat(100)
                : ","
                        + String.join(
                                kind.equals("label") ? "|" : " ",
                                IntStream.range(0, 100)
                                        .mapToObj(j -> kind.equals("label") ? String.valueOf(j) : j + ":1")
                                        .toList());
        for (int r = 0; r < 20; r++) { // 10 rows are exactly 1,000 values; the 11th (line 12) passes
            nodes.append('n').append(r).append(row).append('\n');
        }
        Map<String, String> files = new LinkedHashMap<>();
        files.put("nodes/item.csv", nodes.toString());
        files.put("edges/item__link__item.csv", "src,dst\nn0,n1\n");
        TinyDelimited.write(dir, files);
        assertThatThrownBy(() -> new DelimitedGraphLoader(LoadOptions.defaults().withLimits(FEW_VALUES)).load(dir))
                .isInstanceOf(GraphDataException.class)
                .satisfies(e -> assertThat(((GraphDataException) e).line()).isEqualTo(line))
                .hasMessageContaining("nodes/item.csv")
                .hasMessageContaining(named)
                .hasMessageContaining(values + " values, more than 1000")
                .hasMessageContaining("test.limits.max-values-per-type");
        files.put("nodes/item.csv", nodes.substring(0, nodes.indexOf("n10,")));
        TinyDelimited.write(dir, files);
        assertThat(new DelimitedGraphLoader(LoadOptions.defaults().withLimits(FEW_VALUES))
                        .load(dir)
                        .numNodes("item"))
                .as("exactly at the bound")
                .isEqualTo(10);
    }

    /**
     * A gzipped table of 3,000 rows x 99,999 dense columns (300M values, 1.2 GB of floats; every
     * line, field and width within the default limits), streamed from a generator: refused at the
     * row that passes the bound, having held no more than the bound.
     */
    @org.junit.jupiter.api.Test
    void aWideDenseTableIsRefusedBeforeItsValuesOutgrowTheBound() throws IOException {
        int width = 99_999;
        Files.createDirectories(dir.resolve("nodes"));
        Files.createDirectories(dir.resolve("edges"));
        // gzip members decompress to their concatenation: each row is its id's member and one shared
        // member of its 99,999 values, so the 600 MB table is generated as a 1 MB file in no time
        byte[] values = gzip(",0".repeat(width) + "\n");
        try (var out = new BufferedOutputStream(Files.newOutputStream(dir.resolve("nodes/item.csv.gz")))) {
            out.write(gzip(
                    "id" + IntStream.range(0, width).mapToObj(j -> ",f" + j).collect(Collectors.joining()) + "\n"));
            for (int r = 0; r < 3_000; r++) {
                out.write(gzip("n" + r));
                out.write(values);
            }
        }
        Files.writeString(dir.resolve("edges/item__link__item.csv"), "src,dst\nn0,n1\n");
        long bound = 5_000_000; // the default 2^28 works the same, with a heap of 1 GiB for the values
        InputLimits limits = new InputLimits(
                InputLimits.DEFAULT.maxLineChars(),
                InputLimits.DEFAULT.maxColumns(),
                InputLimits.DEFAULT.maxFeatureDim(),
                InputLimits.DEFAULT.maxNodes(),
                InputLimits.DEFAULT.maxEdges(),
                bound,
                "dipgnn.datasets.limits.");
        assertThatThrownBy(() -> new DelimitedGraphLoader(LoadOptions.defaults().withLimits(limits)).load(dir))
                .isInstanceOf(GraphDataException.class)
                .satisfies(e -> assertThat(((GraphDataException) e).line()).isEqualTo(52)) // row 51: 5,099,949
                .hasMessageContaining("nodes/item.csv.gz:52")
                .hasMessageContaining("51 rows x 99999 columns")
                .hasMessageContaining("5099949 values, more than 5000000")
                .hasMessageContaining("dipgnn.datasets.limits.max-values-per-type");
    }

    private static byte[] gzip(String text) throws IOException {
        var bytes = new ByteArrayOutputStream();
        try (var out = new GZIPOutputStream(bytes)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return bytes.toByteArray();
    }

    @org.junit.jupiter.api.Test
    void aGnnFmtMetaDeclaringMoreFeatureValuesThanTheBoundIsRefusedUnread() throws IOException {
        Files.writeString(
                dir.resolve("meta.json"),
                "{\"format\": \"gnnfmt-1\", \"name\": \"g\", "
                        + "\"node_types\": [{\"name\": \"item\", \"count\": 11, \"feature_dim\": 100, \"feature_format\": "
                        + "\"dense\"}, {\"name\": \"user\", \"count\": 2, \"feature_dim\": 5, \"feature_format\": \"sparse\", "
                        + "\"feature_nnz\": 1001}], \"edge_types\": []}");
        assertThatThrownBy(() -> new GnnFmtLoader(LoadOptions.defaults().withLimits(FEW_VALUES)).load(dir))
                .isInstanceOf(GraphDataException.class)
                .hasMessageContaining("meta.json")
                .hasMessageContaining("count 11 x feature_dim 100")
                .hasMessageContaining("1100 values, more than 1000")
                .hasMessageContaining("test.limits.max-values-per-type");
        Files.writeString(
                dir.resolve("meta.json"),
                Files.readString(dir.resolve("meta.json")).replace("\"count\": 11", "\"count\": 10"));
        assertThatThrownBy(() -> new GnnFmtLoader(LoadOptions.defaults().withLimits(FEW_VALUES)).load(dir))
                .isInstanceOf(GraphDataException.class)
                .hasMessageContaining("meta.json")
                .hasMessageContaining("feature_nnz")
                .hasMessageContaining("1001 values, more than 1000");
    }

    @org.junit.jupiter.api.Test
    void aGnnFmtEdgeFileLongerThanItsDeclaredCountIsRefusedAtTheFirstExtraRow() throws IOException {
        Files.writeString(
                dir.resolve("meta.json"),
                "{\"format\": \"gnnfmt-1\", \"name\": \"g\", "
                        + "\"node_types\": [{\"name\": \"item\", \"count\": 2, \"feature_dim\": 0}], \"edge_types\": "
                        + "[{\"name\": \"item__link__item\", \"count\": 2, \"directed\": true}]}");
        TestFiles.write(
                dir.resolve("nodes/item.tsv.gz"), "id\tkey\tlabel\tsplit\ttext\n0\ta\t-1\t-\t\n1\tb\t-1\t-\t\n");
        TestFiles.write(dir.resolve("edges/item__link__item.tsv.gz"), "src\tdst\n0\t1\n1\t0\n0\t0\n1\t1\n");
        assertThatThrownBy(() -> new GnnFmtLoader().load(dir))
                .isInstanceOf(GraphDataException.class)
                .satisfies(e -> assertThat(((GraphDataException) e).line()).isEqualTo(4))
                .hasMessageContaining("more than 2 edge rows")
                .hasMessageContaining("count of item__link__item");
    }

    @org.junit.jupiter.api.Test
    void aListNeverGrowsPastItsCap() {
        FloatList list = new FloatList(4, 20);
        for (int i = 0; i < 20; i++) {
            list.add(i);
        }
        assertThat(list.toArray()).hasSize(20);
        assertThatThrownBy(() -> list.add(20f))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("at most 20 values");
    }

    @org.junit.jupiter.api.Test
    void aNodesLabelsAreDistinctAndTheNextNodeMayListThemAgain() throws IOException {
        Map<String, String> files = graph();
        files.put("nodes/item.csv", "id,label\na,0|1|2\nb,2|1|0\nc,1\nd,\n");
        TinyDelimited.write(dir, files);
        assertThat(new DelimitedGraphLoader().load(dir).nodes("item").labels().labels(1))
                .containsExactlyInAnyOrder(0, 1, 2);
        files.put("nodes/item.csv", "id,label\na,0|1\nb,1|0|1\nc,1\nd,\n");
        TinyDelimited.write(dir, files);
        assertThatThrownBy(() -> new DelimitedGraphLoader().load(dir))
                .isInstanceOf(GraphDataException.class)
                .hasMessageContaining("nodes/item.csv:3")
                .hasMessageContaining("label 1 is listed twice");
    }

    @org.junit.jupiter.api.Test
    void aHugeLabelIsRefusedWithItsFileAndLine() throws IOException {
        Map<String, String> files = graph();
        files.put("nodes/item.csv", "id,label\na,0\nb,2147483647\nc,1\nd,\n");
        TinyDelimited.write(dir, files);
        assertThatThrownBy(() -> new DelimitedGraphLoader().load(dir))
                .isInstanceOf(GraphDataException.class)
                .hasMessageContaining("nodes/item.csv:3")
                .hasMessageContaining("label 2147483647 is out of range")
                .hasMessageContaining("num_classes");
    }

    @org.junit.jupiter.api.Test
    void aHugeDeclaredCountWithATinyFileAllocatesLittle() throws IOException {
        // 900M edges declared (within the default limits), a header-only edge file: refused by the
        // count check after reading, without first making 900M-entry arrays (7 GB)
        Files.writeString(
                dir.resolve("meta.json"),
                "{\"format\": \"gnnfmt-1\", \"name\": \"g\", \"node_types\": "
                        + "[{\"name\": \"item\", \"count\": 2, \"feature_dim\": 0}], \"edge_types\": [{\"name\": "
                        + "\"item__link__item\", \"count\": 900000000, \"directed\": true}]}");
        TestFiles.write(
                dir.resolve("nodes/item.tsv.gz"), "id\tkey\tlabel\tsplit\ttext\n0\ta\t-1\t-\t\n1\tb\t-1\t-\t\n");
        TestFiles.write(dir.resolve("edges/item__link__item.tsv.gz"), "src\tdst\n");
        assertThatThrownBy(() -> new GnnFmtLoader().load(dir))
                .isInstanceOf(GraphDataException.class)
                .hasMessageContaining("0 edge rows");
    }

    @org.junit.jupiter.api.Test
    void aDescriptionFileOfMoreThanAMegabyteIsRefusedUnread() throws IOException {
        Files.writeString(dir.resolve("meta.json"), "{\"pad\": \"" + "x".repeat(1 << 20) + "\"}");
        assertThatThrownBy(() -> new GnnFmtLoader().load(dir))
                .isInstanceOf(GraphDataException.class)
                .hasMessageContaining("more than 1048576");
    }
}
