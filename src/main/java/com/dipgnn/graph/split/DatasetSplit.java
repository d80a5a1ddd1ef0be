package com.dipgnn.graph.split;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.SplitMark;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * The data set's own split (the Planetoid setting, e.g. cora's 140/500/1000): the target nodes
 * marked train, val and test in {@link NodeTable#splits()}. There is no pre-training graph; the
 * fine-tuning graph is the whole graph, with its ids unchanged. As in the other splits, only
 * labeled nodes enter the three sets when the type has labels.
 */
public final class DatasetSplit implements GraphSplitter {

    @Override
    public GraphSplit split(HeteroGraph graph, String targetType) {
        SplitNodes.requireNodeType(graph, targetType);
        NodeTable targets = graph.nodes(targetType);
        if (targets.splits() == null) {
            throw new IllegalArgumentException("cannot use the data set's own split of graph '" + graph.name()
                    + "': node type '" + targetType + "' has no split marks (a train/val/test column in its "
                    + "node file); use NodeTransferSplit or TimeSplit instead");
        }
        int[] labeled = SplitNodes.labeled(targets, SplitNodes.identity(targets.count()));
        int[] train = marked(targets, labeled, SplitMark.TRAIN, graph.name());
        int[] val = marked(targets, labeled, SplitMark.VAL, graph.name());
        int[] test = marked(targets, labeled, SplitMark.TEST, graph.name());
        Map<String, int[]> ids = new LinkedHashMap<>();
        for (String type : graph.nodeTypes()) {
            ids.put(type, SplitNodes.identity(graph.numNodes(type)));
        }
        return new GraphSplit(null, graph, targetType, train, val, test, Map.of(), ids);
    }

    private static int[] marked(NodeTable targets, int[] labeled, SplitMark mark, String graphName) {
        int[] nodes =
                IntStream.of(labeled).filter(n -> targets.split(n) == mark).toArray();
        String name = mark.name().toLowerCase(Locale.ROOT);
        SplitNodes.requireNonEmpty(
                nodes,
                name,
                "no labeled '" + targets.name() + "' node of graph '" + graphName + "' is marked '" + name
                        + "'; mark some, or use NodeTransferSplit instead");
        return nodes;
    }

    @Override
    public String toString() {
        return "DatasetSplit";
    }
}
