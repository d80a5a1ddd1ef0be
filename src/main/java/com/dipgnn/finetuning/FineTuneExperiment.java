package com.dipgnn.finetuning;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import com.dipgnn.graph.FeaturePreprocessing;
import com.dipgnn.graph.FeatureScaling;
import com.dipgnn.graph.FeatureScalingException;
import com.dipgnn.graph.FeatureStandardization;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.split.DatasetSplit;
import com.dipgnn.graph.split.GraphSplit;
import com.dipgnn.graph.split.LinkSplit;
import com.dipgnn.graph.split.NodeTransferSplit;
import com.dipgnn.inference.ModelInputs;
import com.dipgnn.inference.NodeEmbedder;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.GraphModule;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.model.NodeEmbeddingTable;
import com.dipgnn.model.NodeIdSpace;
import com.dipgnn.model.NodeInputConfig;
import com.dipgnn.model.TypeSelection;
import com.dipgnn.optim.TrainingCancelledException;
import com.dipgnn.optim.TrainingListener;
import com.dipgnn.ranking.PopularityPrior;
import com.dipgnn.ranking.PopularityPriorSetting;
import com.dipgnn.sampling.SubgraphSampler;
import com.dipgnn.sampling.WholeGraphBudget;
import com.dipgnn.store.InputPreparation;
import com.dipgnn.store.ModelManifest;
import com.dipgnn.store.ModelStore;
import com.dipgnn.store.NodeEmbeddingFiles;
import com.dipgnn.text.TextInputCache;
import com.dipgnn.text.TextInputConfig;
import com.dipgnn.text.TextInputs;
import com.dipgnn.text.TextInputsFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Runs one fine-tuning experiment end to end: split the data, build the task, encoder and head,
 * train, and optionally save the model directory. The engine's front door for the CLI and the
 * service; it knows nothing of either.
 */
public final class FineTuneExperiment {

    private final HeteroGraph graph;
    private final String datasetName;
    private final ExperimentSpec spec;
    private final Device device;
    private final TextInputs text;
    private final FeaturePreprocessing features;
    private final PopularityPriorSetting popularityPrior;

    /**
     * An experiment whose text inputs (if the graph has text) are learned from its pre-training nodes,
     * and whose dense features are standardised as the spec says ({@link #fitScaling}).
     */
    public FineTuneExperiment(HeteroGraph graph, String datasetName, ExperimentSpec spec, Device device) {
        this(graph, datasetName, spec, device, (TextInputCache) null);
    }

    /**
     * An experiment whose text inputs (if the graph has text) are learned from the nodes pre-training
     * may see (the split's pre-training part), its text-derived inputs cached in {@code cache} (null:
     * computed every time), and whose dense features are standardised with statistics of the same
     * nodes when the spec asks for it ({@link #fitScaling}).
     */
    public FineTuneExperiment(
            HeteroGraph graph, String datasetName, ExperimentSpec spec, Device device, TextInputCache cache) {
        this(
                graph,
                datasetName,
                spec,
                device,
                TextInputs.learnForSplit(
                                graph,
                                spec.split() == SplitMode.TRANSFER,
                                spec.splitSeed(),
                                TextInputConfig.defaults().withScope(spec.textInputs()))
                        .orElse(null),
                null,
                cache);
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
        return new FineTuneExperiment(
                graph,
                datasetName,
                spec,
                device,
                TextInputsFile.loadIfPresent(pretrainedDir).orElse(null),
                scaling,
                cache);
    }

    /**
     * @param text the text inputs to read the graph's text with; null: the graph's text is not read
     * @param scaling the standardisation to use (a pre-trained model's); null: fitted as the spec says
     */
    private FineTuneExperiment(
            HeteroGraph graph,
            String datasetName,
            ExperimentSpec spec,
            Device device,
            TextInputs text,
            FeatureScaling scaling,
            TextInputCache cache) {
        this.text = text;
        HeteroGraph withText = text == null ? graph : text.apply(graph, cache);
        this.features = spec.normalizeFeatures()
                ? FeaturePreprocessing.rowNormalized()
                : FeaturePreprocessing.standardized(scaling != null ? scaling : fitScaling(withText, spec));
        this.graph = features.apply(withText);
        this.datasetName = datasetName;
        this.spec = withNodeInputsResolved(spec, this.graph);
        this.device = device;
        this.popularityPrior = PopularityPriorSetting.AUTO;
    }

    private FineTuneExperiment(FineTuneExperiment from, PopularityPriorSetting popularityPrior) {
        this.text = from.text;
        this.features = from.features;
        this.graph = from.graph;
        this.datasetName = from.datasetName;
        this.spec = from.spec;
        this.device = from.device;
        this.popularityPrior = Objects.requireNonNull(popularityPrior, "popularityPrior");
    }

