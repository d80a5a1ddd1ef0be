package com.dipgnn.finetuning;

import com.dipgnn.graph.FeatureStandardization;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.split.PretrainSplit;
import com.dipgnn.inference.PreparedInputs;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.ranking.NegativeSampling;
import com.dipgnn.ranking.RankingLoss;
import com.dipgnn.sampling.SamplingConfig;
import com.dipgnn.sampling.WholeGraphBudget;
import com.dipgnn.text.TextInputScope;
import java.util.List;
import java.util.Objects;

/**
 * Everything that defines a fine-tuning experiment apart from the data and the seed.
 *
 * @param task node classification or link prediction
 * @param targetType the labeled node type (node task); null picks the only labeled type
 * @param relation the predicted relation (link task), by name or key; null picks the first non-reverse one
 * @param split how the data is divided
 * @param splitSeed seed of the split (fixed across repeated runs)
 * @param labelFraction fraction of fine-tuning training labels kept (transfer split)
 * @param model the encoder architecture
 * @param training steps, batch, optimizer, early stopping
 * @param sampling per-step subgraph sampling
 * @param fullGraphMaxNodes graphs with at most this many nodes are processed whole instead of sampled
 * @param fullGraphMaxBytes and only while one whole-graph step's estimated per-edge arrays stay within
 *     this many bytes ({@link WholeGraphBudget}); null (manifests written before the bound could be
 *     set) means {@link WholeGraphBudget#DEFAULT_MAX_EDGE_BYTES}
 * @param normalizeFeatures scale each feature row to sum 1 (GCN/GAT preprocessing); such a run does not
 *     standardise its features, whatever {@code standardizeFeatures} says
 * @param evalNegatives negatives per held-out edge (link task; the paper uses 255)
 * @param trainNegatives shared negatives per training step (link task)
 * @param temperature link logits are cosine / temperature
 * @param linkLoss the link task's training loss: softmax over the positive and the negatives (the
 *     paper's cross-entropy) or BPR
 * @param linkNegatives the link task's training negatives: a uniform pool beside the batch's other
 *     positives (with or without the log-Q correction), or the batch's other positives alone
 * @param standardizeFeatures whether dense feature columns are standardised with statistics of the
 *     nodes pre-training may see ({@link FeatureStandardization#AUTO}, the default) or fed as loaded
 * @param textInputs which node types read their text as input features (a pre-trained model's
 *     stored text inputs take precedence when fine-tuning from it)
 * @param linkSampling the link task's computation graphs: the whole graph within the bounds, or
 *     fan-out neighbourhoods; null (manifests and checkpoints written before the choice existed)
 *     means {@link LinkSampling#DEFAULT}
 */
