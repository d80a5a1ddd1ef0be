package com.dipgnn.serving;

import ai.djl.MalformedModelException;
import ai.djl.ndarray.NDManager;
import ai.djl.nn.Parameter;
import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.graph.FeaturePreprocessing;
import com.dipgnn.graph.FeatureScaling;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.inference.NodeEmbedder;
import com.dipgnn.model.CosineScorer;
import com.dipgnn.model.GraphModule;
import com.dipgnn.model.Linear;
import com.dipgnn.runtime.Devices;
import com.dipgnn.sampling.Samplers;
import com.dipgnn.sampling.SamplingConfig;
import com.dipgnn.sampling.SubgraphSampler;
import com.dipgnn.store.ModelManifest;
import com.dipgnn.store.ModelStore;
import com.dipgnn.store.ModelTask;
import com.dipgnn.text.TextInputCache;
import com.dipgnn.text.TextInputs;
import com.dipgnn.text.TextInputsFile;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A fine-tuned model (or a pre-trained encoder, without a head: embeddings only) loaded for
 * inference on its graph, exactly as a deployment uses it: the
 * model's stored text inputs applied to the graph, the graph checked against the model, its dense
 * features standardised with the model's stored {@link FeatureScaling} (none for a model saved
 * without one) or row-normalised when the model was trained on normalised features (the same
 * {@link FeaturePreprocessing} as in training), the sampler of the options or of the manifest,
 * and the parameters loaded and frozen. {@link ModelDeployment} is built on one;
 * the Spark batch job (module {@code spark}) loads one per executor to compute the embeddings of
 * sampled inference with {@link #embedder()}.
 *
 * <p>Owns the native memory of the parameters until {@link #close()} (or until a deployment takes
 * it over).
 */
public final class PreparedModel implements AutoCloseable {

    private final ModelManifest manifest;
    private final TaskKind task;
    private final TextInputs text;
    private final HeteroGraph graph;
    private final FeaturePreprocessing features;
    private final SubgraphSampler sampler;
    private final DeploymentOptions options;
    private final NDManager manager;
    private final ModelStore.LoadedModel model;

    private PreparedModel(
            ModelManifest manifest,
            TaskKind task,
            TextInputs text,
            HeteroGraph graph,
            FeaturePreprocessing features,
            SubgraphSampler sampler,
            DeploymentOptions options,
            NDManager manager,
            ModelStore.LoadedModel model) {
        this.manifest = manifest;
        this.task = task;
        this.text = text;
        this.graph = graph;
        this.features = features;
        this.sampler = sampler;
        this.options = options;
        this.manager = manager;
        this.model = model;
    }

    /**
     * Loads the model in {@code modelDir} for {@code rawGraph}.
     *
     * @param rawGraph the graph the model was trained on, as loaded (no text inputs applied, features not normalised)
     * @param options the device, the sampler (null: the manifest's), and whether the graph must be the training graph
     * @param textCache where text-derived inputs are cached (null: computed every time)
     * @throws IllegalArgumentException when the graph does not fit the model
     * @throws MalformedModelException when the stored parameters do not match the manifest
     * @throws com.dipgnn.graph.FeatureScalingException when the stored feature scaling is malformed
     */
    public static PreparedModel open(
            Path modelDir, HeteroGraph rawGraph, DeploymentOptions options, TextInputCache textCache)
            throws IOException, MalformedModelException {
        ModelManifest manifest = ModelStore.readManifest(modelDir);
        // every file checked before any is read (the text inputs just below, the weights later)
        com.dipgnn.store.ModelFileChecksums.verify(modelDir, manifest.files());
        TaskKind task = taskOf(manifest);
        TextInputs text = TextInputsFile.loadIfPresent(modelDir).orElse(null);
        HeteroGraph withText = text == null ? rawGraph : text.apply(rawGraph, textCache);
        // a pre-trained encoder embeds the whole graph, as fine-tuning from it does, also when it was
        // pre-trained on a part of it (another fingerprint)
        ModelDeployment.requireCompatible(manifest, withText, options.requireSameGraph() && task != null);
        FeaturePreprocessing features = featuresOf(modelDir, manifest);
        HeteroGraph graph = features.apply(withText);
        SubgraphSampler sampler =
                options.sampler() != null ? options.sampler() : Samplers.forGraph(graph, samplingOf(manifest));
        Devices.engine();
        NDManager manager = NDManager.newBaseManager(options.device());
        try {
            ModelStore.LoadedModel model =
                    ModelStore.loadVerified(modelDir, manifest, manager, m -> task == null ? null : headFor(task, m));
            forgetRowsOfOtherNodes(model.encoder(), graph);
            freeze(model.encoder());
            if (model.head() != null) {
                freeze(model.head());
            }
            return new PreparedModel(manifest, task, text, graph, features, sampler, options, manager, model);
        } catch (IOException | MalformedModelException | RuntimeException | Error e) {
            manager.close();
            throw e;
        }
    }

    public ModelManifest manifest() {
        return manifest;
    }

    /** The task the model was fine-tuned for; null for a pre-trained encoder (no head: embeddings only). */
    public TaskKind task() {
        return task;
    }

    /**
     * The fine-tuned task of a manifest, or null for a pre-trained encoder ({@link ModelTask.Pretraining}).
     *
     * @throws IllegalArgumentException for a task this version does not know
     */
    public static TaskKind taskOf(ModelManifest manifest) {
        ModelTask task = manifest.task();
        if (task instanceof ModelTask.NodeClassification) {
            return TaskKind.NODE_CLASSIFICATION;
        }
        if (task instanceof ModelTask.LinkPrediction) {
            return TaskKind.LINK_PREDICTION;
        }
        if (task instanceof ModelTask.Pretraining) {
            return null;
        }
        return TaskKind.parse(task.kind()); // refused, naming the known tasks
    }

    /** The model's text inputs; null when it reads no text. */
    public TextInputs text() {
        return text;
    }

    /** The graph as the model sees it (text inputs applied, features standardised or normalised as in training). */
    public HeteroGraph graph() {
        return graph;
    }

    /** Whether the model reads row-normalised features. */
    public boolean normalizeFeatures() {
        return features.rowNormalize();
    }

    /** How the model's features are prepared: {@link #graph()}'s, and a new node's sent to a deployment. */
    public FeaturePreprocessing features() {
        return features;
    }

    /**
     * How a model's features are prepared, as its training prepared them: row-normalised when its
     * manifest says so, else standardised with its stored scaling (none when it stores none).
     */
    static FeaturePreprocessing featuresOf(Path modelDir, ModelManifest manifest) {
        FeatureScaling scaling = FeatureScaling.loadIfPresent(modelDir).orElse(FeatureScaling.identity());
        boolean normalize = manifest.preparation().rowNormalizeFeatures();
        try {
            return new FeaturePreprocessing(scaling, normalize);
        } catch (IllegalArgumentException e) {
            throw new com.dipgnn.graph.FeatureScalingException(modelDir.resolve(FeatureScaling.FILE_NAME) + ": "
                    + e.getMessage() + "; a model trained on row-normalised features stores no scaling, so the model "
                    + "directory is damaged: copy it again or train the model again");
        }
    }

    public SubgraphSampler sampler() {
        return sampler;
    }

    public DeploymentOptions options() {
        return options;
    }

    /** The manager that holds the parameters. */
    public NDManager manager() {
        return manager;
    }

    /** The loaded, frozen encoder and head (none for a pre-trained encoder). */
    public ModelStore.LoadedModel model() {
        return model;
    }

    /** Embedding width: the model's hidden width. */
    public int dim() {
        return manifest.hidden();
    }

    /**
     * Embeds nodes of {@link #graph()} as a deployment with sampled inference does: the options'
     * chunk size and this sampler.
     */
    public NodeEmbedder embedder() {
        return new NodeEmbedder(graph, sampler, options.chunkSize());
    }

    /** How the sampler is shown in a deployment's statistics and in batch-embedding metadata. */
    public String samplerDescription() {
        String description = sampler.toString();
        return description.contains("@") ? sampler.getClass().getSimpleName() : description;
    }

    /** Frees the parameters. */
    @Override
    public void close() {
        manager.close();
    }

    private static SamplingConfig samplingOf(ModelManifest manifest) {
        return manifest.preparation().sampling();
    }

    private static GraphModule headFor(TaskKind task, ModelManifest manifest) {
        return switch (task) {
            case LINK_PREDICTION -> new CosineScorer(manifest.hidden());
            case NODE_CLASSIFICATION ->
                new Linear(manifest.hidden(), ((ModelTask.NodeClassification) manifest.task()).numClasses(), true);
        };
    }

    /**
     * A per-node embedding table whose rows index other nodes than the graph's (another id space)
     * is not read: every node of its type reads the unknown vector, as a new node does.
     */
    private static void forgetRowsOfOtherNodes(com.dipgnn.model.GraphEncoder encoder, HeteroGraph graph) {
        encoder.nodeTables().forEach((type, table) -> {
            com.dipgnn.model.NodeIdSpace space = com.dipgnn.model.NodeIdSpace.of(graph.nodes(type));
            if (!space.equals(table.idSpace())) {
                System.getLogger(PreparedModel.class.getName())
                        .log(
                                System.Logger.Level.WARNING,
                                "the per-node "
                                        + "embeddings of '" + type + "' index " + table.idSpace() + " but graph '"
                                        + graph.name()
                                        + "' has " + space + ": its nodes read the unknown vector");
                table.forgetRows();
            }
        });
    }

    /** Inference only: no parameter records gradients, whatever the thread's grad mode. */
    private static void freeze(GraphModule module) {
        for (Parameter p : module.parameters().values()) {
            p.getArray().setRequiresGradient(false);
        }
    }
}
