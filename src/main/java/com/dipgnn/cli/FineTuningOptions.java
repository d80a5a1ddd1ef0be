package com.dipgnn.cli;

import com.dipgnn.finetuning.ExperimentSpec;
import com.dipgnn.finetuning.FineTuneConfig;
import com.dipgnn.finetuning.FineTuneDefaults;
import com.dipgnn.finetuning.SplitMode;
import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.graph.FeatureStandardization;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.synthetic.GraphLocations;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.model.NodeInputConfig;
import com.dipgnn.model.TypeSelection;
import com.dipgnn.optim.OptimizerConfig;
import com.dipgnn.ranking.NegativeSampling;
import com.dipgnn.ranking.PopularityPriorSetting;
import com.dipgnn.ranking.RankingLoss;
import com.dipgnn.sampling.SamplingConfig;
import com.dipgnn.sampling.WholeGraphBudget;
import com.dipgnn.text.TextInputScope;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options shared by every command that fine-tunes (data, task, architecture, optimizer,
 * sampling), a picocli mixin, and how they become an {@link ExperimentSpec}. {@code --split} is
 * each command's own (its default and help differ) and lands in {@link #split(String)}.
 */
final class FineTuningOptions {

    private final boolean transferByDefault;

    private FineTuningOptions(boolean transferByDefault) {
        this.transferByDefault = transferByDefault;
    }

    /** Without {@code --split}: the data set's own split where it marks one for the task ({@code finetune}). */
    static FineTuningOptions dataSetSplitByDefault() {
        return new FineTuningOptions(false);
    }

    /** Without {@code --split}: the node-transfer split, the paper's setting ({@code pretrain}, {@code reproduce}). */
    static FineTuningOptions transferSplitByDefault() {
        return new FineTuningOptions(true);
    }

    @Option(
            names = "--dataset",
            defaultValue = GraphLocations.COMMUNITY,
            description =
                    "synthetic:community, synthetic:query-product, a data set name (e.g. cora), a graph directory, or the "
                            + "id of a data set the service uploaded (see --data-dir) (default: ${DEFAULT-VALUE})")
    String dataset;

    @Option(
            names = "--data-dir",
            description = "the service's data directory, where --dataset and --pretrained may name what the service "
                    + "stored, by id (default: $" + ServiceData.DATA_DIR_ENV + ", else ./dipgnn-data)")
    Path dataDir;

    /** Where {@code --dataset} is, as the graph loaders take it (an id the service stored becomes its folder). */
    String graphLocation() {
        return ServiceData.at(dataDir).dataset(dataset);
    }

    @Option(names = "--task", defaultValue = "node", description = "node or link (default: ${DEFAULT-VALUE})")
    String task;

    @Mixin
    final BackboneOptions backbone = new BackboneOptions();

    @Option(
            names = "--preset",
            description = "planetoid: the GAT paper's Cora settings (GAT, 2 layers, 8 heads x 8, "
                    + "dropout 0.6 on inputs and attention, lr 0.005, L2 5e-4, no clipping, full graph, normalised features); "
                    + "recommend: the link task's settings on an edge split, its default there ("
                    + FineTuneDefaults.RECOMMENDATION_SUMMARY + "); paper: the paper's Table 7 (the default elsewhere)")
    String preset;

    /** {@code --split} as given, or null. */
    private String split;

    /** The splits every command takes, for its {@code --split} help. */
    static final String SPLITS = "transfer (70%% of the nodes held back for pre-training, the paper's setting), "
            + "dataset (the data set's own split: planetoid's for Cora, gowalla's or movielens' for their links), "
            + "holdout or leave-one-out (per-user edge splits, link task)";

    @Option(names = "--target-type", description = "node type to classify (node task)")
    String targetType;

    @Option(names = "--relation", description = "relation to predict (link task), by name or src__name__dst")
    String relation;

    @Option(names = "--seed", defaultValue = "0", description = "seed of the first run (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(
            names = "--split-seed",
            defaultValue = "0",
            description = "seed of the data split (default: ${DEFAULT-VALUE})")
    long splitSeed;

