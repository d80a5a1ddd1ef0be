package com.dipgnn.graph;

import java.util.Arrays;

/**
 * Class labels of the nodes of one type. Single-label: one class id per node, -1 for none.
 * Multi-label: a sorted set of class ids per node (CSR), empty for none.
 */
public final class NodeLabels {

    private final int numClasses;
    private final int[] offsets;
    private final int[] classes;
    private final boolean multiLabel;

    private NodeLabels(int numClasses, int[] offsets, int[] classes, boolean multiLabel) {
        this.numClasses = numClasses;
        this.offsets = offsets;
        this.classes = classes;
        this.multiLabel = multiLabel;
    }

    /** Single-label classes: {@code labels[n]} in {@code 0..numClasses-1}, or -1 for unlabeled. */
    public static NodeLabels single(int numClasses, int[] labels) {
        int[] offsets = new int[labels.length + 1];
        int count = 0;
        for (int n = 0; n < labels.length; n++) {
            if (labels[n] >= numClasses || labels[n] < -1) {
                throw new IllegalArgumentException(
                        "label " + labels[n] + " of node " + n + " is outside -1.." + (numClasses - 1));
            }
            if (labels[n] >= 0) {
                count++;
            }
            offsets[n + 1] = count;
        }
        int[] classes = new int[count];
        for (int n = 0, k = 0; n < labels.length; n++) {
            if (labels[n] >= 0) {
                classes[k++] = labels[n];
            }
        }
        return new NodeLabels(numClasses, offsets, classes, false);
    }

    /** Multi-label classes: {@code labels[n]} is the (possibly empty) set of classes of node n. */
    public static NodeLabels multi(int numClasses, int[][] labels) {
        int[] offsets = new int[labels.length + 1];
        for (int n = 0; n < labels.length; n++) {
            offsets[n + 1] = offsets[n] + labels[n].length;
        }
        int[] classes = new int[offsets[labels.length]];
        for (int n = 0; n < labels.length; n++) {
            int[] sorted = labels[n].clone();
            Arrays.sort(sorted);
            for (int c : sorted) {
                if (c < 0 || c >= numClasses) {
                    throw new IllegalArgumentException(
                            "label " + c + " of node " + n + " is outside 0.." + (numClasses - 1));
                }
            }
            System.arraycopy(sorted, 0, classes, offsets[n], sorted.length);
        }
        return new NodeLabels(numClasses, offsets, classes, true);
    }

    public int numClasses() {
        return numClasses;
    }

    public boolean isMultiLabel() {
        return multiLabel;
    }

    public int count() {
        return offsets.length - 1;
    }

    public boolean isLabeled(int node) {
        return offsets[node + 1] > offsets[node];
    }

    /** The class of a single-label node, or -1 when it has none. */
    public int label(int node) {
        return isLabeled(node) ? classes[offsets[node]] : -1;
    }

    /** All classes of the node (one for single-label data). */
    public int[] labels(int node) {
        return Arrays.copyOfRange(classes, offsets[node], offsets[node + 1]);
    }

    /** Number of labeled nodes. */
    public int labeledCount() {
        int count = 0;
        for (int n = 0; n < count(); n++) {
            if (isLabeled(n)) {
                count++;
            }
        }
        return count;
    }

    /** The labels restricted to the kept nodes, in the order given. */
    public NodeLabels select(int[] keptNodes) {
        int[][] picked = new int[keptNodes.length][];
        for (int i = 0; i < keptNodes.length; i++) {
            picked[i] = labels(keptNodes[i]);
        }
        if (multiLabel) {
            return multi(numClasses, picked);
        }
        int[] single = new int[keptNodes.length];
        for (int i = 0; i < keptNodes.length; i++) {
            single[i] = picked[i].length == 0 ? -1 : picked[i][0];
        }
        return single(numClasses, single);
    }

    public long memoryBytes() {
        return 4L * offsets.length + 4L * classes.length;
    }
}