    /**
     * This experiment with the link model's popularity prior set as {@code setting} says once
     * training ends (default {@link PopularityPriorSetting#AUTO}); it changes the ranking, not the
     * training, so a checkpoint resumes under any setting.
     */
    public FineTuneExperiment withPopularityPrior(PopularityPriorSetting setting) {
        return new FineTuneExperiment(this, setting);
    }

    /**
     * The standardisation {@code spec} asks for on {@code graph} (text inputs applied, features as
     * loaded): none when it row-normalises features or says {@link FeatureStandardization#NONE};
     * otherwise fitted on the features (never the labels) of the nodes pre-training may see, the
     * pre-training part of the node-transfer split with the spec's split seed ({@link #pretrainGraph}),
     * or every node on another split (an edge split keeps every node in its pre-training graph; the
     * data set's own node split pre-trains nothing). Fine-tuning and test nodes of the transfer split
     * never shape it.
     */
    public static FeatureScaling fitScaling(HeteroGraph graph, ExperimentSpec spec) {
        if (spec.normalizeFeatures()) {
            return FeatureScaling.identity();
        }
        Map<String, int[]> nodes = spec.split() == SplitMode.TRANSFER
                ? new NodeTransferSplit(spec.splitSeed()).pretrainNodes(graph)
                : NodeEmbedder.allNodes(graph);
        return spec.standardizeFeatures().fit(graph, nodes);
    }

    /**
     * {@code auto} node inputs on an edge split of the link task: every node is seen in training
     * there, so besides the featureless types the predicted relation's two types get a row per
     * node and their log-degrees, with or without features, as recommenders give every user and
     * item an id vector (features alone cannot tell two users of the same profile apart, and the
     * degree is the popularity a ranking leans on). Other specs, and explicit choices, are kept.
     */
    static ExperimentSpec withNodeInputsResolved(ExperimentSpec spec, HeteroGraph graph) {
        NodeInputConfig inputs = spec.model().nodeInputs();
        if (!spec.split().holdsOutEdgesFor(spec.task())) {
            return spec;
        }
        RelationType predicted = predictedRelation(graph, spec.relation());
        Map<String, Integer> dims = GraphSchema.of(graph, inputs).featureDims();
        NodeInputConfig resolved = inputs.withEmbeddings(withRelationTypes(inputs.embeddings(), dims, predicted))
                .withStructural(withRelationTypes(inputs.structural(), dims, predicted));
        return resolved.equals(inputs) ? spec : spec.withModel(spec.model().withNodeInputs(resolved));
    }

    /** An {@code auto} selection as the list of its types plus the relation's two; others unchanged. */
    private static TypeSelection withRelationTypes(
            TypeSelection selection, Map<String, Integer> featureDims, RelationType relation) {
        if (selection.mode() != TypeSelection.Mode.AUTO) {
            return selection;
        }
        Set<String> types = new LinkedHashSet<>(selection.resolve(featureDims));
        types.add(relation.source());
        types.add(relation.target());
        return new TypeSelection(TypeSelection.Mode.LIST, List.copyOf(types));
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
        TaskOnPart prepared = createTask();
        FineTuningTask<?> task = prepared.task();
        try (NDManager manager = NDManager.newBaseManager(device)) {
            Start start = start(task, seed, pretrained, manager);
            GraphSchema schema = start.schema();
            GraphEncoder encoder = start.encoder();
            GraphModule head = start.head();
            Map<String, String> fromPretrained = start.fromPretrained();
            FineTuneCheckpoints policy = checkpoints == null
                    ? null
                    : new FineTuneCheckpoints(checkpoints, checkpointEvery, checkpointSettings(pretrained));
            FineTuneResult result;
            try {
                result = new FineTuner(spec.training().withSeed(seed), listener, popularityPrior)
                        .run(task, encoder, head, manager, policy);
            } catch (UncheckedIOException e) {
                // keep both what failed (the checkpoint and where) and why
                throw new IOException(e.getMessage() + ": " + e.getCause().getMessage(), e.getCause());
            }
            if (saveTo != null) {
                ModelStore.save(
                        saveTo,
                        manifest(task, result, seed, schema, encoder, fromPretrained),
                        encoder,
                        head,
                        ModelInputs.attachment(text, features.scaling()),
                        remaps(encoder, prepared.originalIds()));
            }
            return result;
        }
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
        NodeClassificationTask task = (NodeClassificationTask) createTask().task();
        try (NDManager manager = NDManager.newBaseManager(device)) {
            GraphEncoder encoder = start(task, seed, pretrained, manager).encoder();
            return new LinearProbe(task.labels(), spec.model().hidden())
                    .fit(
                            task.embeddings(encoder, EvalSplit.TRAIN, manager),
                            task.embeddings(encoder, EvalSplit.VAL, manager),
                            task.embeddings(encoder, EvalSplit.TEST, manager));
        }
    }

