package com.dipgnn.finetuning;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.split.DatasetSplit;
import com.dipgnn.graph.split.GraphSplit;
import com.dipgnn.graph.split.LinkSplit;
import com.dipgnn.graph.split.NodeTransferSplit;
import com.dipgnn.inference.NodeEmbedder;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.sampling.SubgraphSampler;
import com.dipgnn.sampling.WholeGraphBudget;
import java.util.Locale;
import java.util.Map;

/** The fine-tuning task of an experiment on its part of the prepared graph: split, task and sampler. */
final class ExperimentTasks {

    private ExperimentTasks() {}

    /** A fine-tuning task and, per node type, the id in the prepared graph of each node of its model graph. */
    record TaskOnPart(FineTuningTask<?> task, Map<String, int[]> originalIds) {}

    /** The task {@code spec} names on {@code graph} (text inputs added, features prepared). */
    static TaskOnPart create(ExperimentSpec spec, HeteroGraph graph) {
        return switch (spec.task()) {
            case NODE_CLASSIFICATION -> nodeTask(spec, graph);
            case LINK_PREDICTION -> linkTask(spec, graph);
        };
    }

    /**
     * Whether checkpoints are selected by the full-ranking {@code recall@20} of the validation
     * edges: the link task on an edge split, unless the candidates are too many to rank.
     */
    static boolean selectsByFullRanking(ExperimentSpec spec, HeteroGraph graph) {
        return spec.split().holdsOutEdgesFor(spec.task())
                && LinkPredictionTask.ranksFully(graph, spec.relationIn(graph));
    }

    private static TaskOnPart nodeTask(ExperimentSpec spec, HeteroGraph graph) {
        String target = spec.targetTypeIn(graph);
        GraphSplit split = switch (spec.split()) {
            case DATASET -> new DatasetSplit().split(graph, target);
            case TRANSFER ->
                new NodeTransferSplit(
                                NodeTransferSplit.DEFAULT_PRETRAIN_FRACTION, spec.splitSeed(), spec.labelFraction())
                        .split(graph, target);
            case HOLDOUT, LEAVE_ONE_OUT ->
                throw new IllegalArgumentException("the "
                        + spec.split().name().toLowerCase(Locale.ROOT) + " split holds out edges: it is for the "
                        + "link task; node classification takes --split dataset or transfer");
        };
        HeteroGraph finetuneGraph = split.finetuneGraph();
        return new TaskOnPart(
                new NodeClassificationTask(
                        finetuneGraph,
                        target,
                        split.train(),
                        split.val(),
                        split.test(),
                        sampler(spec, finetuneGraph),
                        spec.training().batchSize()),
                split.finetuneOriginalIds());
    }

    private static TaskOnPart linkTask(ExperimentSpec spec, HeteroGraph graph) {
        RelationType relation = spec.relationIn(graph);
        HeteroGraph finetuneGraph = graph;
        Map<String, int[]> originalIds = NodeEmbedder.allNodes(graph);
        LinkSplit split;
        if (spec.split() == SplitMode.TRANSFER) {
            GraphSplit nodes = new NodeTransferSplit(spec.splitSeed()).split(graph, relation.source());
            finetuneGraph = nodes.finetuneGraph();
            originalIds = nodes.finetuneOriginalIds();
            split = LinkSplit.holdOut(
                    finetuneGraph, relation, nodes.train(), nodes.val(), nodes.test(), 0.2, spec.splitSeed());
        } else {
            split = spec.split().edgeSplit(graph, relation, spec.splitSeed());
        }
        return new TaskOnPart(
                new LinkPredictionTask(
                        finetuneGraph,
                        split,
                        linkSamplers(spec, split.structure()),
                        new LinkTaskConfig(
                                spec.training().batchSize(),
                                spec.evalNegatives(),
                                spec.trainNegatives(),
                                spec.temperature(),
                                spec.splitSeed(),
                                spec.linkLoss(),
                                spec.linkNegatives(),
                                selectsByFullRanking(spec, graph))),
                originalIds);
    }

    /**
     * The link task's samplers ({@link LinkSampling#samplers}): the whole graph when it is within the
     * spec's bounds and the spec does not ask for fan-outs, else fan-out neighbourhoods to train on
     * and exact layer-by-layer evaluation; the choice is logged with its figures.
     */
    private static LinkSampling.Samplers linkSamplers(ExperimentSpec spec, HeteroGraph g) {
        WholeGraphBudget budget = spec.wholeGraphBudget();
        ModelConfig model = spec.model();
        boolean whole = budget.allows(g, model.hidden(), model.layers(), 1);
        LinkSampling.Samplers samplers = spec.linkSampling().samplers(whole, model.layers());
        System.getLogger(FineTuneExperiment.class.getName())
                .log(
                        System.Logger.Level.INFO,
                        "link fine-tuning on " + g.name() + " trains on " + samplers.training() + ", evaluates "
                                + samplers.evaluationDescription() + ": "
                                + budget.figures(g, model.hidden(), model.layers(), 1));
        return samplers;
    }

    /**
     * The whole graph when it is within the spec's node bound and {@link WholeGraphBudget its
     * per-edge memory} stays within the spec's memory bound, else sampled subgraphs; the choice is
     * logged with its figures.
     */
    private static SubgraphSampler sampler(ExperimentSpec spec, HeteroGraph g) {
        WholeGraphBudget budget = spec.wholeGraphBudget();
        ModelConfig model = spec.model();
        System.getLogger(FineTuneExperiment.class.getName())
                .log(
                        System.Logger.Level.INFO,
                        "fine-tuning on " + g.name() + " takes "
                                + budget.explain(g, model.hidden(), model.layers(), 1));
        return budget.samplerFor(g, spec.sampling(), model.hidden(), model.layers(), 1);
    }
}
