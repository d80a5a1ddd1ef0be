package com.dipgnn.graph.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
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
    private static final InputLimits SMALL = new InputLimits(200, 6, 10, 4, 5, "test.limits.");

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
    void eachSizeIsRefusedPastItsLimit(String what, String file, String content, String limit, int line) throws IOException {
        Map<String, String> files = graph();
        files.put(file, content.replace("\\n", "\n").replace("LONG", "x".repeat(10_000)));
        TinyDelimited.write(dir, files);
        assertThatThrownBy(() -> new DelimitedGraphLoader(LoadOptions.defaults().withLimits(SMALL)).load(dir))
                .isInstanceOf(GraphDataException.class)
                .satisfies(e -> assertThat(((GraphDataException) e).line()).isEqualTo(line))
                .hasMessageContaining(limit).hasMessageContaining("test.limits." + limit)
                .hasMessageContaining(file.equals("graph.json") ? "graph.json" : file);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"within the limits", "exactly at the limits"})
    void theSameGraphWithinTheLimitsLoads(String what) throws IOException {
        TinyDelimited.write(dir, graph());
        assertThatCode(() -> new DelimitedGraphLoader(LoadOptions.defaults().withLimits(SMALL)).load(dir))
                .doesNotThrowAnyException();
        assertThat(new DelimitedGraphLoader(LoadOptions.defaults().withLimits(SMALL)).load(dir).numNodes("item"))
                .isEqualTo(4);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            count     | "count": 1000, "feature_dim": 0                                 | max-nodes
            width     | "count": 3, "feature_dim": 1000000, "feature_format": "sparse"  | max-feature-dim
            """)
    void aGnnFmtMetaIsCheckedBeforeAnythingIsAllocated(String what, String nodeType, String limit) throws IOException {
        Files.writeString(dir.resolve("meta.json"), "{\"format\": \"gnnfmt-1\", \"name\": \"g\", \"node_types\": "
                + "[{\"name\": \"item\", " + nodeType + "}], \"edge_types\": []}");
        // no node, edge or feature files: the meta data alone is refused
        assertThatThrownBy(() -> new GnnFmtLoader(LoadOptions.defaults().withLimits(SMALL)).load(dir))
                .isInstanceOf(GraphDataException.class)
                .hasMessageContaining("meta.json").hasMessageContaining("test.limits." + limit);
    }

    @org.junit.jupiter.api.Test
    void aHugeLabelIsRefusedWithItsFileAndLine() throws IOException {
        Map<String, String> files = graph();
        files.put("nodes/item.csv", "id,label\na,0\nb,2147483647\nc,1\nd,\n");
        TinyDelimited.write(dir, files);
        assertThatThrownBy(() -> new DelimitedGraphLoader().load(dir))
                .isInstanceOf(GraphDataException.class)
                .hasMessageContaining("nodes/item.csv:3").hasMessageContaining("label 2147483647 is out of range")
                .hasMessageContaining("num_classes");
    }

    @org.junit.jupiter.api.Test
    void aHugeDeclaredCountWithATinyFileAllocatesLittle() throws IOException {
        // 900M edges declared (within the default limits), a header-only edge file: refused by the
        // count check after reading, without first making 900M-entry arrays (7 GB)
        Files.writeString(dir.resolve("meta.json"), "{\"format\": \"gnnfmt-1\", \"name\": \"g\", \"node_types\": "
                + "[{\"name\": \"item\", \"count\": 2, \"feature_dim\": 0}], \"edge_types\": [{\"name\": "
                + "\"item__link__item\", \"count\": 900000000, \"directed\": true}]}");
        TestFiles.write(dir.resolve("nodes/item.tsv.gz"), "id\tkey\tlabel\tsplit\ttext\n0\ta\t-1\t-\t\n1\tb\t-1\t-\t\n");
        TestFiles.write(dir.resolve("edges/item__link__item.tsv.gz"), "src\tdst\n");
        assertThatThrownBy(() -> new GnnFmtLoader().load(dir))
                .isInstanceOf(GraphDataException.class).hasMessageContaining("0 edge rows");
    }

    @org.junit.jupiter.api.Test
    void aDescriptionFileOfMoreThanAMegabyteIsRefusedUnread() throws IOException {
        Files.writeString(dir.resolve("meta.json"), "{\"pad\": \"" + "x".repeat(1 << 20) + "\"}");
        assertThatThrownBy(() -> new GnnFmtLoader().load(dir))
                .isInstanceOf(GraphDataException.class).hasMessageContaining("more than 1048576");
    }
}