    @Option(
            names = "--runs",
            defaultValue = "1",
            description = "repeat with seeds seed..seed+runs-1 and report mean ± std")
    int runs;

    @Option(
            names = "--steps",
            description = "optimizer steps (default: the paper's Table 7: 2400 node, 1600 link; "
                    + "1500 for the link task on an edge split)")
    Integer steps;

    @Option(
            names = "--lr",
            description = "learning rate (default: 0.0015 node, 0.001 link, 0.005 link on an edge " + "split)")
    Double learningRate;

    @Option(names = "--weight-decay", description = "AdamW weight decay (default: 0 for fine-tuning)")
    Double weightDecay;

    @Option(
            names = "--l2",
            description =
                    "L2 penalty added to the gradient (Adam's classic weight decay; default: 0, 5e-4 with --preset planetoid)")
    Double l2;

    @Option(
            names = "--clip",
            description = "maximum gradient norm, 0 = no clipping (default: 0.5, 0 with --preset planetoid)")
    Double clip;

    @Option(names = "--dropout", description = "dropout (default: 0.3 node, 0.1 link)")
    Double dropout;

    @Option(names = "--attention-dropout", description = "dropout on attention weights (default: 0)")
    Double attentionDropout;

    @Option(
            names = "--layers",
            description = "message-passing layers (default: 3; 2 for the link task on an edge " + "split)")
    Integer layers;

    @Option(names = "--hidden", description = "hidden width (default: 400; 64 for the link task on an edge split)")
    Integer hidden;

    @Option(names = "--heads", description = "attention heads (default: 8; 4 for the link task on an edge split)")
    Integer heads;

    @Option(
            names = "--node-embeddings",
            description = "learned per-node embeddings: auto (the node types without "
                    + "features), none, all, or a comma-separated list of node types (default: auto)")
    String nodeEmbeddings;

    @Option(
            names = "--embedding-width",
            description = "width of the per-node embeddings, projected to the hidden "
                    + "width when different (default: the hidden width)")
    Integer embeddingWidth;

    @Option(
            names = "--structural-inputs",
            description = "log(1 + degree) per relation as node inputs: auto (the node "
                    + "types without features), none, all, or a comma-separated list of node types (default: auto)")
    String structuralInputs;

    @Option(
            names = "--embedding-row-dropout",
            description = "training probability that a node reads its type's "
                    + "unknown vector instead of its own embedding, which teaches that vector to stand in for new nodes "
                    + "(default: 0.1)")
    Double embeddingRowDropout;

    @Option(
            names = "--batch-size",
            description = "seed nodes or edges per step (default: 256; 1024 for the link " + "task on an edge split)")
    Integer batchSize;

    @Option(
            names = "--eval-every",
            description = "validate every this many steps (default: 20; 50 for the link task " + "on an edge split)")
    Integer evalEvery;

    @Option(
            names = "--patience",
            description = "stop after this many validations without improvement, 0 = never "
                    + "(default: 20; 100 with --preset planetoid, 6 for the link task on an edge split)")
    Integer patience;

    @Option(names = "--depth", defaultValue = "6", description = "sampling depth (default: ${DEFAULT-VALUE})")
    int depth;

    @Option(
            names = "--width",
            defaultValue = "128",
            description = "sampling width per layer and type (default: ${DEFAULT-VALUE})")
    int width;

    @Option(
            names = "--full-graph-max-nodes",
            description = "process graphs with at most this many nodes whole instead of sampling, while one step's "
                    + "per-edge arrays stay within --full-graph-max-memory (default: 0; all with --preset planetoid; "
                    + "100000 for the link task on an edge split)")
    Integer fullGraphMaxNodes;

    @Option(
            names = "--full-graph-max-memory",
            converter = ByteSizeConverter.class,
            description = "the most memory one whole-graph step's per-edge arrays may take, estimated as edges x "
                    + "hidden x layers x encoders x 24 bytes; a larger graph is sampled instead (e.g. 4GiB, 512MiB; "
                    + "default: 8GiB; 0 always samples). Set it to what the machine can spare for one step")
    Long fullGraphMaxMemory;

