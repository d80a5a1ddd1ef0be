package com.dipgnn.jobs.parameters;

import com.dipgnn.finetuning.ExperimentSpec;
import com.dipgnn.finetuning.FineTuneDefaults;
import com.dipgnn.finetuning.SplitMode;
import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.graph.FeatureStandardization;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.jobs.runner.FinetunePlan;
import com.dipgnn.jobs.runner.JobKind;
import com.dipgnn.jobs.runner.JobParameterException;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.NodeInputConfig;
import com.dipgnn.naming.EnumNames;
import com.dipgnn.ranking.NegativeSampling;
import com.dipgnn.ranking.PopularityPriorSetting;
import com.dipgnn.ranking.RankingLoss;
import com.dipgnn.store.ModelManifest;
import com.dipgnn.text.TextInputScope;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;

/**
 * A fine-tuning job: the task, the model to start from and the training settings. Absent (null)
 * fields take the defaults of the task on the split ({@link FineTuneDefaults#of}: the paper's
 * Table 7, or the recommendation setting for the link task on an edge split); the architecture
 * fields, when absent, are taken from the pre-trained model, or are those defaults' for a model
 * trained from scratch ({@link #withDefaults}).
 */
@Schema(
        description = "Settings of a fine-tuning job; absent fields take the paper's Table 7 defaults, or for the "
                + "link task on an edge split (dataset, holdout, leave-one-out) the recommendation setting: "
                + FineTuneDefaults.RECOMMENDATION_SUMMARY + " and the worker's "
                + "dipgnn.jobs.whole-graph-memory (default 8 GiB) of per-edge arrays")
