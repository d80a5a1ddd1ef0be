package com.dipgnn.finetuning;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import com.dipgnn.graph.FeaturePreprocessing;
import com.dipgnn.graph.FeatureScaling;
import com.dipgnn.graph.FeatureScalingException;
import com.dipgnn.graph.FeatureStandardization;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.split.PretrainSplit;
import com.dipgnn.inference.PreparedInputs;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.optim.TrainingCancelledException;
import com.dipgnn.optim.TrainingListener;
import com.dipgnn.ranking.PopularityPriorSetting;
import com.dipgnn.store.ModelStore;
import com.dipgnn.text.TextInputCache;
import com.dipgnn.text.TextInputs;
import com.dipgnn.text.TextInputsFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Runs one fine-tuning experiment end to end: prepare the graph's inputs ({@link PreparedInputs}),
 * split the data, build the task, encoder and head ({@link ExperimentTasks}, {@link EncoderStart}),
 * train, and optionally save the model directory. The engine's front door for fine-tuning from the
 * CLI and the service; it knows nothing of either. Pre-training runs through
 * {@code pretraining.PretrainingRun}.
 */
public final class FineTuneExperiment {

    private final PreparedInputs inputs;
    private final String datasetName;
    private final ExperimentSpec spec;
    private final Device device;
    private final PopularityPriorSetting popularityPrior;

    /**
     * An experiment whose text inputs (if the graph has text) are learned from its pre-training nodes,
     * and whose dense features are standardised as the spec says.
     */
    public FineTuneExperiment(HeteroGraph graph, String datasetName, ExperimentSpec spec, Device device) {
        this(graph, datasetName, spec, device, (TextInputCache) null);
    }

    /**
     * An experiment whose text inputs (if the graph has text) are learned from the nodes pre-training
     * may see ({@link ExperimentSpec#pretrainSplit}), its text-derived inputs cached in {@code cache}
     * (null: computed every time), and whose dense features are standardised with statistics of the
     * same nodes when the spec asks for it ({@link PreparedInputs#learn}). Fine-tuning and test nodes
     * of the transfer split never shape either.
     */
    public FineTuneExperiment(
            HeteroGraph graph, String datasetName, ExperimentSpec spec, Device device, TextInputCache cache) {
        this(
                PreparedInputs.learn(graph, spec.pretrainSplit(graph), spec.inputSettings(), cache),
                datasetName,
                spec,
                device,
                PopularityPriorSetting.AUTO);
    }

    /**
     * An experiment that fine-tunes the model pre-trained in {@code pretrainedDir}: the graph's text is
     * read with that model's stored text inputs, or not at all when it has none (a model pre-trained
     * without text sees the graph as it did then), so the encoder's input widths match the model's;
     * likewise its dense features are standardised with the model's stored {@link FeatureScaling}, or
     * not at all when it stores none (a model saved before scalings were stored, or pre-trained
     * without standardisation).
     *
     * @throws IllegalArgumentException when the pre-trained model standardises features but the spec
     *     asks for none or for row normalisation: the encoder would read inputs on another scale
     * @throws FeatureScalingException when the stored scaling is damaged
     */
    public static FineTuneExperiment fromPretrained(
            Path pretrainedDir,
            HeteroGraph graph,
            String datasetName,
            ExperimentSpec spec,
            Device device,
            TextInputCache cache) {
        FeatureScaling scaling = FeatureScaling.loadIfPresent(pretrainedDir).orElse(FeatureScaling.identity());
        boolean unscaled = spec.normalizeFeatures() || spec.standardizeFeatures() == FeatureStandardization.NONE;
        if (!scaling.isIdentity() && unscaled) {
            throw new IllegalArgumentException("the model pre-trained in " + pretrainedDir + " standardises the dense "
                    + "features of " + scaling.types().keySet() + ", but fine-tuning asks for "
                    + (spec.normalizeFeatures() ? "row-normalised features" : "features as loaded")
                    + "; fine-tune it with standardisation (--standardize-features auto, without "
                    + "--normalize-features)");
        }
        PreparedInputs inputs = PreparedInputs.stored(
                graph,
                TextInputsFile.loadIfPresent(pretrainedDir).orElse(null),
                scaling,
                spec.normalizeFeatures(),
                cache);
        return new FineTuneExperiment(inputs, datasetName, spec, device, PopularityPriorSetting.AUTO);
    }

