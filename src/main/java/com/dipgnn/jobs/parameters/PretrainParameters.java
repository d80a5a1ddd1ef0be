package com.dipgnn.jobs.parameters;

import com.dipgnn.finetuning.SplitMode;
import com.dipgnn.graph.FeatureStandardization;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.split.PretrainSplit;
import com.dipgnn.inference.PreparedInputs;
import com.dipgnn.jobs.runner.JobKind;
import com.dipgnn.jobs.runner.JobParameterException;
import com.dipgnn.jobs.runner.PretrainPlan;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.model.NodeInputConfig;
import com.dipgnn.naming.EnumNames;
import com.dipgnn.pretraining.FeatureReplacement;
import com.dipgnn.pretraining.GeneratedEdges;
import com.dipgnn.pretraining.Objective;
import com.dipgnn.pretraining.ObjectiveVariant;
import com.dipgnn.pretraining.PretrainConfig;
import com.dipgnn.pretraining.PretrainMethod;
import com.dipgnn.store.ModelManifest;
import com.dipgnn.text.TextInputScope;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

/**
 * A pre-training job: the method, the encoder architecture and the pre-training settings. Absent
 * (null) fields take the paper's values ({@link PretrainConfig#PAPER_DEFAULT},
 * {@link ModelConfig#PAPER_DEFAULT}). The job pre-trains on the pre-training part (70% of the
 * nodes) of the node-transfer split with {@code splitSeed}, or on the training edges of an edge
 * split of {@code relation} ({@code split}); fine-tuning from the model must use the same split and
 * split seed.
 */
