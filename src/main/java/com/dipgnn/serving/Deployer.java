package com.dipgnn.serving;

import ai.djl.MalformedModelException;
import ai.djl.ndarray.NDManager;
import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.inference.LayerwiseEmbedder;
import com.dipgnn.inference.NodeEmbedder;
import com.dipgnn.model.CosineScorer;
import com.dipgnn.model.Linear;
import com.dipgnn.ranking.PopularityPrior;
import com.dipgnn.store.ModelManifest;
import com.dipgnn.store.ModelStore;
import com.dipgnn.store.ModelTask;
import com.dipgnn.text.TextInputCache;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;

/**
 * Builds a {@link ModelDeployment}: load and check ({@link PreparedModel}), embed every node (or take
 * precomputed embeddings), build the head and its index.
 */
final class Deployer {

    /** How a deployment's statistics show exact inference in place of a sampler. */
    static final String EXACT = LayerwiseEmbedder.DESCRIPTION;

    private final Path modelDir;
    private final HeteroGraph rawGraph;
    private final DeploymentOptions options;
    private final DeploymentListener listener;
    private final TextInputCache textCache;
    private final PrecomputedEmbeddings precomputed;

    /**
     * @param precomputed the embeddings of every node, computed elsewhere (the Spark batch job) and
     *     already checked against the model; null: computed here
     */
    Deployer(
            Path modelDir,
            HeteroGraph rawGraph,
            DeploymentOptions options,
            DeploymentListener listener,
            TextInputCache textCache,
            PrecomputedEmbeddings precomputed) {
        this.modelDir = modelDir;
        this.textCache = textCache;
        this.precomputed = precomputed;
        this.rawGraph = rawGraph;
        this.options = options;
        this.listener = listener == null ? DeploymentListener.NONE : listener;
    }

    ModelDeployment deploy() throws IOException, MalformedModelException {
        PreparedModel prepared = PreparedModel.open(modelDir, rawGraph, options, textCache);
        try {
            ModelManifest manifest = prepared.manifest();
            TaskKind task = prepared.task();
            HeteroGraph graph = prepared.graph();
            ModelStore.LoadedModel model = prepared.model();
            long start = System.nanoTime();
            boolean exact = precomputed == null && options.inference() == DeploymentOptions.Inference.EXACT;
            List<Map<String, float[]>> layers = exact
                    ? embedLayers(prepared)
                    : List.of(
                            precomputed != null
                                    ? precomputed.embeddingsFor(graph, prepared.dim())
                                    : embedAll(prepared));
            Map<String, float[]> embeddings = layers.get(layers.size() - 1);
            double embedSeconds = (System.nanoTime() - start) / 1e9;
            start = System.nanoTime();
            LinkHead link = task == TaskKind.LINK_PREDICTION ? linkHead(manifest, graph, model, embeddings) : null;
            double indexSeconds = (System.nanoTime() - start) / 1e9;
            ClassHead classes = task == TaskKind.NODE_CLASSIFICATION ? classHead(manifest, graph, model) : null;
            DeploymentStats stats = new DeploymentStats(
                    graph.totalNodes(),
                    embedSeconds,
                    indexSeconds,
                    link == null ? "none" : link.index().describe(),
                    link == null
                            ? null
                            : link.calibration()
                                    .map(RecallCalibration.Result::recall)
                                    .orElse(null),
                    link == null
                            ? null
                            : link.calibration()
                                    .map(RecallCalibration.Result::describe)
                                    .orElse(null),
                    exact ? EXACT : prepared.samplerDescription());
            return new ModelDeployment(new ModelDeployment.DeploymentParts(
                    manifest,
                    task,
                    graph,
                    prepared.features(),
                    options,
                    prepared.sampler(),
                    prepared.manager(),
                    model.encoder(),
                    embeddings,
                    exact ? layers.subList(0, layers.size() - 1) : null,
                    link,
                    classes,
                    stats,
                    prepared.text()));
        } catch (RuntimeException | Error e) {
            prepared.close();
            throw e;
        }
    }

    /** Exact inference: every layer's states of every node, the last layer's being the embeddings. */
    private List<Map<String, float[]>> embedLayers(PreparedModel prepared) {
        long nodes = prepared.graph().totalNodes();
        try (NDManager scope = prepared.manager().newSubManager()) {
            return new LayerwiseEmbedder(prepared.graph())
                    .embedAll(
                            prepared.model().encoder(),
                            scope,
                            (done, total) -> report(DeploymentListener.Phase.EMBEDDING, done * nodes / total, nodes));
        }
    }

    /** Sampled inference: the embeddings of every node, chunk by chunk. */
    private Map<String, float[]> embedAll(PreparedModel prepared) {
        HeteroGraph graph = prepared.graph();
        Map<String, int[]> ids = NodeEmbedder.allNodes(graph);
        int dim = prepared.dim();
        Map<String, float[]> out = new LinkedHashMap<>();
        try (NDManager scope = prepared.manager().newSubManager()) {
            Map<String, NodeEmbedder.Table> tables = prepared.embedder()
                    .embed(
                            prepared.model().encoder(),
                            ids,
                            scope,
                            options.seed(),
                            (done, total) -> report(DeploymentListener.Phase.EMBEDDING, done, total));
            for (Map.Entry<String, int[]> e : ids.entrySet()) {
                int[] all = e.getValue();
                float[] values = new float[all.length * dim];
                for (int id : all) {
                    tables.get(e.getKey()).copyRow(id, values, id * dim);
                }
                out.put(e.getKey(), values);
            }
        }
        return out;
    }

    private LinkHead linkHead(
            ModelManifest manifest, HeteroGraph graph, ModelStore.LoadedModel model, Map<String, float[]> embeddings) {
        RelationType relation = ((ModelTask.LinkPrediction) manifest.task()).relationType();
        if (!graph.relationTypes().contains(relation)) {
            throw new IllegalArgumentException("the model predicts relation " + relation.key() + ", which graph '"
                    + graph.name() + "' does not have");
        }
        PopularityPrior prior =
                manifest.section(PopularityPrior.SECTION, PopularityPrior.class).orElse(PopularityPrior.NONE);
        return LinkHead.build(
                relation,
                (CosineScorer) model.head(),
                embeddings.get(relation.target()),
                embeddings.get(relation.source()),
                manifest.hidden(),
                prior,
                graph.adjacency(relation).targetArray(),
                options.index(),
                this::report);
    }

    private static ClassHead classHead(ModelManifest manifest, HeteroGraph graph, ModelStore.LoadedModel model) {
        ModelTask.NodeClassification task = (ModelTask.NodeClassification) manifest.task();
        String type = task.targetType();
        if (!graph.hasNodeType(type)) {
            throw new IllegalArgumentException(
                    "the model classifies node type '" + type + "', which graph '" + graph.name() + "' does not have");
        }
        return new ClassHead(type, (Linear) model.head(), task.multiLabel());
    }

    private void report(DeploymentListener.Phase phase, long done, long total) {
        if (Thread.currentThread().isInterrupted()) {
            throw new CancellationException("the deployment was interrupted");
        }
        listener.onProgress(phase, done, total);
    }
}