    private FineTuneExperiment(
            PreparedInputs inputs,
            String datasetName,
            ExperimentSpec spec,
            Device device,
            PopularityPriorSetting popularityPrior) {
        this.inputs = inputs;
        this.datasetName = datasetName;
        this.spec = spec.withNodeInputsResolved(inputs.graph());
        this.device = device;
        this.popularityPrior = Objects.requireNonNull(popularityPrior, "popularityPrior");
    }

    /**
     * This experiment with the link model's popularity prior set as {@code setting} says once
     * training ends (default {@link PopularityPriorSetting#AUTO}); it changes the ranking, not the
     * training, so a checkpoint resumes under any setting.
     */
    public FineTuneExperiment withPopularityPrior(PopularityPriorSetting setting) {
        return new FineTuneExperiment(inputs, datasetName, spec, device, setting);
    }

    /** Trains with {@code seed}; saves the best model to {@code saveTo} when it is not null. */
    public FineTuneResult run(long seed, TrainingListener listener, Path saveTo) throws IOException {
        return run(seed, listener, saveTo, null);
    }

    /**
     * Trains with {@code seed}, starting the encoder from {@code pretrained} (random when null);
     * saves the best model to {@code saveTo} when it is not null.
     */
    public FineTuneResult run(long seed, TrainingListener listener, Path saveTo, ModelStore.EncoderWeights pretrained)
            throws IOException {
        return run(seed, listener, saveTo, pretrained, null, 0);
    }

    /**
     * Trains like {@link #run(long, TrainingListener, Path, ModelStore.EncoderWeights)}, with checkpoints
     * every {@code checkpointEvery} steps in {@code checkpoints} (none when it is null), resuming from
     * the checkpoint found there; nothing is saved when the listener cancels the run.
     *
     * @throws TrainingCancelledException when the listener asks to stop
     */
    public FineTuneResult run(
            long seed,
            TrainingListener listener,
            Path saveTo,
            ModelStore.EncoderWeights pretrained,
            Path checkpoints,
            int checkpointEvery)
            throws IOException {
        ExperimentTasks.TaskOnPart prepared = ExperimentTasks.create(spec, graph());
        FineTuningTask<?> task = prepared.task();
        try (NDManager manager = NDManager.newBaseManager(device)) {
            EncoderStart start = EncoderStart.of(task, spec.model(), seed, pretrained, manager);
            FineTuneCheckpoints policy = checkpoints == null
                    ? null
                    : new FineTuneCheckpoints(checkpoints, checkpointEvery, checkpointSettings(pretrained));
            FineTuneResult result;
            try {
                result = new FineTuner(spec.training().withSeed(seed), listener, popularityPrior)
                        .run(task, start.encoder(), start.head(), manager, policy);
            } catch (UncheckedIOException e) {
                // keep both what failed (the checkpoint and where) and why
                throw new IOException(e.getMessage() + ": " + e.getCause().getMessage(), e.getCause());
            }
            if (saveTo != null) {
                FineTunedModelFiles.save(
                        saveTo, spec, datasetName, inputs, task, prepared.originalIds(), start, result, seed);
            }
            return result;
        }
    }

    /**
     * The task {@link #run} trains, built as it builds it (split, samplers, negatives), for callers
     * that drive the steps themselves (the recommend-train benchmark).
     */
    public FineTuningTask<?> task() {
        return ExperimentTasks.create(spec, graph()).task();
    }

