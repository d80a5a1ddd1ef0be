package com.dipgnn.graph.io;

import com.dipgnn.graph.NodeLabels;
import com.dipgnn.graph.NodeTable;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/** Reads {@code nodes/<type>.tsv.gz} of a gnnfmt-1 data set: keys, labels, splits and text. */
final class GnnFmtNodeReader {

    private static final String COLUMNS = "id, key, label, split, text (tab-separated)";

    private final GnnFmtMeta.NodeType type;
    private final boolean loadText;
    private String[] keys;
    private int[] labels;
    private byte[] splits;
    private String[] text;

    private GnnFmtNodeReader(GnnFmtMeta.NodeType type, boolean loadText) {
        this.type = type;
        this.loadText = loadText && type.hasText();
        int capacity = InputLimits.initialCapacity(type.count());
        this.keys = new String[capacity];
        this.labels = new int[capacity];
        this.splits = new byte[capacity];
        this.text = this.loadText ? new String[capacity] : null;
    }

    /** The node table of {@code type} (without features). */
    static NodeTable read(Path dir, GnnFmtMeta.NodeType type, boolean loadText, InputLimits limits) {
        Path file = dir.resolve("nodes").resolve(type.name() + ".tsv.gz");
        try (TsvRecordReader reader = TsvRecordReader.open(
                        file, "the node table of type '" + type.name() + "' that meta.json lists", limits)
                .limitRecords(limits.maxNodes(), "max-nodes")) {
            return new GnnFmtNodeReader(type, loadText).readRows(reader);
        }
    }

    private NodeTable readRows(TsvRecordReader reader) {
        Header header = Header.read(reader, COLUMNS);
        int[] columns = {
            header.required("id"),
            header.required("key"),
            header.required("label"),
            header.required("split"),
            header.required("text")
        };
        Set<String> seenKeys = new HashSet<>(InputLimits.initialCapacity(type.count()) * 2);
        int n = 0;
        while (reader.next()) {
            if (n == type.count()) {
                throw reader.error(
                        "the file has more than " + n + " node rows",
                        "expected " + n + " (count of '" + type.name() + "' in meta.json)");
            }
            header.checkFieldCount(reader);
            readRow(reader, n, columns, seenKeys);
            n++;
        }
        if (n != type.count()) {
            throw new GraphDataException(
                    reader.file(),
                    0,
                    "the file has " + n + " node rows",
                    "expected " + type.count() + " (count of '" + type.name() + "' in meta.json)");
        }
        NodeLabels nodeLabels = type.numClasses() > 0 ? NodeLabels.single(type.numClasses(), labels) : null;
        return new NodeTable(
                type.name(), type.count(), keys, null, nodeLabels, text, null, SplitCodes.nullIfNone(splits));
    }

    /** Makes room for row {@code n}: the arrays grow as rows arrive, up to the declared count. */
    private void ensureRoom(int n) {
        if (n < keys.length) {
            return;
        }
        int grown = (int) Math.min(type.count(), Math.max(16L, 2L * keys.length));
        keys = Arrays.copyOf(keys, grown);
        labels = Arrays.copyOf(labels, grown);
        splits = Arrays.copyOf(splits, grown);
        if (text != null) {
            text = Arrays.copyOf(text, grown);
        }
    }

    private void readRow(TsvRecordReader reader, int n, int[] columns, Set<String> seenKeys) {
        ensureRoom(n);
        int id = reader.intField(columns[0], "id");
        if (id != n) {
            throw reader.error(
                    "id " + id + " on the row of node " + n, "ids must be 0.." + (type.count() - 1) + " in row order");
        }
        String key = reader.text(columns[1]);
        if (!seenKeys.add(key)) {
            throw reader.error(
                    "key " + Excerpt.of(key) + " is also the key of node " + firstWithKey(key) + " (line "
                            + (firstWithKey(key) + 2) + ")",
                    "keys must be unique within a node type");
        }
        keys[n] = key;
        labels[n] = checkedLabel(reader, reader.intField(columns[2], "label"));
        splits[n] = reader.splitField(columns[3]);
        if (loadText) {
            text[n] = reader.text(columns[4]);
        }
    }

    private int firstWithKey(String key) {
        for (int i = 0; i < keys.length; i++) {
            if (key.equals(keys[i])) {
                return i;
            }
        }
        return -1;
    }

    private int checkedLabel(TsvRecordReader reader, int label) {
        if (label == -1 || (label >= 0 && label < type.numClasses())) {
            return label;
        }
        String allowed = type.numClasses() == 0
                ? "-1 (no label): meta.json gives '" + type.name() + "' num_classes 0"
                : "-1 (no label) or a class id in 0.." + (type.numClasses() - 1) + " (num_classes of '" + type.name()
                        + "' in meta.json)";
        throw reader.error("label " + label + " is out of range", "expected " + allowed);
    }
}