    /**
     * The encoder and head a run with {@code seed} starts from, on {@code task}'s graph: initialised
     * with the seed, then the encoder restored from {@code pretrained} (when not null) with its
     * per-node rows carried over where they index the same nodes.
     *
     * @param fromPretrained per table type, what became of the pre-trained rows (empty from scratch)
     */
    private record Start(
            GraphSchema schema, GraphEncoder encoder, GraphModule head, Map<String, String> fromPretrained) {}

    private Start start(FineTuningTask<?> task, long seed, ModelStore.EncoderWeights pretrained, NDManager manager)
            throws IOException {
        ModelConfig model = spec.model();
        GraphSchema schema = GraphSchema.of(task.modelGraph(), model.nodeInputs());
        GraphEncoder encoder = new GraphEncoder(schema, model, NodeIdSpace.of(task.modelGraph()));
        GraphModule head = task.createHead(model.hidden());
        FineTuner.initialize(seed, manager, encoder, head);
        Map<String, String> fromPretrained = Map.of();
        if (pretrained != null) {
            ModelStore.requireSameArchitecture(pretrained.manifest(), model, schema);
            encoder.restore(pretrained.weights());
            fromPretrained = carryRows(pretrained, encoder, manager);
        }
        return new Start(schema, encoder, head, fromPretrained);
    }

    /** A fine-tuning task and, per node type, the id in {@link #graph()} of each node of its model graph. */
    private record TaskOnPart(FineTuningTask<?> task, Map<String, int[]> originalIds) {}

    /**
     * Gives each per-node embedding table the pre-trained rows when they index the same nodes (the
     * same id space); otherwise its rows start untrained. Returns, per table type, what happened.
     */
    private static Map<String, String> carryRows(
            ModelStore.EncoderWeights pretrained, GraphEncoder encoder, NDManager manager) throws IOException {
        Map<String, NodeEmbeddingTable> stored = pretrained.readTables(manager);
        Map<String, String> outcome = new LinkedHashMap<>();
        try {
            encoder.nodeTables().forEach((type, table) -> {
                NodeEmbeddingTable from = stored.get(type);
                if (from != null && from.idSpace().equals(table.idSpace()) && from.width() == table.width()) {
                    table.takeFrom(from);
                    outcome.put(type, "carried over (" + table.trainedCount() + " trained rows)");
                } else {
                    outcome.put(
                            type,
                            "untrained: the pre-trained rows index " + (from == null ? "no nodes" : from.idSpace())
                                    + ", fine-tuning " + table.idSpace());
                }
            });
        } finally {
            stored.values().forEach(NodeEmbeddingTable::close);
        }
        if (!outcome.isEmpty()) {
            System.getLogger(FineTuneExperiment.class.getName())
                    .log(System.Logger.Level.INFO, "per-node embeddings from the pre-trained model: " + outcome);
        }
        return outcome;
    }

    /**
     * How each table is saved: in the id space of {@link #graph()} (the graph deployments serve),
     * a node outside the fine-tuning part getting an untrained row; nothing when the ids are the same.
     */
    private Map<String, NodeEmbeddingFiles.Remap> remaps(GraphEncoder encoder, Map<String, int[]> originalIds) {
        Map<String, NodeEmbeddingFiles.Remap> remaps = new LinkedHashMap<>();
        encoder.nodeTables().forEach((type, table) -> {
            NodeIdSpace space = NodeIdSpace.of(graph.nodes(type));
            int[] original = originalIds.get(type);
            if (space.equals(table.idSpace()) && isIdentity(original)) {
                return;
            }
            int[] source = new int[space.count()];
            Arrays.fill(source, -1);
            for (int row = 0; row < original.length; row++) {
                source[original[row]] = row;
            }
            remaps.put(type, new NodeEmbeddingFiles.Remap(space, source));
        });
        return remaps;
    }

    private static boolean isIdentity(int[] ids) {
        for (int i = 0; i < ids.length; i++) {
            if (ids[i] != i) {
                return false;
            }
        }
        return true;
    }