public record ExperimentSpec(
        TaskKind task,
        String targetType,
        String relation,
        SplitMode split,
        long splitSeed,
        double labelFraction,
        ModelConfig model,
        FineTuneConfig training,
        SamplingConfig sampling,
        int fullGraphMaxNodes,
        Long fullGraphMaxBytes,
        boolean normalizeFeatures,
        int evalNegatives,
        int trainNegatives,
        double temperature,
        RankingLoss linkLoss,
        NegativeSampling linkNegatives,
        FeatureStandardization standardizeFeatures,
        TextInputScope textInputs,
        LinkSampling linkSampling) {

    public ExperimentSpec {
        linkSampling = linkSampling == null ? LinkSampling.DEFAULT : linkSampling;
        Objects.requireNonNull(standardizeFeatures, "standardizeFeatures");
        Objects.requireNonNull(textInputs, "textInputs");
        if (fullGraphMaxNodes < 0) {
            throw new IllegalArgumentException("the whole-graph node bound must not be negative (got "
                    + fullGraphMaxNodes + "); 0 samples subgraphs at every step");
        }
        fullGraphMaxBytes = WholeGraphBudget.checkedMaxBytes(fullGraphMaxBytes);
    }

    /** A spec whose dense features are standardised by the default rule ({@link FeatureStandardization#AUTO}). */
    public ExperimentSpec(
            TaskKind task,
            String targetType,
            String relation,
            SplitMode split,
            long splitSeed,
            double labelFraction,
            ModelConfig model,
            FineTuneConfig training,
            SamplingConfig sampling,
            int fullGraphMaxNodes,
            boolean normalizeFeatures,
            int evalNegatives,
            int trainNegatives,
            double temperature,
            RankingLoss linkLoss,
            NegativeSampling linkNegatives) {
        this(
                task,
                targetType,
                relation,
                split,
                splitSeed,
                labelFraction,
                model,
                training,
                sampling,
                fullGraphMaxNodes,
                WholeGraphBudget.DEFAULT_MAX_EDGE_BYTES,
                normalizeFeatures,
                evalNegatives,
                trainNegatives,
                temperature,
                linkLoss,
                linkNegatives,
                FeatureStandardization.AUTO,
                TextInputScope.ALL,
                LinkSampling.DEFAULT);
    }

    /** A spec with the paper's link objective: softmax over a uniform pool of negatives. */
    public ExperimentSpec(
            TaskKind task,
            String targetType,
            String relation,
            SplitMode split,
            long splitSeed,
            double labelFraction,
            ModelConfig model,
            FineTuneConfig training,
            SamplingConfig sampling,
            int fullGraphMaxNodes,
            boolean normalizeFeatures,
            int evalNegatives,
            int trainNegatives,
            double temperature) {
        this(
                task,
                targetType,
                relation,
                split,
                splitSeed,
                labelFraction,
                model,
                training,
                sampling,
                fullGraphMaxNodes,
                normalizeFeatures,
                evalNegatives,
                trainNegatives,
                temperature,
                RankingLoss.SOFTMAX,
                NegativeSampling.UNIFORM);
    }

    public ExperimentSpec withLinkObjective(RankingLoss loss, NegativeSampling negatives) {
        Copy c = new Copy(this);
        c.linkLoss = loss;
        c.linkNegatives = negatives;
        return c.build();
    }

    /** This spec with the whole-graph bounds {@code maxNodes} and {@code maxBytes} ({@link WholeGraphBudget}). */
    public ExperimentSpec withWholeGraphBounds(int maxNodes, long maxBytes) {
        Copy c = new Copy(this);
        c.fullGraphMaxNodes = maxNodes;
        c.fullGraphMaxBytes = maxBytes;
        return c.build();
    }

    /**
     * What pre-training sees of {@code graph} under this spec's split ({@link PretrainSplit}): the
     * pre-training part of the node-transfer split (made for the classified type, or the predicted
     * relation's source type); on an edge split of the link task every node and the training edges;
     * on a data set's own node split every node and nothing to pre-train on.
     */
    public PretrainSplit pretrainSplit(HeteroGraph graph) {
        if (split.holdsOutEdgesFor(task)) {
            return new PretrainSplit.TrainingEdges(split.edgeSplitKind(), relationIn(graph), splitSeed);
        }
        if (split != SplitMode.TRANSFER) {
            return PretrainSplit.NONE;
        }
        return new PretrainSplit.NodeTransfer(
                splitSeed,
                task == TaskKind.NODE_CLASSIFICATION
                        ? targetTypeIn(graph)
                        : relationIn(graph).source());
    }

    /** How the graph's inputs are prepared: text scope, row normalisation, standardisation. */
    public PreparedInputs.Settings inputSettings() {
        return new PreparedInputs.Settings(textInputs, normalizeFeatures, standardizeFeatures);
    }

    /**
     * This spec with {@code auto} node inputs resolved for an edge split of the link task, where
     * every node is seen in training ({@link ModelConfig#withEveryNodeOf}); other specs, and explicit
     * choices, are returned as they are.
     *
     * @param graph the graph the model reads (its text-derived inputs added)
     */
    public ExperimentSpec withNodeInputsResolved(HeteroGraph graph) {
        if (!split.holdsOutEdgesFor(task)) {
            return this;
        }
        ModelConfig resolved = model.withEveryNodeOf(graph, relationIn(graph));
        return resolved == model ? this : withModel(resolved);
    }

    /** The node type the node task classifies: {@link #targetType}, or the graph's only labeled type. */
    public String targetTypeIn(HeteroGraph graph) {
        if (targetType != null) {
            return targetType;
        }
        List<String> labeled = graph.nodeTypes().stream()
                .filter(t -> graph.nodes(t).labels() != null
                        && graph.nodes(t).labels().labeledCount() > 0)
                .toList();
        if (labeled.size() != 1) {
            throw new IllegalArgumentException("graph '" + graph.name() + "' has labeled node types " + labeled
                    + "; name the one to classify with --target-type");
        }
        return labeled.get(0);
    }

    /** The relation the link task predicts in {@code graph} ({@link #predictedRelation}). */
    public RelationType relationIn(HeteroGraph graph) {
        return predictedRelation(graph, relation);
    }

    /** The relation named {@code nameOrKey} of {@code graph}, or its first non-reverse one when null. */
    public static RelationType predictedRelation(HeteroGraph graph, String nameOrKey) {
        if (nameOrKey != null) {
            return graph.relation(nameOrKey);
        }
        return graph.relationTypes().stream()
                .filter(r -> !r.isReverse())
                .findFirst()
                .orElseThrow(
                        () -> new IllegalArgumentException("graph '" + graph.name() + "' has no relation to predict"));
    }

    /** This spec with the training settings {@code t}. */
    public ExperimentSpec withTraining(FineTuneConfig t) {
        Copy c = new Copy(this);
        c.training = t;
        return c.build();
    }

    /** When a step of this experiment takes the whole graph instead of a sampled subgraph. */
    public WholeGraphBudget wholeGraphBudget() {
        return new WholeGraphBudget(fullGraphMaxNodes, fullGraphMaxBytes);
    }

    public ExperimentSpec withModel(ModelConfig m) {
        Copy c = new Copy(this);
        c.model = m;
        return c.build();
    }

    public ExperimentSpec withFeatureStandardization(FeatureStandardization standardization) {
        Copy c = new Copy(this);
        c.standardizeFeatures = standardization;
        return c.build();
    }

    /** This spec with the link task's computation graphs sampled as {@code sampling} says. */
    public ExperimentSpec withLinkSampling(LinkSampling sampling) {
        Copy c = new Copy(this);
        c.linkSampling = sampling;
        return c.build();
    }

    public ExperimentSpec withTextInputs(TextInputScope scope) {
        Copy c = new Copy(this);
        c.textInputs = scope;
        return c.build();
    }

    /** A spec's components as variables, so that each with-er names only what it changes. */
    private static final class Copy {
        private TaskKind task;
        private String targetType;
        private String relation;
        private SplitMode split;
        private long splitSeed;
        private double labelFraction;
        private ModelConfig model;
        private FineTuneConfig training;
        private SamplingConfig sampling;
        private int fullGraphMaxNodes;
        private Long fullGraphMaxBytes;
        private boolean normalizeFeatures;
        private int evalNegatives;
        private int trainNegatives;
        private double temperature;
        private RankingLoss linkLoss;
        private NegativeSampling linkNegatives;
        private FeatureStandardization standardizeFeatures;
        private TextInputScope textInputs;
        private LinkSampling linkSampling;

        Copy(ExperimentSpec s) {
            task = s.task;
            targetType = s.targetType;
            relation = s.relation;
            split = s.split;
            splitSeed = s.splitSeed;
            labelFraction = s.labelFraction;
            model = s.model;
            training = s.training;
            sampling = s.sampling;
            fullGraphMaxNodes = s.fullGraphMaxNodes;
            fullGraphMaxBytes = s.fullGraphMaxBytes;
            normalizeFeatures = s.normalizeFeatures;
            evalNegatives = s.evalNegatives;
            trainNegatives = s.trainNegatives;
            temperature = s.temperature;
            linkLoss = s.linkLoss;
            linkNegatives = s.linkNegatives;
            standardizeFeatures = s.standardizeFeatures;
            textInputs = s.textInputs;
            linkSampling = s.linkSampling;
        }

        ExperimentSpec build() {
            return new ExperimentSpec(
                    task,
                    targetType,
                    relation,
                    split,
                    splitSeed,
                    labelFraction,
                    model,
                    training,
                    sampling,
                    fullGraphMaxNodes,
                    fullGraphMaxBytes,
                    normalizeFeatures,
                    evalNegatives,
                    trainNegatives,
                    temperature,
                    linkLoss,
                    linkNegatives,
                    standardizeFeatures,
                    textInputs,
                    linkSampling);
        }
    }
}