    @Option(
            names = "--label-fraction",
            defaultValue = "1.0",
            description = "fraction of fine-tuning training labels used (transfer split)")
    double labelFraction;

    @Option(
            names = "--normalize-features",
            description = "scale each feature row to sum 1 (GCN/GAT preprocessing); "
                    + "such a run does not standardise features (--standardize-features does not apply)")
    boolean normalizeFeatures;

    @Option(
            names = "--standardize-features",
            defaultValue = "auto",
            description = "auto: each dense feature column that is not binary 0/1 becomes (x - mean) / std (a constant "
                    + "column is centred only), with statistics of the nodes pre-training may see (the transfer "
                    + "split's pre-training part, else every node); sparse and text-derived features are left as "
                    + "they are; the statistics are saved with the model (feature-scaling.json) and applied by "
                    + "fine-tuning from it and by deployments. With --pretrained, the pre-trained model's statistics "
                    + "are used. none: features as loaded. Not applied with --normalize-features "
                    + "(default: ${DEFAULT-VALUE})")
    String standardizeFeatures;

    @Option(
            names = "--text-inputs",
            defaultValue = "all",
            description = "which node types read their text as input features (TF-IDF columns): all (every type "
                    + "with text; a type with features reads the columns after them) or featureless (only types "
                    + "without features; the others reach their text only through the text pair of pre-training). "
                    + "With --pretrained, the pre-trained model's text inputs are used (default: ${DEFAULT-VALUE})")
    String textInputs;

    @Option(
            names = "--negatives",
            defaultValue = "255",
            description = "negatives per held-out edge in evaluation (default: ${DEFAULT-VALUE})")
    int negatives;

    @Option(
            names = "--train-negatives",
            description = "link task: uniform candidates drawn per training step, shared by the step's anchors "
                    + "beside the step's other positives (default: 255); the softmax's pool is the step's positives "
                    + "plus these, so a smaller batch with more of them keeps the pool's size")
    Integer trainNegatives;

    @Option(
            names = "--link-loss",
            defaultValue = "softmax",
            description = "link task: softmax (cross-entropy of the positive among the negatives, the paper's) or bpr "
                    + "(default: ${DEFAULT-VALUE})")
    String linkLoss;

    @Option(
            names = "--link-negatives",
            description = "link task: uniform (a pool of 255 random candidates per step, shared by the step's "
                    + "anchors, beside the step's other positives), in-batch (the step's other positives only) or "
                    + "uniform-logq (uniform, each candidate's logit lowered by the log of its chance to be in the "
                    + "pool, which the other positives make larger for popular items) (default: uniform-logq on an "
                    + "edge split with the softmax loss, else uniform)")
    String linkNegatives;

    @Option(
            names = "--link-temperature",
            description = "link task: the softmax's logits are cosine / this temperature; a lower one sharpens the "
                    + "softmax (default: " + FineTuneDefaults.RECOMMENDATION_LINK_TEMPERATURE
                    + " for the link task on an edge "
                    + "split, else " + FineTuneDefaults.PAPER_LINK_TEMPERATURE + ")")
    Double linkTemperature;

    @Option(
            names = "--popularity-prior",
            description = "link task: add w * log(1 + the candidate's training in-degree) to each ranking score, w "
                    + "chosen on validation when training ends (auto: among 0 and 0.005 doubling up to 0.64, or "
                    + "5.12 for the dot products of --model mf|lightgcn, so never worse there than none), fixed (a "
                    + "number such as 0.02) or none (off); stored with a GNN model and used by its deployments "
                    + "(default: auto for the GNN, off for the baseline recommenders, as the field defines them)")
    String popularityPrior;

    @Mixin
    final LinkSamplingOptions linkSampling = new LinkSamplingOptions();

