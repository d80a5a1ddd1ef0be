package com.dipgnn.graph.split;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import java.util.Arrays;

/** Node-set helpers shared by the splitters: checks, label filters, identity maps. */
final class SplitNodes {

    private SplitNodes() {}

    static void requireNodeType(HeteroGraph graph, String targetType) {
        if (!graph.hasNodeType(targetType)) {
            throw new IllegalArgumentException("cannot split graph '" + graph.name() + "' for target type '"
                    + targetType + "': it has no such node type; its types are " + graph.nodeTypes());
        }
    }

    static void requireFraction(String what, double value, boolean zeroAllowed, boolean oneAllowed) {
        boolean ok = (zeroAllowed ? value >= 0 : value > 0) && (oneAllowed ? value <= 1 : value < 1);
        if (!ok) {
            throw new IllegalArgumentException(what + " is " + value + " but must be in " + (zeroAllowed ? "[0" : "(0")
                    + ", 1" + (oneAllowed ? "]" : ")"));
        }
    }

    /** The given nodes that have a label; all of them when the table has no labels. */
    static int[] labeled(NodeTable table, int[] nodes) {
        if (table.labels() == null) {
            return nodes.clone();
        }
        return Arrays.stream(nodes).filter(table.labels()::isLabeled).toArray();
    }

    static int[] identity(int count) {
        int[] ids = new int[count];
        for (int i = 0; i < count; i++) {
            ids[i] = i;
        }
        return ids;
    }

    /** Throws when a node set that must not be empty is. */
    static void requireNonEmpty(int[] nodes, String set, String why) {
        if (nodes.length == 0) {
            throw new IllegalArgumentException("the " + set + " set is empty: " + why);
        }
    }
}
