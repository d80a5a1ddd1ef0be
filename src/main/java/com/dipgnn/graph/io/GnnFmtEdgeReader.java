package com.dipgnn.graph.io;

import java.nio.file.Path;

/** Reads {@code edges/<src>__<rel>__<dst>.tsv.gz} of a gnnfmt-1 data set: src, dst and split. */
final class GnnFmtEdgeReader {

    private final GnnFmtMeta.EdgeType type;
    private final int sourceCount;
    private final int targetCount;

    private GnnFmtEdgeReader(GnnFmtMeta.EdgeType type, int sourceCount, int targetCount) {
        this.type = type;
        this.sourceCount = sourceCount;
        this.targetCount = targetCount;
    }

    /** The edges of {@code type}; ids are checked against the node counts of its two types. */
    static EdgeColumns read(Path dir, GnnFmtMeta.EdgeType type, int sourceCount, int targetCount, InputLimits limits) {
        Path file = dir.resolve("edges").resolve(type.relation().key() + ".tsv.gz");
        try (TsvRecordReader reader = TsvRecordReader.open(
                        file, "the edge list of " + type.relation() + " that meta.json lists", limits)
                .limitRecords(limits.maxEdges(), "max-edges")) {
            return new GnnFmtEdgeReader(type, sourceCount, targetCount).readRows(reader);
        }
    }

    private EdgeColumns readRows(TsvRecordReader reader) {
        String expected = "src, dst" + (type.splitColumn() == null ? "" : ", " + type.splitColumn());
        Header header = Header.read(reader, expected);
        int srcColumn = header.required("src");
        int dstColumn = header.required("dst");
        int splitColumn = type.splitColumn() == null ? -1 : header.required(type.splitColumn());
        int capacity = InputLimits.initialCapacity(type.count());
        IntList src = new IntList(capacity, type.count());
        IntList dst = new IntList(capacity, type.count());
        ByteList splits = splitColumn < 0 ? null : new ByteList(capacity, type.count());
        while (reader.next()) {
            if (src.size() == type.count()) { // refused before the arrays grow past the declared count
                throw reader.error(
                        "the file has more than " + type.count() + " edge rows",
                        "expected " + type.count() + " (count of " + type.relation() + " in meta.json)");
            }
            header.checkFieldCount(reader);
            src.add(nodeId(reader, srcColumn, "src", type.relation().source(), sourceCount));
            dst.add(nodeId(reader, dstColumn, "dst", type.relation().target(), targetCount));
            if (splits != null) {
                splits.add(reader.splitField(splitColumn));
            }
        }
        if (src.size() != type.count()) {
            throw new GraphDataException(
                    reader.file(),
                    0,
                    "the file has " + src.size() + " edge rows",
                    "expected " + type.count() + " (count of " + type.relation() + " in meta.json)");
        }
        return new EdgeColumns(
                src.toArray(), dst.toArray(), splits == null ? null : SplitCodes.nullIfNone(splits.toArray()));
    }

    private static int nodeId(TsvRecordReader reader, int column, String role, String nodeType, int count) {
        int id = reader.intField(column, role);
        if (id < 0 || id >= count) {
            throw reader.error(
                    role + " " + id + " is not a '" + nodeType + "' node id",
                    "expected an id in 0.." + (count - 1) + " (the rows of nodes/" + nodeType + ".tsv.gz)");
        }
        return id;
    }
}