    @Option(names = "--device", defaultValue = "auto", description = "auto, cpu or gpu (default: ${DEFAULT-VALUE})")
    String device;

    /** {@code --train-negatives} as given (at least 1), else the defaults'. */
    private int trainNegatives(FineTuneDefaults d) {
        if (trainNegatives == null) {
            return d.trainNegatives();
        }
        if (trainNegatives < 1) {
            throw new IllegalArgumentException("--train-negatives must be at least 1; got " + trainNegatives);
        }
        return trainNegatives;
    }

    ExperimentSpec spec(TaskKind kind, HeteroGraph graph) {
        return spec(kind, graph, NodeInputConfig.DEFAULT);
    }

    /** The node inputs of the options, those of {@code base} where an option is not given. */
    NodeInputConfig nodeInputs(NodeInputConfig base) {
        return new NodeInputConfig(
                nodeEmbeddings != null ? TypeSelection.parse(nodeEmbeddings) : base.embeddings(),
                or(embeddingWidth, base.embeddingWidth()),
                structuralInputs != null ? TypeSelection.parse(structuralInputs) : base.structural(),
                or(embeddingRowDropout, base.rowDropout()));
    }

    /** The experiment; node inputs not given as options are those of {@code baseInputs} (a pre-trained model's). */
    ExperimentSpec spec(TaskKind kind, HeteroGraph graph, NodeInputConfig baseInputs) {
        return spec(kind, graph, null, baseInputs);
    }

    /**
     * The experiment that fine-tunes a pre-trained encoder: its architecture (backbone, layers,
     * hidden width, heads) and node inputs where options do not say otherwise, as jobs do.
     */
    ExperimentSpec spec(TaskKind kind, HeteroGraph graph, ModelConfig pretrained) {
        return spec(kind, graph, pretrained, pretrained.nodeInputs());
    }

    private ExperimentSpec spec(TaskKind kind, HeteroGraph graph, ModelConfig pretrained, NodeInputConfig baseInputs) {
        SplitMode mode = split != null ? SplitMode.parse(split) : defaultSplit(graph, kind);
        FineTuneDefaults d = defaults(kind, mode);
        ModelConfig arch = pretrained != null ? pretrained : d.model();
        boolean planetoid = "planetoid".equalsIgnoreCase(preset);
        ModelConfig model = backbone.applyTo(new ModelConfig(
                arch.backbone(),
                or(layers, arch.layers()),
                or(hidden, arch.hidden()),
                or(heads, arch.heads()),
                or(dropout, d.model().dropout()),
                or(attentionDropout, d.model().attentionDropout()),
                nodeInputs(baseInputs),
                arch.propagation()));
        OptimizerConfig optimizer = d.optimizer()
                .withLearningRate(or(learningRate, d.optimizer().learningRate()))
                .withWeightDecay(or(weightDecay, d.optimizer().weightDecay()))
                .withL2(or(l2, d.optimizer().l2()))
                .withClipNorm(or(clip, d.optimizer().clipNorm()));
        FineTuneConfig training = new FineTuneConfig(
                or(steps, d.steps()),
                or(batchSize, d.batchSize()),
                planetoid ? d.evalEvery() : or(evalEvery, d.evalEvery()),
                or(patience, d.patience()),
                optimizer,
                seed);
        int fullGraph = or(fullGraphMaxNodes, d.fullGraphMaxNodes());
        return new ExperimentSpec(
                        kind,
                        targetType,
                        relation,
                        mode,
                        splitSeed,
                        labelFraction,
                        model,
                        training,
                        new SamplingConfig(depth, width),
                        fullGraph,
                        normalizeFeatures || d.normalizeFeatures(),
                        negatives,
                        trainNegatives(d),
                        linkTemperature(d))
                .withWholeGraphBounds(fullGraph, or(fullGraphMaxMemory, WholeGraphBudget.DEFAULT_MAX_EDGE_BYTES))
                .withLinkObjective(
                        linkLoss(),
                        linkNegatives != null ? NegativeSampling.parse(linkNegatives) : d.linkNegatives(linkLoss()))
                .withFeatureStandardization(
                        standardizeFeatures == null
                                ? FeatureStandardization.AUTO
                                : FeatureStandardization.parse(standardizeFeatures))
                .withTextInputs(textInputs == null ? TextInputScope.ALL : TextInputScope.parse(textInputs))
                .withLinkSampling(linkSampling.sampling());
    }

