package com.dipgnn.graph.io;

import com.dipgnn.graph.RelationType;
import java.nio.file.Path;

/**
 * Reads one edge list of a delimited graph: columns {@code src} and {@code dst} hold node ids (keys)
 * of the source and target node tables; an optional {@code split} column marks the edge split;
 * other columns are ignored.
 */
final class DelimitedEdgeReader {

    private final RelationType relation;
    private final DelimitedNodeReader.Nodes sources;
    private final DelimitedNodeReader.Nodes targets;

    private DelimitedEdgeReader(
            RelationType relation, DelimitedNodeReader.Nodes sources, DelimitedNodeReader.Nodes targets) {
        this.relation = relation;
        this.sources = sources;
        this.targets = targets;
    }

    static EdgeColumns read(
            Path file,
            RelationType relation,
            DelimitedNodeReader.Nodes sources,
            DelimitedNodeReader.Nodes targets,
            InputLimits limits) {
        try (RecordReader reader = DelimitedLayout.open(file, "the edge list of " + relation, limits)
                .limitRecords(limits.maxEdges(), "max-edges")) {
            return new DelimitedEdgeReader(relation, sources, targets).readRows(reader);
        }
    }

    private EdgeColumns readRows(RecordReader reader) {
        Header header = Header.read(reader, "src, dst, and optionally split");
        int srcColumn = header.required("src");
        int dstColumn = header.required("dst");
        int splitColumn = header.optional("split");
        long rows = reader.limits().maxEdges() + 1; // the record limit refuses a row past maxEdges before it is added
        IntList src = new IntList(1024, rows);
        IntList dst = new IntList(1024, rows);
        ByteList splits = new ByteList(splitColumn < 0 ? 0 : 1024, rows);
        while (reader.next()) {
            if (reader.isBlank()) {
                continue;
            }
            header.checkFieldCount(reader);
            src.add(nodeId(reader, srcColumn, "src", relation.source(), sources));
            dst.add(nodeId(reader, dstColumn, "dst", relation.target(), targets));
            if (splitColumn >= 0) {
                splits.add(reader.splitField(splitColumn));
            }
        }
        return new EdgeColumns(
                src.toArray(), dst.toArray(), splitColumn < 0 ? null : SplitCodes.nullIfNone(splits.toArray()));
    }

    private static int nodeId(
            RecordReader reader, int column, String role, String type, DelimitedNodeReader.Nodes nodes) {
        String key = reader.text(column);
        Integer id = nodes.ids().get(key);
        if (id == null) {
            throw reader.error(
                    role + " " + Excerpt.of(key) + " is not a node of type '" + type + "'",
                    "expected an id from the " + "id column of nodes/"
                            + nodes.file().getFileName() + " (ids are case-sensitive)");
        }
        return id;
    }
}