@Schema(description = "Settings of a pre-training job; absent fields take the paper's defaults")
public record PretrainParameters(
        @Schema(description = "Pre-training method", example = "dipgnn")
        @EnumName(value = PretrainMethod.class, except = NO_METHOD)
        String method,

        @Schema(description = "Encoder backbone", example = "hgt") @EnumName(Backbone.class)
        String backbone,

        @Schema(description = "Message-passing layers", example = "3") @Min(1) @Max(8)
        Integer layers,

        @Schema(description = "Hidden width (a multiple of heads)", example = "400") @Min(1) @Max(4096)
        Integer hidden,

        @Schema(description = "Attention heads", example = "8") @Min(1) @Max(64)
        Integer heads,

        @Schema(description = "Dropout rate", example = "0.2")
        @DecimalMin("0.0")
        @DecimalMax(value = "1.0", inclusive = false)
        Double dropout,

        @Schema(description = "Optimizer steps", example = "1000") @Min(1) @Max(10_000_000)
        Integer steps,

        @Schema(description = "Seed nodes of each sampled subgraph", example = "128") @Min(1) @Max(1_000_000)
        Integer seedNodes,

        @Schema(description = "AdamW learning rate", example = "0.001")
        @DecimalMin(value = "0.0", inclusive = false)
        @DecimalMax("1.0")
        Double learningRate,

        @Schema(description = "AdamW weight decay", example = "0.01") @DecimalMin("0.0") @DecimalMax("1.0")
        Double weightDecay,

        @Schema(description = "Maximum gradient norm, 0 = no clipping", example = "0.5")
        @DecimalMin("0.0")
        @DecimalMax("1000.0")
        Double clipNorm,

        @Schema(description = "Share of a subgraph's edges masked", example = "0.2")
        @DecimalMin(value = "0.0", inclusive = false)
        @DecimalMax(value = "1.0", inclusive = false)
        Double edgeMaskRatio,

        @Schema(description = "Share of featured nodes whose features are generated", example = "0.2")
        @DecimalMin(value = "0.0", inclusive = false)
        @DecimalMax(value = "1.0", inclusive = false)
        Double featureMaskRatio,

        @Schema(description = "Negative candidates per masked edge", example = "255") @Min(1) @Max(100_000)
        Integer negatives,

        @Schema(description = "Unmasked edges shown to the discriminator per generated edge", example = "1.0")
        @DecimalMin(value = "0.0", inclusive = false)
        @DecimalMax("100.0")
        Double alpha,

        @Schema(description = "Weight of the discriminator's losses", example = "20.0")
        @DecimalMin("0.0")
        @DecimalMax("1000.0")
        Double lambda,

        @Schema(description = "Cosine logits are divided by this temperature", example = "0.2")
        @DecimalMin(value = "0.0", inclusive = false)
        @DecimalMax("100.0")
        Double temperature,

        @Schema(description = "Sampling depth (layers after the seeds)", example = "6") @Min(0) @Max(64)
        Integer samplingDepth,

        @Schema(description = "Nodes sampled per layer and node type", example = "128") @Min(1) @Max(1_000_000)
        Integer samplingWidth,

        @Schema(description = "Seed of initialisation, sampling, masking and dropout", example = "0")
        Long seed,

        @Schema(
                description = "Seed of the node-transfer split; fine-tuning from this model must use the same",
                example = "0")
        Long splitSeed,

        @Schema(
                description = "Node type the transfer split is made for (null: the only labeled type, else the "
                        + "source of the first relation)",
                example = "query",
                nullable = true)
        String splitNodeType,

        @Schema(description = "Steps between checkpoints, 0 = none", example = "200") @Min(0) @Max(10_000_000)
        Integer checkpointEvery,

        @Schema(description = "Steps per logged interval", example = "50") @Min(1) @Max(10_000_000)
        Integer logEvery,

        @Schema(
                description = "Network saved as the model (default: the method's own choice, the discriminator for "
                        + "DiP-GNN)",
                example = "discriminator")
        @EnumName(value = PretrainMethod.Kept.class, except = NO_METHOD)
        String keep,

        @Schema(
                description = "Learned per-node embeddings: auto (the node types without features), none, all, or a "
                        + "comma-separated list of node types (default: auto)",
                example = "auto",
                nullable = true)
        String nodeEmbeddings,

        @Schema(
                description = "Width of the per-node embeddings, projected to the hidden width when different "
                        + "(default: the hidden width)",
                example = "64",
                nullable = true)
        @Min(1)
        @Max(4096)
        Integer embeddingWidth,

        @Schema(
                description =
                        "Standardisation of dense numeric feature columns: auto (each column that is not "
                                + "binary 0/1 becomes (x - mean) / std, constant columns are centred only, with statistics of the "
                                + "pre-training part; sparse and text-derived features are left as they are; the statistics are "
                                + "saved with the model and applied by fine-tuning and deployments) or none (features as loaded)",
                example = "auto",
                nullable = true)
        @EnumName(FeatureStandardization.class)
        String standardizeFeatures,

        @Schema(
                description = "Vector features the discriminator sees in place of hidden ones: sampled (the real "
                        + "feature vector the generator picks as most likely) or regressed (the generator's regression "
                        + "output, the paper's; on sparse features it is told apart by its form alone)",
                example = "sampled",
                nullable = true)
        @EnumName(FeatureReplacement.class)
        String featureReplacement,

        @Schema(
                description = "Generated source of a masked edge: sampled (drawn from the generator's softmax, as "
                        + "ELECTRA draws tokens) or most-likely (the paper's)",
                example = "sampled",
                nullable = true)
        @EnumName(GeneratedEdges.class)
        String generatedEdges,

        @Schema(description = ParameterChecks.TEXT_INPUTS_DESCRIPTION, example = "all", nullable = true)
        @EnumName(TextInputScope.class)
        String textInputs,

        @Schema(
                description = "Structural inputs, log(1 + degree) per relation: auto (the node types without "
                        + "features), none, all, or a comma-separated list of node types (default: auto)",
                example = "auto",
                nullable = true)
        String structuralInputs,

        @Schema(
                description = "Training probability that a node reads its type's unknown vector instead of its own "
                        + "embedding, which teaches that vector to stand in for new nodes (default: 0.1)",
                example = "0.1",
                nullable = true)
        @DecimalMin("0.0")
        @DecimalMax(value = "1.0", inclusive = false)
        Double embeddingRowDropout,

        @Schema(
                description = "What pre-training sees. transfer (default): the pre-training part (70% of the nodes) of "
                        + "the node-transfer split with splitSeed, made for splitNodeType. The others keep every node and "
                        + "hold edges of relation out of pre-training, as the link task's fine-tuning on the same split "
                        + "and splitSeed does: dataset (the data set's own edge marks, with a 5% validation carve-out "
                        + "when none is marked), holdout (a seeded per-user 20% test and 10% validation) or "
                        + "leave-one-out (one test and one validation edge per user)",
                example = "transfer",
                nullable = true)
        @EnumName(SplitMode.class)
        String split,

        @Schema(
                description =
                        "Relation whose edges an edge split holds out, by name or src__name__dst (null: the first "
                                + "one); the transfer split ignores it",
                example = "query__clicked__product",
                nullable = true)
        String relation,

        @Schema(description = "The propagation backbone's options", nullable = true) @Valid
        PropagationParameters propagation,

        @Schema(
                description = "Share of the discriminator's generated sources the generator chooses (as "
                        + "generatedEdges says); the rest are drawn uniformly among each masked edge's candidates. "
                        + "1: the paper's, all from the generator; 0: uniform",
                example = "1.0",
                nullable = true)
        @DecimalMin("0.0")
        @DecimalMax("1.0")
        Double generatorShare,

        @Schema(
                description = "The generator's draws (generatedEdges sampled) come from softmax(d / this); 0: the "
                        + "pre-training temperature",
                example = "0.0",
                nullable = true)
        @DecimalMin("0.0")
        @DecimalMax("100.0")
        Double generatorTemperature,

        @Schema(
                description = "Over the first this many steps the generator's share rises linearly from 0 to "
                        + "generatorShare (negatives start uniform and harden); 0: none",
                example = "0",
                nullable = true)
        @Min(0)
        @Max(10_000_000)
        Integer hardeningSteps,

        @Schema(
                description = "The generator's hidden width as a fraction of the discriminator's (ELECTRA's smaller "
                        + "generator, rounded to a multiple of the heads); for methods that keep the discriminator",
                example = "1.0",
                nullable = true)
        @DecimalMin(value = "0.0", inclusive = false)
        @DecimalMax("1.0")
        Double generatorWidth,

        @Schema(
                description = "The objective the objective settings start from: default (the product's, chosen by "
                        + "the measurements of docs/results.md) or paper (the paper's); featureReplacement, "
                        + "generatedEdges, generatorShare, generatorTemperature, hardeningSteps and generatorWidth "
                        + "given on their own override it",
                example = "default",
                nullable = true)
        @EnumName(Objective.class)
        String objective,

        @Schema(description = ParameterChecks.TIME_LIMIT_DESCRIPTION, example = "600", nullable = true)
        @Min(1)
        @Max(ParameterChecks.TIME_LIMIT_MAX_SECONDS)
        Integer timeLimitSeconds,

        @Schema(
                description = "Over the first this many pre-training steps the learning rate rises linearly from 0 "
                        + "to learningRate; 0: none. The text pair's post-norm Transformer discriminator needs one "
                        + "(docs/results.md)",
                example = "0",
                nullable = true)
        @Min(0)
        @Max(10_000_000)
        Integer warmupSteps,

        @Schema(
                description = "Over the first this many pre-training steps the text pair's Transformers alone take "
                        + "a learning rate rising linearly from 0 (the GNN keeps learningRate, and warmupSteps "
                        + "applies on top); 0: none. Default: the objective's (default: "
                        + Objective.DEFAULT_TEXT_WARMUP_STEPS + ", paper: 0). Their "
                        + "post-norm layers stay at the label prior without one (docs/results.md)",
                example = "100",
                nullable = true)
        @Min(0)
        @Max(10_000_000)
        Integer textWarmupSteps)
        implements JobParameters {

    /**
     * The name of the method, and of the kept network, a pre-training job may not choose: no
     * pre-training, no network.
     */
    static final String NO_METHOD = "none";

    /** Fills absent fields with the paper's defaults, and the node inputs with the default ones. */
    public PretrainParameters {
        PretrainConfig paper = PretrainConfig.PAPER_DEFAULT;
        ModelConfig model = ModelConfig.PAPER_DEFAULT;
        method = or(method, paper.method().cliName());
        backbone = or(backbone, EnumNames.nameOf(model.backbone()));
        layers = or(layers, model.layers());
        hidden = or(hidden, model.hidden());
        heads = or(heads, model.heads());
        dropout = or(dropout, model.dropout());
        steps = or(steps, paper.steps());
        seedNodes = or(seedNodes, paper.seedNodes());
        learningRate = or(learningRate, paper.optimizer().learningRate());
        weightDecay = or(weightDecay, paper.optimizer().weightDecay());
        clipNorm = or(clipNorm, paper.optimizer().clipNorm());
        edgeMaskRatio = or(edgeMaskRatio, paper.edgeMaskRatio());
        featureMaskRatio = or(featureMaskRatio, paper.featureMaskRatio());
        negatives = or(negatives, paper.negatives());
        alpha = or(alpha, paper.alpha());
        lambda = or(lambda, paper.lambda());
        temperature = or(temperature, paper.temperature());
        samplingDepth = or(samplingDepth, paper.sampling().depth());
        samplingWidth = or(samplingWidth, paper.sampling().width());
        seed = or(seed, paper.seed());
        splitSeed = or(splitSeed, 0L);
        checkpointEvery = or(checkpointEvery, paper.checkpointEvery());
        logEvery = or(logEvery, paper.logEvery());
        keep = keep != null ? keep : PretrainResolution.defaultKeep(method);
        standardizeFeatures = or(standardizeFeatures, FeatureStandardization.AUTO.cliName());
        objective = or(objective, Objective.DEFAULT.cliName());
        ObjectiveVariant base = Objective.parseOrDefault(objective).variant();
        featureReplacement = or(featureReplacement, base.featureReplacement().cliName());
        generatedEdges = or(generatedEdges, base.generatedEdges().cliName());
        generatorShare = or(generatorShare, base.generatorShare());
        generatorTemperature = or(generatorTemperature, base.generatorTemperature());
        hardeningSteps = or(hardeningSteps, base.hardeningSteps());
        warmupSteps = or(warmupSteps, paper.warmupSteps());
        textWarmupSteps =
                or(textWarmupSteps, Objective.parseOrDefault(objective).textWarmupSteps());
        generatorWidth = or(generatorWidth, base.generatorWidth());
        textInputs = or(textInputs, TextInputScope.ALL.cliName());
        // the node inputs are filled too, so that a later change of their defaults never reaches a stored job
        NodeInputConfig inputs = NodeInputConfig.DEFAULT;
        nodeEmbeddings = or(nodeEmbeddings, inputs.embeddings().toString());
        structuralInputs = or(structuralInputs, inputs.structural().toString());
        embeddingRowDropout = or(embeddingRowDropout, inputs.rowDropout());
        split = or(split, EnumNames.nameOf(SplitMode.TRANSFER));
        propagation = PropagationParameters.filled(propagation, backbone, model.propagation());
    }

    /** Parameters without the per-node embedding fields (their defaults apply). */
    public PretrainParameters(
            String method,
            String backbone,
            Integer layers,
            Integer hidden,
            Integer heads,
            Double dropout,
            Integer steps,
            Integer seedNodes,
            Double learningRate,
            Double weightDecay,
            Double clipNorm,
            Double edgeMaskRatio,
            Double featureMaskRatio,
            Integer negatives,
            Double alpha,
            Double lambda,
            Double temperature,
            Integer samplingDepth,
            Integer samplingWidth,
            Long seed,
            Long splitSeed,
            String splitNodeType,
            Integer checkpointEvery,
            Integer logEvery,
            String keep) {
        this(
                method,
                backbone,
                layers,
                hidden,
                heads,
                dropout,
                steps,
                seedNodes,
                learningRate,
                weightDecay,
                clipNorm,
                edgeMaskRatio,
                featureMaskRatio,
                negatives,
                alpha,
                lambda,
                temperature,
                samplingDepth,
                samplingWidth,
                seed,
                splitSeed,
                splitNodeType,
                checkpointEvery,
                logEvery,
                keep,
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
                null,
                null,
                null,
                null,
                null,
                null,
                null);
    }

    /** Every field at its default. */
    public static PretrainParameters defaults() {
        return new PretrainParameters(
                null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null, null, null, null, null, null, null);
    }

    @Override
    public JobKind kind() {
        return JobKind.PRETRAIN;
    }

    /** The method (parsed). */
    public PretrainMethod pretrainMethod() {
        return ParameterChecks.named("method", method, PretrainMethod.class, NO_METHOD);
    }

    /** The network the job saves. */
    public PretrainMethod.Kept keptNetwork() {
        try {
            return pretrainMethod().keptNetwork(keep);
        } catch (IllegalArgumentException e) {
            throw new JobParameterException("keep", e.getMessage());
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

    /** The encoder architecture. */
    public ModelConfig modelConfig() {
        return PretrainResolution.model(this);
    }

    /** The engine's pre-training settings. */
    public PretrainConfig toPretrainConfig() {
        return PretrainResolution.config(this);
    }

    /** The objective: the product's default with this job's feature replacement and generated edges. */
    ObjectiveVariant objectiveVariant() {
        return PretrainResolution.variant(this);
    }

    /**
     * The node type the transfer split is made for: {@code splitNodeType}, else the graph's only
     * labeled type, else the source of its first relation. (The pre-training part depends on the
     * split seed alone; the type must leave three nodes for fine-tuning.)
     */
    public String splitNodeTypeFor(HeteroGraph graph) {
        return GraphTargets.splitNodeType(graph, splitNodeType);
    }

    /** Checks the method, architecture, split and split type against the graph ({@code pretrainedOrNull} is ignored). */
    @Override
    public void validateAgainst(HeteroGraph graph, ModelManifest pretrainedOrNull) {
        PretrainMethod m = pretrainMethod();
        PretrainConfig config = toPretrainConfig(); // a bad field is reported by name here
        PretrainMethod.Kept kept = keptNetwork(); // a bad keep is reported as such
        try {
            config.requireKeepable(kept);
        } catch (IllegalArgumentException e) {
            throw new JobParameterException("generatorWidth", e.getMessage());
        }
        featureStandardization();
        ParameterChecks.embeddingTypes(graph, modelConfig().nodeInputs());
        if (splitNodeType != null) {
            ParameterChecks.nodeType("splitNodeType", graph, splitNodeType);
        }
        pretrainSplitFor(graph);
        try {
            m.requireSomethingToLearn(graph);
        } catch (IllegalArgumentException e) {
            throw new JobParameterException("method", e.getMessage());
        }
    }

    @Override
    public PretrainPlan plan(HeteroGraph graph, ModelManifest pretrainedOrNull) {
        validateAgainst(graph, pretrainedOrNull);
        return new PretrainPlan(
                toPretrainConfig(),
                modelConfig(),
                keptNetwork(),
                pretrainSplitFor(graph),
                new PreparedInputs.Settings(textInputScope(), false, featureStandardization()),
                ParameterChecks.timeLimit(timeLimitSeconds));
    }

    /** The split (parsed): transfer, or one of the link task's edge splits. */
    public SplitMode splitMode() {
        return ParameterChecks.named("split", split, SplitMode.class);
    }

    /**
     * What the job pre-trains on in {@code graph}: the node-transfer split's pre-training part (made
     * for {@link #splitNodeTypeFor}), or every node and the training edges of an edge split of
     * {@code relation} (the graph's first relation when null).
     */
    public PretrainSplit pretrainSplitFor(HeteroGraph graph) {
        return PretrainResolution.split(this, graph);
    }

    private static <T> T or(T value, T fallback) {
        return value != null ? value : fallback;
    }
}
