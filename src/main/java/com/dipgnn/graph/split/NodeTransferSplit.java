package com.dipgnn.graph.split;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The node-transfer setting of DiP-GNN: a seeded random {@code pretrainFraction} of the nodes of
 * every type forms the pre-training graph, the rest the fine-tuning graph, each with only the
 * edges among its own nodes (edges between the two parts are dropped). The two graphs share no
 * node and no edge. The labeled target-type nodes of the fine-tuning graph (all of them when the
 * type has no labels) are split at random into equal thirds: train, val, test; then only a
 * seeded {@code labelFraction} of the training third is kept (DiP-GNN uses 10% on OAG-CS).
 *
 * @param pretrainFraction share of the nodes of each type that goes to pre-training, in (0, 1)
 * @param seed random seed; the same seed and graph give the same split
 * @param labelFraction share of the training nodes that is kept, in (0, 1]
 */
public record NodeTransferSplit(double pretrainFraction, long seed, double labelFraction) implements GraphSplitter {

    public static final double DEFAULT_PRETRAIN_FRACTION = 0.7;

    public NodeTransferSplit {
        SplitNodes.requireFraction("NodeTransferSplit.pretrainFraction", pretrainFraction, false, false);
        SplitNodes.requireFraction("NodeTransferSplit.labelFraction", labelFraction, false, true);
    }

    /** 70% of the nodes to pre-training, every training label kept. */
    public NodeTransferSplit(long seed) {
        this(DEFAULT_PRETRAIN_FRACTION, seed, 1.0);
    }

    @Override
    public GraphSplit split(HeteroGraph graph, String targetType) {
        SplitNodes.requireNodeType(graph, targetType);
        Map<String, int[]> pretrainIds = new LinkedHashMap<>();
        Map<String, int[]> finetuneIds = new LinkedHashMap<>();
        for (String type : graph.nodeTypes()) {
            int[][] parts = parts(graph.numNodes(type), type);
            pretrainIds.put(type, parts[0]);
            finetuneIds.put(type, parts[1]);
        }
        HeteroGraph pretrain = graph.induced(graph.name() + "-pretrain", pretrainIds);
        HeteroGraph finetune = graph.induced(graph.name() + "-finetune", finetuneIds);
        int[][] sets = thirds(finetune.nodes(targetType), graph.name());
        return new GraphSplit(pretrain, finetune, targetType, sets[0], sets[1], sets[2], pretrainIds, finetuneIds);
    }

    /**
     * The node ids of each type that go to pre-training (those {@link #split} puts there), without
     * building either graph: what may shape anything learned before fine-tuning, such as a vocabulary.
     */
    public Map<String, int[]> pretrainNodes(HeteroGraph graph) {
        Map<String, int[]> ids = new LinkedHashMap<>();
        for (String type : graph.nodeTypes()) {
            ids.put(type, parts(graph.numNodes(type), type)[0]);
        }
        return ids;
    }

    private int[][] parts(int n, String type) {
        int[] order = SeededSampling.shuffled(SplitNodes.identity(n), SeededSampling.random(seed, "type:" + type));
        int cut = (int) Math.round(pretrainFraction * n);
        return new int[][] {SeededSampling.sortedRange(order, 0, cut), SeededSampling.sortedRange(order, cut, n)};
    }

    private int[][] thirds(NodeTable targets, String graphName) {
        int[] candidates = SplitNodes.labeled(targets, SplitNodes.identity(targets.count()));
        int n = candidates.length;
        if (n < 3) {
            throw new IllegalArgumentException("node-transfer split of graph '" + graphName + "' leaves only " + n
                    + " labeled '" + targets.name() + "' nodes for fine-tuning, fewer than the 3 needed for "
                    + "train, val and test; use a smaller pretrainFraction or a larger graph");
        }
        int[] order = SeededSampling.shuffled(candidates, SeededSampling.random(seed, "target-sets"));
        int firstCut = (int) Math.round(n / 3.0);
        int secondCut = (int) Math.round(2 * n / 3.0);
        int[] train = SeededSampling.sortedRange(order, 0, firstCut);
        return new int[][] {
            SeededSampling.keepFraction(train, labelFraction, SeededSampling.random(seed, "label-fraction")),
            SeededSampling.sortedRange(order, firstCut, secondCut),
            SeededSampling.sortedRange(order, secondCut, n)
        };
    }
}