    /** The defaults {@code --preset} names, or those of the task on the split (see {@link FineTuneDefaults#of}). */
    FineTuneDefaults defaults(TaskKind kind, SplitMode mode) {
        if (preset == null) {
            return FineTuneDefaults.of(kind, mode);
        }
        return switch (preset.trim().toLowerCase(Locale.ROOT)) {
            case "planetoid" -> FineTuneDefaults.planetoid();
            case "recommend", "recommendation" -> FineTuneDefaults.recommendation();
            case "paper" -> FineTuneDefaults.paper(kind);
            default ->
                throw new IllegalArgumentException(
                        "unknown preset '" + preset + "': use planetoid, recommend or paper");
        };
    }

    /** {@code --split}, declared by each command (see {@link #SPLITS}). */
    void split(String value) {
        split = value;
    }

    /** {@code --split} as given, or null. */
    String split() {
        return split;
    }

    /**
     * The split without {@code --split}: the node-transfer split for the pre-training commands, else
     * the data set's own where it marks one for the task.
     */
    SplitMode defaultSplit(HeteroGraph graph, TaskKind kind) {
        if (transferByDefault) {
            return SplitMode.TRANSFER;
        }
        if (kind == TaskKind.LINK_PREDICTION) {
            boolean marked = graph.relationTypes().stream()
                    .filter(r -> relation == null
                            ? !r.isReverse()
                            : r.name().equals(relation) || r.key().equals(relation))
                    .findFirst()
                    .map(r -> graph.adjacency(r).hasSplits())
                    .orElse(false);
            return marked ? SplitMode.DATASET : SplitMode.TRANSFER;
        }
        boolean marked = graph.nodeTypes().stream()
                .filter(t -> targetType == null || t.equals(targetType))
                .anyMatch(t -> graph.nodes(t).splits() != null);
        return marked ? SplitMode.DATASET : SplitMode.TRANSFER;
    }

    static <T> T or(T value, T fallback) {
        return value != null ? value : fallback;
    }

    /** The link task's loss; its scores are the paper's trainable cosine, so a dot-product softmax is refused. */
    private RankingLoss linkLoss() {
        RankingLoss loss = RankingLoss.parse(linkLoss);
        if (loss == RankingLoss.DOT_SOFTMAX) {
            throw new IllegalArgumentException("--link-loss " + linkLoss + ": the GNN link task scores pairs with the "
                    + "paper's trainable cosine; use softmax or bpr (dot-softmax is for --model mf|lightgcn, "
                    + "--rec-loss dot-softmax)");
        }
        return loss;
    }

    /** The link softmax's temperature: {@code --link-temperature}, else the defaults'; refused unless positive. */
    private double linkTemperature(FineTuneDefaults d) {
        if (linkTemperature == null) {
            return d.temperature();
        }
        if (!(linkTemperature > 0) || linkTemperature.isInfinite()) {
            throw new IllegalArgumentException("--link-temperature " + linkTemperature
                    + ": the link softmax divides cosines by it; give a positive number such as 0.1");
        }
        return linkTemperature;
    }

    /** How the GNN link model's popularity prior is set ({@code --popularity-prior}; default auto). */
    PopularityPriorSetting popularityPrior() {
        return popularityPrior == null ? PopularityPriorSetting.AUTO : PopularityPriorSetting.parse(popularityPrior);
    }

    /** How a baseline recommender's popularity prior is set ({@code --popularity-prior}; default off). */
    PopularityPriorSetting recommenderPopularityPrior() {
        return popularityPrior == null ? PopularityPriorSetting.OFF : PopularityPriorSetting.parse(popularityPrior);
    }
}
