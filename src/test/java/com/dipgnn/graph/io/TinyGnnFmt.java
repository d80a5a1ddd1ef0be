package com.dipgnn.graph.io;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A tiny gnnfmt-1 data set with every feature of the layout: two node types (one with sparse
 * features, labels and escaped text, one with dense features), an undirected and a directed
 * relation (the latter with a split column and an ignored extra column), and class names.
 * Tests change single files to produce bad input.
 */
final class TinyGnnFmt {

    static final String META = """
            {
              "format": "gnnfmt-1",
              "name": "tiny",
              "title": "Tiny test graph",
              "node_types": [
                {"name": "paper", "count": 4, "labeled": 3, "num_classes": 3, "has_text": true,
                 "feature_dim": 5, "feature_format": "sparse", "feature_nnz": 5,
                 "splits": {"train": 1, "val": 1, "test": 1}},
                {"name": "author", "count": 3, "labeled": 0, "num_classes": 0, "has_text": false,
                 "feature_dim": 2, "feature_format": "dense"}
              ],
              "edge_types": [
                {"name": "paper__cites__paper", "src": "paper", "relation": "cites", "dst": "paper",
                 "count": 3, "directed": false, "columns": ["src", "dst"]},
                {"name": "author__writes__paper", "src": "author", "relation": "writes", "dst": "paper",
                 "count": 4, "directed": true, "columns": ["src", "dst", "position", "split"],
                 "split_column": "split", "splits": {"train": 2, "test": 1}}
              ]
            }
            """;

    static final String PAPER_NODES = """
            id\tkey\tlabel\tsplit\ttext
            0\tp0\t0\ttrain\tGraph\\tnets
            1\tp1\t1\tval\tline\\nbreak \\\\ back
            2\tp2\t2\ttest\t
            3\tp3\t-1\t-\tplain
            """;

    static final String AUTHOR_NODES = """
            id\tkey\tlabel\tsplit\ttext
            0\talice\t-1\t-\t
            1\tbob\t-1\t-\t
            2\tcarol\t-1\t-\t
            """;

    static final String PAPER_FEATURES = "0:1\t3:2.5\n\n1:1\n0:1\t4:1\n";

    static final String AUTHOR_FEATURES = "0.5\t1\n2\t-3\n0\t0\n";

    static final String CITES = "src\tdst\n0\t1\n1\t2\n2\t3\n";

    static final String WRITES = """
            src\tdst\tposition\tsplit
            0\t0\t1\ttrain
            0\t1\t2\ttrain
            1\t1\t1\ttest
            2\t3\t1\t-
            """;

    static final String PAPER_CLASSES = "label\tname\n0\tTheory\n1\tSystems\n2\tData\\tBases\n";

    private TinyGnnFmt() {}

    /** The files of the data set, by path relative to its folder; change entries to break it. */
    static Map<String, String> files() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("meta.json", META);
        files.put("nodes/paper.tsv.gz", PAPER_NODES);
        files.put("nodes/author.tsv.gz", AUTHOR_NODES);
        files.put("features/paper.tsv.gz", PAPER_FEATURES);
        files.put("features/author.tsv.gz", AUTHOR_FEATURES);
        files.put("edges/paper__cites__paper.tsv.gz", CITES);
        files.put("edges/author__writes__paper.tsv.gz", WRITES);
        files.put("classes/paper.tsv", PAPER_CLASSES);
        return files;
    }

    /** Writes {@code files} into {@code dir} and returns it. */
    static Path write(Path dir, Map<String, String> files) {
        TestFiles.writeAll(dir, files);
        return dir;
    }
}
