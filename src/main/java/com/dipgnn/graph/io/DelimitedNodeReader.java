package com.dipgnn.graph.io;

import com.dipgnn.graph.DenseFeatures;
import com.dipgnn.graph.NodeFeatures;
import com.dipgnn.graph.NodeLabels;
import com.dipgnn.graph.NodeTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads one node table of a delimited graph: node ids (the user's keys, numbered 0.. in file
 * order), labels, splits, times, text and features.
 */
final class DelimitedNodeReader {

    /**
     * A node table and the dense id of each key.
     *
     * @param table the nodes
     * @param ids key to dense id
     * @param file the file they were read from
     */
    record Nodes(NodeTable table, Map<String, Integer> ids, Path file) {}

    /** The most classes a type may have when graph.json does not declare num_classes. */
    static final int MAX_CLASSES = 1_000_000;

    private final String type;
    private final DelimitedGraphConfig config;
    private final boolean loadText;
    private final InputLimits limits;
    private final Map<String, Integer> ids = new HashMap<>();
    private final IntList lines;
    private final List<String> keys = new ArrayList<>();
    private final IntList labelOffsets;
    private final IntList labelValues;
    private final ByteList splits;
    private final LongList times;
    private final List<String> texts = new ArrayList<>();
    private final FloatList dense;
    private final BitSet rowLabels = new BitSet();
    private SparseFeatureBuilder sparse;
    private DelimitedNodeColumns columns;
    private boolean multiLabelSeen;

    private DelimitedNodeReader(String type, DelimitedGraphConfig config, boolean loadText, InputLimits limits) {
        this.type = type;
        this.config = config;
        this.loadText = loadText;
        this.limits = limits;
        long rows = limits.maxNodes() + 1; // the record limit refuses a row past maxNodes before it is added
        lines = new IntList(1024, rows);
        labelOffsets = new IntList(1024, rows);
        splits = new ByteList(1024, rows);
        times = new LongList(1024, rows);
        labelValues = new IntList(1024, limits.maxValuesPerType());
        dense = new FloatList(1024, limits.maxValuesPerType());
        labelOffsets.add(0);
    }

    static Nodes read(
            DelimitedLayout.TableFile file, DelimitedGraphConfig config, boolean loadText, InputLimits limits) {
        try (RecordReader reader = DelimitedLayout.open(
                        file.file(), "the node table of type '" + file.name() + "'", limits)
                .limitRecords(limits.maxNodes(), "max-nodes")) {
            return new DelimitedNodeReader(file.name(), config, loadText, limits).readRows(reader);
        }
    }

    private Nodes readRows(RecordReader reader) {
        Header header = Header.read(reader, DelimitedNodeColumns.ALLOWED);
        columns = DelimitedNodeColumns.of(reader.file(), header);
        Integer declaredClasses = config.numClasses().get(type);
        if (declaredClasses != null && declaredClasses > MAX_CLASSES) {
            throw new GraphDataException(
                    config.file(),
                    0,
                    "num_classes of " + Excerpt.of(type) + " is " + declaredClasses + ", more than " + MAX_CLASSES,
                    "a classifier of that many classes does not fit;" + " check the value");
        }
        if (columns.sparse >= 0) {
            Integer dim = config.featureDim().get(type);
            if (dim != null && dim > reader.limits().maxFeatureDim()) {
                throw new GraphDataException(
                        reader.file(),
                        0,
                        "graph.json gives type " + Excerpt.of(type)
                                + " feature_dim " + dim + ", more than "
                                + reader.limits().maxFeatureDim()
                                + " (the limit max-feature-dim)",
                        reader.limits().raise("max-feature-dim"));
            }
            sparse = new SparseFeatureBuilder(
                    dim == null ? -1 : dim, "feature_dim of '" + type + "' in graph.json", 1024, limits);
        }
        while (reader.next()) {
            if (!reader.isBlank()) {
                header.checkFieldCount(reader);
                readRow(reader);
            }
        }
        return new Nodes(table(reader), ids, reader.file());
    }

    private void readRow(RecordReader reader) {
        addKey(reader);
        if (columns.label >= 0) {
            readLabels(reader);
        }
        if (columns.split >= 0) {
            splits.add(reader.splitField(columns.split));
        }
        if (columns.time >= 0) {
            times.add(reader.longField(columns.time, "time"));
        }
        if (columns.text >= 0 && loadText) {
            texts.add(reader.text(columns.text));
        }
        if (columns.dense.length > 0) {
            requireDenseWithinLimit(reader);
        }
        for (int j = 0; j < columns.dense.length; j++) {
            dense.add(reader.floatField(columns.dense[j], "feature f", j));
        }
        if (sparse != null) {
            sparse.addRow(reader, reader.start(columns.sparse), reader.end(columns.sparse), ' ');
        }
    }

