package com.dipgnn.graph.split;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * The time-transfer setting of OAG: target-type nodes are placed by their time {@code t}:
 * {@code t < trainFrom} goes to the pre-training graph; {@code trainFrom <= t < valFrom} is
 * train, {@code valFrom <= t < testFrom} is val and {@code t >= testFrom} is test, all three in
 * the fine-tuning graph (only labeled nodes enter the three sets; unlabeled ones stay in the
 * graph). A seeded {@code labelFraction} of the training nodes is kept.
 *
 * <p>Nodes of the other types are in both graphs (shared context), with the edges among
 * themselves. Reasons: they have no time of their own to place them by, and OAG's time transfer
 * (GPT-GNN, DiP-GNN) likewise keeps the authors, fields and venues of every period. The
 * alternatives are worse: a random 70/30 division cuts every pre-training paper off from part of
 * its authors and fields, and "fine-tuning if linked to a fine-tuning target" moves every hub
 * (fields, venues) to fine-tuning and leaves pre-training without them. What stays separate is
 * what matters: no fine-tuning target node, and no edge touching one, is in the pre-training
 * graph, so nothing of the evaluated nodes, their labels or their links is seen in pre-training.
 * The pre-training graph holds every edge among its target nodes and the shared nodes; edges
 * between a pre-training and a fine-tuning target node are in neither graph.
 *
 * @param trainFrom first time of the training period (earlier target nodes pre-train)
 * @param valFrom first time of the validation period
 * @param testFrom first time of the test period
 * @param labelFraction share of the training nodes that is kept, in (0, 1]
 * @param seed random seed of the label-fraction subset
 */
public record TimeSplit(long trainFrom, long valFrom, long testFrom, double labelFraction, long seed)
        implements GraphSplitter {

    public TimeSplit {
        if (trainFrom > valFrom || valFrom > testFrom) {
            throw new IllegalArgumentException("TimeSplit boundaries must be in order trainFrom <= valFrom <= testFrom,"
                    + " got " + trainFrom + ", " + valFrom + ", " + testFrom);
        }
        SplitNodes.requireFraction("TimeSplit.labelFraction", labelFraction, false, true);
    }

    /** Every training label kept. */
    public TimeSplit(long trainFrom, long valFrom, long testFrom) {
        this(trainFrom, valFrom, testFrom, 1.0, 0L);
    }

    @Override
    public GraphSplit split(HeteroGraph graph, String targetType) {
        SplitNodes.requireNodeType(graph, targetType);
        NodeTable targets = graph.nodes(targetType);
        long[] time = requireTime(graph, targets);
        Map<String, int[]> pretrainIds = new LinkedHashMap<>();
        Map<String, int[]> finetuneIds = new LinkedHashMap<>();
        for (String type : graph.nodeTypes()) {
            if (type.equals(targetType)) {
                pretrainIds.put(
                        type,
                        IntStream.range(0, time.length)
                                .filter(n -> time[n] < trainFrom)
                                .toArray());
                finetuneIds.put(
                        type,
                        IntStream.range(0, time.length)
                                .filter(n -> time[n] >= trainFrom)
                                .toArray());
            } else {
                pretrainIds.put(type, SplitNodes.identity(graph.numNodes(type)));
                finetuneIds.put(type, SplitNodes.identity(graph.numNodes(type)));
            }
        }
        HeteroGraph pretrain = graph.induced(graph.name() + "-pretrain", pretrainIds);
        HeteroGraph finetune = graph.induced(graph.name() + "-finetune", finetuneIds);
        int[][] sets = periods(finetune.nodes(targetType), describeRange(graph, time));
        return new GraphSplit(pretrain, finetune, targetType, sets[0], sets[1], sets[2], pretrainIds, finetuneIds);
    }

    private static long[] requireTime(HeteroGraph graph, NodeTable targets) {
        if (targets.time() == null) {
            throw new IllegalArgumentException("cannot split graph '" + graph.name() + "' by time: node type '"
                    + targets.name() + "' has no time column; give its nodes a time (e.g. a year) or use "
                    + "NodeTransferSplit instead");
        }
        return targets.time();
    }

    /** Train, val and test: the labeled fine-tuning target nodes of each period. */
    private int[][] periods(NodeTable targets, String range) {
        long[] time = targets.time();
        int[] labeled = SplitNodes.labeled(targets, SplitNodes.identity(targets.count()));
        int[] train = IntStream.of(labeled).filter(n -> time[n] < valFrom).toArray();
        int[] val = IntStream.of(labeled)
                .filter(n -> time[n] >= valFrom && time[n] < testFrom)
                .toArray();
        int[] test = IntStream.of(labeled).filter(n -> time[n] >= testFrom).toArray();
        String why = "no labeled '" + targets.name() + "' node has a time in that period (" + range
                + "); choose boundaries inside the range of the data";
        SplitNodes.requireNonEmpty(train, "train [" + trainFrom + ", " + valFrom + ")", why);
        SplitNodes.requireNonEmpty(val, "val [" + valFrom + ", " + testFrom + ")", why);
        SplitNodes.requireNonEmpty(test, "test [" + testFrom + ", ...)", why);
        int[] kept = SeededSampling.keepFraction(train, labelFraction, SeededSampling.random(seed, "label-fraction"));
        return new int[][] {kept, val, test};
    }

    private static String describeRange(HeteroGraph graph, long[] time) {
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (long t : time) {
            min = Math.min(min, t);
            max = Math.max(max, t);
        }
        return time.length == 0
                ? "graph '" + graph.name() + "' has no such nodes"
                : "times in graph '" + graph.name() + "' range from " + min + " to " + max;
    }
}
