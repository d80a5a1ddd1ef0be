package com.dipgnn.graph.io;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The example graph of docs/data-format.md: papers in CSV (dense features, quoted text, times,
 * splits), authors in TSV (multi-labels, sparse features), an undirected CSV relation with edge
 * splits, a gzipped directed TSV relation with an ignored weight column, and a graph.json.
 */
final class TinyDelimited {

    static final String PAPERS = """
            id,label,split,time,text,f0,f1
            P1,0,train,2019,"Graph networks, a survey",0.5,1
            P2,2,val,2020,"He said ""hi""
            on two lines",0,2.5
            P3,,test,2021,plain,1,1
            """;

    static final String AUTHORS = "id\tlabel\tfeatures\nalice\t0|2\t0:1 3:0.5\nbob\t\t\ncarol\t1\t2:2\n";

    static final String CITES = "src,dst,split\nP1,P2,train\nP2,P3,test\n";

    static final String WRITES = "src\tdst\tweight\nalice\tP1\t1.0\nalice\tP2\t0.5\ncarol\tP3\t1.0\n";

    static final String GRAPH_JSON = """
            {
              "name": "example",
              "undirected": ["cites"],
              "num_classes": {"paper": 3},
              "feature_dim": {"author": 4}
            }
            """;

    private TinyDelimited() {}

    /** The files of the example, by path relative to its folder; change entries to break it. */
    static Map<String, String> files() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("graph.json", GRAPH_JSON);
        files.put("nodes/paper.csv", PAPERS);
        files.put("nodes/author.tsv", AUTHORS);
        files.put("edges/paper__cites__paper.csv", CITES);
        files.put("edges/author__writes__paper.tsv.gz", WRITES);
        return files;
    }

    static Path write(Path dir, Map<String, String> files) {
        TestFiles.writeAll(dir, files);
        return dir;
    }
}