    /** The data, split, model and starting weights a checkpoint must have been written with. */
    private String checkpointSettings(ModelStore.EncoderWeights pretrained) {
        String start = pretrained == null
                ? "random"
                : pretrained.manifest().datasetFingerprint() + "@"
                        + pretrained.manifest().createdAt();
        return "data " + graph.fingerprint() + ", " + spec + ", encoder from " + start;
    }

    /**
     * The graph pre-training may use: the pre-training part of the node-transfer split that
     * fine-tuning uses (same split seed), so pre-training never sees a fine-tuning node.
     *
     * @throws IllegalArgumentException when the experiment does not use the transfer split
     */
    public HeteroGraph pretrainGraph() {
        if (spec.split().holdsOutEdgesFor(spec.task())) {
            // transductive: pre-training sees the training interactions only, never a held-out edge
            return edgeSplit(graph, linkRelation(), spec.split(), spec.splitSeed())
                    .structure();
        }
        if (spec.split() != SplitMode.TRANSFER) {
            throw new IllegalArgumentException("pre-training for node classification needs the node-transfer split "
                    + "(--split transfer): with the " + spec.split().name().toLowerCase(Locale.ROOT)
                    + " split there is no held-back pre-training part of graph '" + graph.name() + "'");
        }
        String splitType = spec.task() == TaskKind.NODE_CLASSIFICATION
                ? (spec.targetType() != null ? spec.targetType() : onlyLabeledType())
                : linkRelation().source();
        return pretrainPart(graph, splitType, spec.splitSeed());
    }

    /**
     * The pre-training part of the node-transfer split of {@code graph} with {@code splitSeed}
     * (which nodes it holds depends on the seed alone; {@code splitType} must keep at least three
     * nodes for fine-tuning).
     */
    public static HeteroGraph pretrainPart(HeteroGraph graph, String splitType, long splitSeed) {
        return new NodeTransferSplit(NodeTransferSplit.DEFAULT_PRETRAIN_FRACTION, splitSeed, 1.0)
                .split(graph, splitType)
                .pretrainGraph();
    }

    /** How the graph's text is read (saved with every model), or null for a graph without text. */
    public TextInputs textInputs() {
        return text;
    }

    /**
     * How the graph's dense features are standardised (saved with every model; the identity when
     * nothing is, e.g. with row normalisation).
     */
    public FeatureScaling featureScaling() {
        return features.scaling();
    }

    /** How the graph's features were prepared: standardised or row-normalised, as the spec asks. */
    public FeaturePreprocessing featurePreprocessing() {
        return features;
    }

    /**
     * The graph fine-tuning runs on (text-derived inputs added, features standardised or row-normalised
     * as the spec asks; {@link #pretrainGraph} is a part of it).
     */
    public HeteroGraph graph() {
        return graph;
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
        return selectsByFullRanking() ? LinkPredictionTask.FULL_RANKING_PRIMARY : LinkPredictionTask.SAMPLED_PRIMARY;
    }

    private boolean selectsByFullRanking() {
        return spec.split().holdsOutEdgesFor(spec.task()) && LinkPredictionTask.ranksFully(graph, linkRelation());
    }

    private TaskOnPart createTask() {
        return switch (spec.task()) {
            case NODE_CLASSIFICATION -> nodeTask();
            case LINK_PREDICTION -> linkTask();
        };
    }