    /** Refuses this row's dense features before they are added when rows so far x width pass the limit. */
    private void requireDenseWithinLimit(RecordReader reader) {
        long rows = keys.size(); // this row's key is added
        limits.requireValues(
                rows * columns.dense.length,
                "the dense features of type " + Excerpt.of(type) + " up to this row (" + rows + " rows x "
                        + columns.dense.length + " columns)",
                reader.file(),
                reader.line());
    }

    private void addKey(RecordReader reader) {
        String key = reader.text(columns.id);
        if (key.isEmpty()) {
            throw reader.error("the id is empty", "every node needs an id that is unique within its table");
        }
        Integer first = ids.putIfAbsent(key, keys.size());
        if (first != null) {
            throw reader.error(
                    "id " + Excerpt.of(key) + " is used twice (first on line " + lines.get(first) + ")",
                    "node ids must be unique within a node table");
        }
        keys.add(key);
        lines.add(reader.line());
    }

    private void readLabels(RecordReader reader) {
        int start = reader.start(columns.label);
        int end = reader.end(columns.label);
        CharSequence s = reader.chars();
        boolean none = start == end || Numbers.equalsAt(s, start, end, "-1");
        int first = labelValues.size();
        for (int from = start; !none && from <= end; ) {
            int bar = from;
            while (bar < end && s.charAt(bar) != '|') {
                bar++;
            }
            addLabel(reader, reader.intAt(from, bar, "label"));
            from = bar + 1;
        }
        for (int k = first; k < labelValues.size(); k++) { // the row's labels, in time linear in their number
            rowLabels.clear(labelValues.get(k));
        }
        multiLabelSeen |= labelValues.size() - first > 1;
        labelOffsets.add(labelValues.size());
    }

    private void addLabel(RecordReader reader, int label) {
        Integer numClasses = config.numClasses().get(type);
        if (label < 0 || label >= (numClasses != null ? numClasses : MAX_CLASSES)) {
            String range = numClasses == null
                    ? "a class id of 0 or more, below " + MAX_CLASSES + " (or declare num_classes" + " of '" + type
                            + "' in graph.json)"
                    : "a class id in 0.." + (numClasses - 1) + " (num_classes of '" + type + "' in graph.json)";
            throw reader.error(
                    "label " + label + " is out of range",
                    "expected " + range + "; an empty cell or -1 means no label");
        }
        if (rowLabels.get(label)) {
            throw reader.error("label " + label + " is listed twice", "list each class of a node once");
        }
        rowLabels.set(label);
        limits.requireValues(
                labelValues.size() + 1L,
                "the label ids of type " + Excerpt.of(type) + " up to this one",
                reader.file(),
                reader.line());
        labelValues.add(label);
    }

    private NodeTable table(RecordReader reader) {
        int count = keys.size();
        return new NodeTable(
                type,
                count,
                keys.toArray(new String[0]),
                features(reader, count),
                labels(),
                columns.text >= 0 && loadText ? texts.toArray(new String[0]) : null,
                columns.time >= 0 ? times.toArray() : null,
                columns.split >= 0 ? SplitCodes.nullIfNone(splits.toArray()) : null);
    }

    private NodeFeatures features(RecordReader reader, int count) {
        if (sparse != null) {
            return sparse.build();
        }
        if (columns.dense.length == 0) {
            return null;
        }
        Integer declared = config.featureDim().get(type);
        if (declared != null && declared != columns.dense.length) {
            throw new GraphDataException(
                    config.file(),
                    0,
                    "feature_dim of '" + type + "' is " + declared + " but "
                            + reader.file().getFileName() + " has " + columns.dense.length + " dense columns",
                    "make them agree, or drop feature_dim for dense features");
        }
        return new DenseFeatures(count, columns.dense.length, dense.toArray());
    }

    private NodeLabels labels() {
        if (columns.label < 0 || labelValues.size() == 0 && !config.numClasses().containsKey(type)) {
            return null;
        }
        int[] offsets = labelOffsets.toArray();
        int[] values = labelValues.toArray();
        int numClasses = config.numClasses().getOrDefault(type, max(values) + 1);
        if (multiLabelSeen || config.multiLabel().contains(type)) {
            int[][] sets = new int[offsets.length - 1][];
            for (int n = 0; n < sets.length; n++) {
                sets[n] = Arrays.copyOfRange(values, offsets[n], offsets[n + 1]);
            }
            return NodeLabels.multi(numClasses, sets);
        }
        int[] single = new int[offsets.length - 1];
        for (int n = 0; n < single.length; n++) {
            single[n] = offsets[n + 1] > offsets[n] ? values[offsets[n]] : -1;
        }
        return NodeLabels.single(numClasses, single);
    }

    private static int max(int[] values) {
        int max = -1;
        for (int v : values) {
            max = Math.max(max, v);
        }
        return max;
    }
}