    /**
     * A linear probe of the encoder as it starts fine-tuning with {@code seed} (from {@code pretrained},
     * or randomly initialised when it is null), frozen: its clean-graph embeddings of the fine-tuning
     * nodes feed a {@link LinearProbe} on the same train, validation and test nodes as {@link #run}.
     *
     * @throws IllegalArgumentException for the link task, which has no labels to probe
     */
    public LinearProbe.Result probe(long seed, ModelStore.EncoderWeights pretrained) throws IOException {
        if (spec.task() != TaskKind.NODE_CLASSIFICATION) {
            throw new IllegalArgumentException("the linear probe classifies nodes: it needs the node task");
        }
        NodeClassificationTask task =
                (NodeClassificationTask) ExperimentTasks.create(spec, graph()).task();
        try (NDManager manager = NDManager.newBaseManager(device)) {
            GraphEncoder encoder = EncoderStart.of(task, spec.model(), seed, pretrained, manager)
                    .encoder();
            return new LinearProbe(task.labels(), spec.model().hidden())
                    .fit(
                            task.embeddings(encoder, EvalSplit.TRAIN, manager),
                            task.embeddings(encoder, EvalSplit.VAL, manager),
                            task.embeddings(encoder, EvalSplit.TEST, manager));
        }
    }

    /** The data, split, model and starting weights a checkpoint must have been written with. */
    private FineTuneSettings checkpointSettings(ModelStore.EncoderWeights pretrained) {
        FineTuneSettings.Pretrained start = pretrained == null
                ? null
                : new FineTuneSettings.Pretrained(
                        pretrained.manifest().datasetFingerprint(),
                        pretrained.manifest().createdAt());
        return new FineTuneSettings(graph().fingerprint(), spec, start);
    }

    /**
     * What pre-training may see under this experiment's split ({@link ExperimentSpec#pretrainSplit}):
     * the pre-training part of the node-transfer split that fine-tuning uses (same split seed), or
     * the training edges of an edge split, so pre-training never sees a fine-tuning node or a
     * held-out edge.
     */
    public PretrainSplit pretrainSplit() {
        return spec.pretrainSplit(graph());
    }

    /**
     * The graph pre-training may use ({@link #pretrainSplit}), a part of {@link #graph()}.
     *
     * @throws IllegalArgumentException when the split holds back no pre-training part (a data set's
     *     own node split)
     */
    public HeteroGraph pretrainGraph() {
        return pretrainSplit().graph(graph());
    }

    /** The graph's inputs as prepared for this experiment: text, features, and what reads them again. */
    public PreparedInputs inputs() {
        return inputs;
    }

    /** How the graph's text is read (saved with every model), or null for a graph without text. */
    public TextInputs textInputs() {
        return inputs.text();
    }

    /**
     * How the graph's dense features are standardised (saved with every model; the identity when
     * nothing is, e.g. with row normalisation).
     */
    public FeatureScaling featureScaling() {
        return inputs.scaling();
    }

    /** How the graph's features were prepared: standardised or row-normalised, as the spec asks. */
    public FeaturePreprocessing featurePreprocessing() {
        return inputs.features();
    }

    /**
     * The graph fine-tuning runs on (text-derived inputs added, features standardised or row-normalised
     * as the spec asks; {@link #pretrainGraph} is a part of it).
     */
    public HeteroGraph graph() {
        return inputs.graph();
    }

    public ExperimentSpec spec() {
        return spec;
    }

    public String datasetName() {
        return datasetName;
    }

    public Device device() {
        return device;
    }

    /**
     * The metric that selects checkpoints: {@code micro_f1} for node classification; for the link
     * task on an edge split, the full-ranking {@code recall@20} of the validation edges (as the
     * recommenders select), unless the candidates are too many to rank; otherwise {@code mrr}
     * against sampled negatives.
     */
    public String primaryMetric() {
        if (spec.task() != TaskKind.LINK_PREDICTION) {
            return "micro_f1";
        }
        return ExperimentTasks.selectsByFullRanking(spec, graph())
                ? LinkPredictionTask.FULL_RANKING_PRIMARY
                : LinkPredictionTask.SAMPLED_PRIMARY;
    }

    /** The relation the link task predicts: the spec's, or the graph's first non-reverse one. */
    public RelationType linkRelation() {
        return spec.relationIn(graph());
    }
}