public record FinetuneParameters(
        @Schema(description = "Downstream task", example = "node") @EnumName(TaskKind.class)
        String task,

        @Schema(
                description = "Node type to classify (node task; null: the only labeled type)",
                example = "paper",
                nullable = true)
        String targetType,

        @Schema(
                description = "Relation to predict, by name or src__name__dst (link task; null: the first one)",
                example = "query__clicked__product",
                nullable = true)
        String relation,

        @Schema(description = "Pre-trained model to start the encoder from (null: from scratch)", nullable = true)
        String pretrainedModelId,

        @Schema(
                description =
                        "Encoder backbone (default: the pre-trained model's, else gat for the link task on an edge split and hgt otherwise)",
                example = "hgt")
        @EnumName(Backbone.class)
        String backbone,

        @Schema(
                description = "Message-passing layers (default: the pre-trained model's, else 3; 2 on an edge split)",
                example = "3")
        @Min(1)
        @Max(8)
        Integer layers,

        @Schema(
                description =
                        "Hidden width, a multiple of heads (default: the pre-trained model's, else 400; 64 on an edge split)",
                example = "400")
        @Min(1)
        @Max(4096)
        Integer hidden,

        @Schema(
                description = "Attention heads (default: the pre-trained model's, else 8; 4 on an edge split)",
                example = "8")
        @Min(1)
        @Max(64)
        Integer heads,

        @Schema(description = "Dropout rate (default: 0.3 node, 0.1 link)", example = "0.3")
        @DecimalMin("0.0")
        @DecimalMax(value = "1.0", inclusive = false)
        Double dropout,

        @Schema(description = "Maximum optimizer steps (default: 2400 node, 1600 link)", example = "2400")
        @Min(1)
        @Max(10_000_000)
        Integer steps,

        @Schema(description = "Seed nodes or edges per step", example = "256") @Min(1) @Max(1_000_000)
        Integer batchSize,

        @Schema(description = "Validation every this many steps", example = "20") @Min(1) @Max(10_000_000)
        Integer evalEvery,

        @Schema(description = "Stop after this many validations without improvement, 0 = never", example = "20")
        @Min(0)
        @Max(1_000_000)
        Integer patience,

        @Schema(description = "AdamW learning rate (default: 0.0015 node, 0.001 link)", example = "0.0015")
        @DecimalMin(value = "0.0", inclusive = false)
        @DecimalMax("1.0")
        Double learningRate,

        @Schema(description = "AdamW weight decay", example = "0.0") @DecimalMin("0.0") @DecimalMax("1.0")
        Double weightDecay,

        @Schema(description = "Maximum gradient norm, 0 = no clipping", example = "0.5")
        @DecimalMin("0.0")
        @DecimalMax("1000.0")
        Double clipNorm,

        @Schema(description = "Share of the fine-tuning training labels used (transfer split)", example = "1.0")
        @DecimalMin(value = "0.0", inclusive = false)
        @DecimalMax("1.0")
        Double labelFraction,

        @Schema(
                description = "transfer: the node-transfer split (required with a pre-trained model); dataset: the "
                        + "data set's own split (edges for the link task, with a 5% validation carve-out when none is "
                        + "marked); link task only: holdout (a seeded per-user 20% test and 10% validation) or leave-one-out "
                        + "(one test and one validation edge per user)",
                example = "transfer")
        @EnumName(SplitMode.class)
        String split,

        @Schema(description = "Seed of the split; must equal the pre-trained model's", example = "0")
        Long splitSeed,

        @Schema(description = "Seed of initialisation, sampling and dropout", example = "0")
        Long seed,

        @Schema(description = "Sampling depth (layers after the seeds)", example = "6") @Min(0) @Max(64)
        Integer samplingDepth,

        @Schema(description = "Nodes sampled per layer and node type", example = "128") @Min(1) @Max(1_000_000)
        Integer samplingWidth,

        @Schema(
                description = "Steps between checkpoints for resuming after a restart, 0 = none (default: evalEvery)",
                example = "20")
        @Min(0)
        @Max(10_000_000)
        Integer checkpointEvery,

        @Schema(
                description = "Learned per-node embeddings: auto (the node types without features), none, all, or a "
                        + "comma-separated list of node types (default: the pre-trained model's, else auto)",
                example = "auto",
                nullable = true)
        String nodeEmbeddings,

        @Schema(
                description = "Width of the per-node embeddings, projected to the hidden width when different "
                        + "(default: the pre-trained model's, else the hidden width)",
                example = "64",
                nullable = true)
        @Min(1)
        @Max(4096)
        Integer embeddingWidth,

        @Schema(
                description = "Structural inputs, log(1 + degree) per relation: auto (the node types without "
                        + "features), none, all, or a comma-separated list of node types (default: the pre-trained model's, "
                        + "else auto)",
                example = "auto",
                nullable = true)
        String structuralInputs,

        @Schema(
                description = "Training probability that a node reads its type's unknown vector instead of its own "
                        + "embedding, which teaches that vector to stand in for new nodes (default: the pre-trained model's, "
                        + "else 0.1)",
                example = "0.1",
                nullable = true)
        @DecimalMin("0.0")
        @DecimalMax(value = "1.0", inclusive = false)
        Double embeddingRowDropout,

        @Schema(
                description = "Link task loss: softmax (cross-entropy of the positive among the negatives, the "
                        + "paper's) or bpr",
                example = "softmax",
                nullable = true)
        @EnumName(value = RankingLoss.class, except = LINK_LOSS_EXCLUDED)
        String linkLoss,

        @Schema(
                description = "Link task training negatives: uniform (a pool of 255 random candidates per step, "
                        + "shared by the step's anchors, beside the step's other positives), in-batch (the step's other "
                        + "positives only) or uniform-logq (uniform, each candidate's logit lowered by the log of its chance "
                        + "to be in the pool; softmax loss only). Default: uniform-logq for the link task on an edge split "
                        + "(dataset, holdout, leave-one-out) with the softmax loss, else uniform",
                example = "uniform-logq",
                nullable = true)
        @EnumName(NegativeSampling.class)
        String linkNegatives,

        @Schema(
                description = "Standardisation of dense numeric feature columns: auto (each column that is not "
                        + "binary 0/1 becomes (x - mean) / std, constant columns are centred only, with statistics of the "
                        + "nodes pre-training may see: the transfer split's pre-training part, else every node; sparse and "
                        + "text-derived features are left as they are; with a pre-trained model, its stored statistics) or "
                        + "none (features as loaded; refused for a pre-trained model that standardises). The statistics "
                        + "are saved with the model and applied by deployments",
                example = "auto",
                nullable = true)
        @EnumName(FeatureStandardization.class)
        String standardizeFeatures,

        @Schema(
                description =
                        ParameterChecks.TEXT_INPUTS_DESCRIPTION + "; with a pre-trained model, its stored text inputs",
                example = "all",
                nullable = true)
        @EnumName(TextInputScope.class)
        String textInputs,

        @Schema(
                description = "Link task: a popularity prior added to every ranking score, w * log(1 + the "
                        + "candidate's in-degree), stored with the model and used by its deployments: auto (w chosen on "
                        + "validation when training ends among 0 and 0.005 doubling up to 0.64, so never "
                        + "worse there than none), off, or a fixed w such as 0.02. Default: auto",
                example = "auto",
                nullable = true)
        @Pattern(regexp = "auto|off|none|[0-9]*\\.?[0-9]+([eE][-+]?[0-9]+)?")
        String popularityPrior,

        @Schema(
                description = "Link task: the softmax's logits are cosine / this temperature; a lower one sharpens "
                        + "the softmax (default: " + FineTuneDefaults.RECOMMENDATION_LINK_TEMPERATURE
                        + " for the link task on an "
                        + "edge split, else " + FineTuneDefaults.PAPER_LINK_TEMPERATURE + ")",
                example = "0.025",
                nullable = true)
        @DecimalMin(value = "0.0", inclusive = false)
        @DecimalMax("100.0")
        Double linkTemperature,

        @Schema(description = "Link task: whole graph or fan-out neighbourhoods per step", nullable = true) @Valid
        LinkSamplingParameters linkSampling,

        @Schema(description = "The propagation backbone's options", nullable = true) @Valid
        PropagationParameters propagation,

        @Schema(description = ParameterChecks.TIME_LIMIT_DESCRIPTION, example = "600", nullable = true)
        @Min(1)
        @Max(ParameterChecks.TIME_LIMIT_MAX_SECONDS)
        Integer timeLimitSeconds)
        implements JobParameters {

    /** The ranking loss a job may not choose: the dot-product softmax is the baseline recommenders'. */
    static final String LINK_LOSS_EXCLUDED = "dot-softmax";

    /** Fills absent fields, except the architecture, with the paper's defaults for the task. */
    public FinetuneParameters {
        task = or(task, EnumNames.nameOf(TaskKind.NODE_CLASSIFICATION));
        split = or(split, EnumNames.nameOf(SplitMode.TRANSFER));
        FineTuneDefaults paper = FinetuneResolution.defaults(task, split);
        dropout = or(dropout, paper.model().dropout());
        steps = or(steps, paper.steps());
        batchSize = or(batchSize, paper.batchSize());
        evalEvery = or(evalEvery, paper.evalEvery());
        patience = or(patience, paper.patience());
        learningRate = or(learningRate, paper.optimizer().learningRate());
        weightDecay = or(weightDecay, paper.optimizer().weightDecay());
        clipNorm = or(clipNorm, paper.optimizer().clipNorm());
        labelFraction = or(labelFraction, paper.labelFraction());
        splitSeed = or(splitSeed, 0L);
        seed = or(seed, 0L);
        samplingDepth = or(samplingDepth, paper.sampling().depth());
        samplingWidth = or(samplingWidth, paper.sampling().width());
        checkpointEvery = or(checkpointEvery, evalEvery);
        linkLoss = or(linkLoss, EnumNames.nameOf(RankingLoss.SOFTMAX));
        linkNegatives = or(
                linkNegatives,
                paper.linkNegatives(
                                EnumNames.nameOf(RankingLoss.BPR).equals(linkLoss)
                                        ? RankingLoss.BPR
                                        : RankingLoss.SOFTMAX)
                        .cliName());
        standardizeFeatures = or(standardizeFeatures, FeatureStandardization.AUTO.cliName());
        textInputs = or(textInputs, TextInputScope.ALL.cliName());
        popularityPrior = or(popularityPrior, PopularityPriorSetting.AUTO.cliName());
        linkTemperature = or(linkTemperature, paper.temperature());
    }

    /** Parameters without the per-node embedding fields (their defaults apply). */
    public FinetuneParameters(
            String task,
            String targetType,
            String relation,
            String pretrainedModelId,
            String backbone,
            Integer layers,
            Integer hidden,
            Integer heads,
            Double dropout,
            Integer steps,
            Integer batchSize,
            Integer evalEvery,
            Integer patience,
            Double learningRate,
            Double weightDecay,
            Double clipNorm,
            Double labelFraction,
            String split,
            Long splitSeed,
            Long seed,
            Integer samplingDepth,
            Integer samplingWidth,
            Integer checkpointEvery) {
        this(
                task,
                targetType,
                relation,
                pretrainedModelId,
                backbone,
                layers,
                hidden,
                heads,
                dropout,
                steps,
                batchSize,
                evalEvery,
                patience,
                learningRate,
                weightDecay,
                clipNorm,
                labelFraction,
                split,
                splitSeed,
                seed,
                samplingDepth,
                samplingWidth,
                checkpointEvery,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null);
    }

    /** Node classification with every field at its default (from scratch). */
    public static FinetuneParameters defaults() {
        return forTask(EnumNames.nameOf(TaskKind.NODE_CLASSIFICATION));
    }

    /** The task ({@code node} or {@code link}) with every other field at its default. */
    public static FinetuneParameters forTask(String task) {
        return new FinetuneParameters(
                task, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null, null, null, null, null);
    }

    @Override
    public JobKind kind() {
        return JobKind.FINETUNE;
    }

    /** The task (parsed). */
    public TaskKind taskKind() {
        return ParameterChecks.named("task", task, TaskKind.class);
    }

    /** The split (parsed). */
    public SplitMode splitMode() {
        SplitMode mode = ParameterChecks.named("split", split, SplitMode.class);
        if (mode.isEdgeSplit() && taskKind() != TaskKind.LINK_PREDICTION) {
            throw new JobParameterException(
                    "split",
                    "split " + split + " holds out edges per user, which only the link "
                            + "task predicts; use split transfer or dataset for the node task");
        }
        return mode;
    }

    /**
     * These parameters with the absent architecture and node-input fields filled: from the
     * pre-trained model's manifest when there is one, else the defaults. The service stores a job's
     * parameters filled so, so that a later change of a default never changes what a stored job runs
     * (an interrupted job resumes with the settings of its checkpoint). The embedding width stays
     * absent while it follows the hidden width.
     */
    public FinetuneParameters withDefaults(ModelManifest pretrainedOrNull) {
        return FinetuneResolution.withDefaults(this, pretrainedOrNull);
    }

    /** The node inputs: the given fields over the pre-trained model's node inputs, or over the defaults. */
    public NodeInputConfig nodeInputs(ModelManifest pretrainedOrNull) {
        NodeInputConfig base =
                pretrainedOrNull != null ? pretrainedOrNull.modelConfig().nodeInputs() : NodeInputConfig.DEFAULT;
        return ParameterChecks.nodeInputs(base, nodeEmbeddings, embeddingWidth, structuralInputs, embeddingRowDropout);
    }

    /** The engine's experiment, with the architecture resolved by {@link #withDefaults}. */
    public ExperimentSpec toSpec(ModelManifest pretrainedOrNull) {
        return FinetuneResolution.spec(this, pretrainedOrNull);
    }

    /** How the link model's popularity prior is set (parsed). */
    public PopularityPriorSetting popularityPriorSetting() {
        try {
            return PopularityPriorSetting.parse(popularityPrior);
        } catch (IllegalArgumentException e) {
            throw new JobParameterException("popularityPrior", e.getMessage());
        }
    }

    /** Which node types read their text as input features (parsed). */
    public TextInputScope textInputScope() {
        return ParameterChecks.textInputs(textInputs);
    }

    /** The standardisation of dense feature columns (parsed). */
    public FeatureStandardization featureStandardization() {
        return ParameterChecks.standardization(standardizeFeatures);
    }

    /**
     * Checks the task's target type or relation, the architecture, and that the pre-trained model
     * (when given) was pre-trained on the pre-training part of this graph with this split seed, so
     * that pre-training never saw a fine-tuning node.
     */
    @Override
    public void validateAgainst(HeteroGraph graph, ModelManifest pretrainedOrNull) {
        FinetuneChecks.check(this, graph, pretrainedOrNull);
    }

    @Override
    public FinetunePlan plan(HeteroGraph graph, ModelManifest pretrainedOrNull) {
        validateAgainst(graph, pretrainedOrNull);
        return new FinetunePlan(
                toSpec(pretrainedOrNull),
                seed,
                checkpointEvery,
                popularityPriorSetting(),
                ParameterChecks.timeLimit(timeLimitSeconds));
    }

    private static <T> T or(T value, T fallback) {
        return value != null ? value : fallback;
    }
}
