package com.dipgnn.graph;

import java.util.Objects;

/**
 * The nodes of one type and everything known about them. Only {@code name} and {@code count} are
 * required; every other column is optional ({@code null}).
 *
 * @param name the node type
 * @param count number of nodes; ids are {@code 0..count-1}
 * @param keys the identifier of each node in the user's data, or null
 * @param features numeric features, or null
 * @param labels class labels, or null
 * @param text free text per node (title, description), or null
 * @param time a time per node (a year, or Unix seconds), or null
 * @param splits the data set's own split per node ({@link SplitMark} codes), or null
 */
public record NodeTable(
        String name,
        int count,
        String[] keys,
        NodeFeatures features,
        NodeLabels labels,
        String[] text,
        long[] time,
        byte[] splits) {

    public NodeTable {
        Objects.requireNonNull(name, "name");
        checkLength("keys", keys == null ? count : keys.length, count, name);
        checkLength("features", features == null ? count : features.count(), count, name);
        checkLength("labels", labels == null ? count : labels.count(), count, name);
        checkLength("text", text == null ? count : text.length, count, name);
        checkLength("time", time == null ? count : time.length, count, name);
        checkLength("splits", splits == null ? count : splits.length, count, name);
    }

    private static void checkLength(String what, int actual, int expected, String type) {
        if (actual != expected) {
            throw new IllegalArgumentException(
                    "node type '" + type + "' has " + expected + " nodes but " + actual + " " + what);
        }
    }

    /** A table with nothing but a node count. */
    public static NodeTable ofCount(String name, int count) {
        return new NodeTable(name, count, null, null, null, null, null, null);
    }

    public NodeTable withFeatures(NodeFeatures newFeatures) {
        return new NodeTable(name, count, keys, newFeatures, labels, text, time, splits);
    }

    public NodeTable withLabels(NodeLabels newLabels) {
        return new NodeTable(name, count, keys, features, newLabels, text, time, splits);
    }

    public NodeTable withTime(long[] newTime) {
        return new NodeTable(name, count, keys, features, labels, text, newTime, splits);
    }

    public NodeTable withSplits(byte[] newSplits) {
        return new NodeTable(name, count, keys, features, labels, text, time, newSplits);
    }

    public int featureDim() {
        return features == null ? 0 : features.dim();
    }

    /** Whether the features were derived from the nodes' text rather than given with the data. */
    public boolean hasTextDerivedFeatures() {
        return features instanceof TextDerivedFeatures;
    }

    /** The width of the features given with the data (0 for none; text-derived columns not counted). */
    public int dataFeatureDim() {
        return features instanceof TextDerivedFeatures derived ? derived.dataDim() : featureDim();
    }

    /** The features given with the data, without text-derived columns (null for none). */
    public NodeFeatures dataFeatures() {
        return features instanceof TextDerivedFeatures derived ? derived.data() : features;
    }

    public SplitMark split(int node) {
        return splits == null ? SplitMark.NONE : SplitMark.fromCode(splits[node]);
    }

    /** The rows of the kept nodes, renumbered {@code 0..kept.length-1} in the order given. */
    public NodeTable select(int[] kept) {
        return new NodeTable(
                name,
                kept.length,
                keys == null ? null : pick(keys, kept),
                features == null ? null : features.select(kept),
                labels == null ? null : labels.select(kept),
                text == null ? null : pick(text, kept),
                time == null ? null : pick(time, kept),
                splits == null ? null : pick(splits, kept));
    }

    private static String[] pick(String[] values, int[] kept) {
        String[] out = new String[kept.length];
        for (int i = 0; i < kept.length; i++) {
            out[i] = values[kept[i]];
        }
        return out;
    }

    private static long[] pick(long[] values, int[] kept) {
        long[] out = new long[kept.length];
        for (int i = 0; i < kept.length; i++) {
            out[i] = values[kept[i]];
        }
        return out;
    }

    private static byte[] pick(byte[] values, int[] kept) {
        byte[] out = new byte[kept.length];
        for (int i = 0; i < kept.length; i++) {
            out[i] = values[kept[i]];
        }
        return out;
    }

    /** Approximate heap bytes of the numeric columns (text and keys are not counted). */
    public long memoryBytes() {
        long bytes = 0;
        bytes += features == null ? 0 : features.memoryBytes();
        bytes += labels == null ? 0 : labels.memoryBytes();
        bytes += time == null ? 0 : 8L * time.length;
        bytes += splits == null ? 0 : splits.length;
        return bytes;
    }
}