    private TaskOnPart nodeTask() {
        String target = spec.targetType() != null ? spec.targetType() : onlyLabeledType();
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
                        sampler(finetuneGraph),
                        spec.training().batchSize()),
                split.finetuneOriginalIds());
    }

    private TaskOnPart linkTask() {
        RelationType relation = linkRelation();
        HeteroGraph finetuneGraph = graph;
        Map<String, int[]> originalIds = NodeEmbedder.allNodes(graph);
        LinkSplit split;
        if (spec.split() == SplitMode.TRANSFER) {
            GraphSplit nodes = new NodeTransferSplit(NodeTransferSplit.DEFAULT_PRETRAIN_FRACTION, spec.splitSeed(), 1.0)
                    .split(graph, relation.source());
            finetuneGraph = nodes.finetuneGraph();
            originalIds = nodes.finetuneOriginalIds();
            split = LinkSplit.holdOut(
                    finetuneGraph, relation, nodes.train(), nodes.val(), nodes.test(), 0.2, spec.splitSeed());
        } else {
            split = edgeSplit(graph, relation, spec.split(), spec.splitSeed());
        }
        return new TaskOnPart(
                new LinkPredictionTask(
                        finetuneGraph,
                        split,
                        sampler(split.structure()),
                        new LinkTaskConfig(
                                spec.training().batchSize(),
                                spec.evalNegatives(),
                                spec.trainNegatives(),
                                spec.temperature(),
                                spec.splitSeed(),
                                spec.linkLoss(),
                                spec.linkNegatives(),
                                selectsByFullRanking())),
                originalIds);
    }

    /**
     * The transductive edge split of {@code relation} that {@code mode} names: the data set's own
     * (with a seeded 5% validation carve-out of training when it marks no validation edges), a
     * seeded per-user hold-out, or leave-one-out. Every node stays; held-out edges leave the graph.
     *
     * @throws IllegalArgumentException for the node-transfer split, which is not an edge split
     */
    public static LinkSplit edgeSplit(HeteroGraph graph, RelationType relation, SplitMode mode, long seed) {
        return edgeSplit(graph, relation, mode, seed, DEFAULT_VALIDATION_FRACTION);
    }

    /** The validation share carved out of a data set's own training edges when it marks none. */
    public static final double DEFAULT_VALIDATION_FRACTION = 0.05;

    /**
     * {@link #edgeSplit(HeteroGraph, RelationType, SplitMode, long)} with the share of training
     * edges carved out for validation from a data set's own split that marks none (0: none, every
     * training edge is trained on).
     */
    public static LinkSplit edgeSplit(
            HeteroGraph graph, RelationType relation, SplitMode mode, long seed, double validationFraction) {
        return switch (mode) {
            case DATASET -> LinkSplit.fromEdgeMarks(graph, relation, validationFraction, seed);
            case HOLDOUT -> LinkSplit.perUserHoldOut(graph, relation, 0.2, 0.1, seed);
            case LEAVE_ONE_OUT -> LinkSplit.leaveOneOut(graph, relation, seed);
            case TRANSFER -> throw new IllegalArgumentException("the node-transfer split holds out nodes, not edges");
        };
    }

    /** The relation the link task predicts: the spec's, or the graph's first non-reverse one. */
    public RelationType linkRelation() {
        return predictedRelation(graph, spec.relation());
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

    /**
     * The whole graph when it is within the spec's node bound and {@link WholeGraphBudget its
     * per-edge memory} stays within the spec's memory bound, else sampled subgraphs; the choice is
     * logged with its figures.
     */
    private SubgraphSampler sampler(HeteroGraph g) {
        WholeGraphBudget budget = spec.wholeGraphBudget();
        ModelConfig model = spec.model();
        System.getLogger(FineTuneExperiment.class.getName())
                .log(
                        System.Logger.Level.INFO,
                        "fine-tuning on " + g.name() + " takes "
                                + budget.explain(g, model.hidden(), model.layers(), 1));
        return budget.samplerFor(g, spec.sampling(), model.hidden(), model.layers(), 1);
    }

    private String onlyLabeledType() {
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

    private ModelManifest manifest(
            FineTuningTask<?> task,
            FineTuneResult result,
            long seed,
            GraphSchema schema,
            GraphEncoder encoder,
            Map<String, String> fromPretrained) {
        Map<String, Integer> trained = new LinkedHashMap<>();
        encoder.nodeTables().forEach((type, table) -> trained.put(type, table.trainedCount()));
        InputPreparation preparation = new InputPreparation(
                spec.sampling(),
                spec.normalizeFeatures(),
                spec.standardizeFeatures(),
                List.copyOf(features.scaling().types().keySet()));
        ModelManifest manifest = ModelManifest.of(
                        spec.model(),
                        schema,
                        task.describe(),
                        datasetName,
                        graph.fingerprint(),
                        spec.splitSeed(),
                        preparation,
                        result.metrics())
                .withSection(
                        FineTuneProvenance.SECTION,
                        new FineTuneProvenance(spec, seed, result.bestStep(), trained, fromPretrained));
        return result.popularityPrior() == null
                ? manifest
                : manifest.withSection(PopularityPrior.SECTION, result.popularityPrior());
    }

    /** Node types and their counts, for reports. */
    public static String describe(HeteroGraph graph) {
        StringBuilder sb = new StringBuilder(graph.name()).append(": ");
        for (String t : graph.nodeTypes()) {
            NodeTable table = graph.nodes(t);
            sb.append(t).append(' ').append(table.count()).append(" (");
            if (table.hasTextDerivedFeatures() && table.dataFeatureDim() > 0) {
                sb.append("dim ")
                        .append(table.dataFeatureDim())
                        .append(" + text ")
                        .append(table.featureDim() - table.dataFeatureDim());
            } else {
                sb.append(table.hasTextDerivedFeatures() ? "text, dim " : "dim ")
                        .append(table.featureDim());
            }
            sb.append("), ");
        }
        return sb.append(graph.totalEdges()).append(" stored edges").toString();
    }
}
