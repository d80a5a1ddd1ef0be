package com.dipgnn.serving;

import ai.djl.MalformedModelException;
import ai.djl.ndarray.NDManager;
import ai.djl.nn.Parameter;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.model.CosineScorer;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.GraphModule;
import com.dipgnn.model.Linear;
import com.dipgnn.sampling.Samplers;
import com.dipgnn.sampling.SamplingConfig;
import com.dipgnn.sampling.SubgraphSampler;
import com.dipgnn.training.Devices;
import com.dipgnn.training.ModelManifest;
import com.dipgnn.training.ModelStore;
import com.dipgnn.training.NodeEmbedder;
import com.dipgnn.training.TaskKind;
import java.io.IOException;
import com.dipgnn.text.TextInputCache;
import com.dipgnn.text.TextInputs;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CancellationException;

/** Builds a {@link ModelDeployment}: load, check, embed every node, build the head and its index. */
final class Deployer {

    private final Path modelDir;
    private final HeteroGraph rawGraph;
    private final DeploymentOptions options;
    private final DeploymentListener listener;
    private final TextInputCache textCache;

    Deployer(Path modelDir, HeteroGraph rawGraph, DeploymentOptions options, DeploymentListener listener,
             TextInputCache textCache) {
        this.modelDir = modelDir;
        this.textCache = textCache;
        this.rawGraph = rawGraph;
        this.options = options;
        this.listener = listener == null ? DeploymentListener.NONE : listener;
    }

    ModelDeployment deploy() throws IOException, MalformedModelException {
        ModelManifest manifest = ModelStore.readManifest(modelDir);
        TaskKind task = TaskKind.parse(String.valueOf(manifest.task().get("task")));
        TextInputs text = TextInputs.loadIfPresent(modelDir).orElse(null);
        HeteroGraph withText = text == null ? rawGraph : text.apply(rawGraph, textCache);
        ModelDeployment.requireCompatible(manifest, withText, options.requireSameGraph());
        boolean normalize = Boolean.TRUE.equals(manifest.hyperParameters().get("normalize_features"));
        HeteroGraph graph = normalize ? withText.withRowNormalizedFeatures() : withText;
        SubgraphSampler sampler = options.sampler() != null ? options.sampler()
                : Samplers.forGraph(graph, samplingOf(manifest));
        Devices.engine();
        NDManager manager = NDManager.newBaseManager(options.device());
        try {
            ModelStore.LoadedModel model = ModelStore.load(modelDir, manager, m -> headFor(task, m));
            freeze(model.encoder());
            freeze(model.head());
            long start = System.nanoTime();
            Map<String, float[]> embeddings = embedAll(model.encoder(), graph, sampler, manager);
            double embedSeconds = (System.nanoTime() - start) / 1e9;
            start = System.nanoTime();
            LinkHead link = task == TaskKind.LINK_PREDICTION ? linkHead(manifest, graph, model, embeddings) : null;
            double indexSeconds = (System.nanoTime() - start) / 1e9;
            ClassHead classes = task == TaskKind.NODE_CLASSIFICATION ? classHead(manifest, graph, model) : null;
            DeploymentStats stats = new DeploymentStats(graph.totalNodes(), embedSeconds, indexSeconds,
                    link == null ? "none" : link.index().describe(), describe(sampler));
            return new ModelDeployment(new ModelDeployment.DeploymentParts(manifest, task, graph, normalize, options,
                    sampler, manager, model.encoder(), embeddings, link, classes, stats, text));
        } catch (IOException | MalformedModelException | RuntimeException | Error e) {
            manager.close();
            throw e;
        }
    }

    private static SamplingConfig samplingOf(ModelManifest manifest) {
        Object depth = manifest.hyperParameters().get("sampling_depth");
        Object width = manifest.hyperParameters().get("sampling_width");
        SamplingConfig defaults = SamplingConfig.defaults();
        return new SamplingConfig(depth instanceof Number d ? d.intValue() : defaults.depth(),
                width instanceof Number w ? w.intValue() : defaults.width());
    }

    private static GraphModule headFor(TaskKind task, ModelManifest manifest) {
        return switch (task) {
            case LINK_PREDICTION -> new CosineScorer(manifest.hidden());
            case NODE_CLASSIFICATION -> new Linear(manifest.hidden(), intOf(manifest, "num_classes"), true);
        };
    }

    private static int intOf(ModelManifest manifest, String key) {
        if (manifest.task().get(key) instanceof Number n) {
            return n.intValue();
        }
        throw new IllegalArgumentException("the model's manifest has no '" + key + "' in its task description "
                + manifest.task());
    }

    /** Inference only: no parameter records gradients, whatever the thread's grad mode. */
    private static void freeze(GraphModule module) {
        for (Parameter p : module.parameters().values()) {
            p.getArray().setRequiresGradient(false);
        }
    }

    private Map<String, float[]> embedAll(GraphEncoder encoder, HeteroGraph graph, SubgraphSampler sampler,
                                          NDManager manager) {
        Map<String, int[]> ids = new LinkedHashMap<>();
        for (String type : graph.nodeTypes()) {
            int[] all = new int[graph.numNodes(type)];
            java.util.Arrays.setAll(all, i -> i);
            ids.put(type, all);
        }
        int dim = encoder.config().hidden();
        Map<String, float[]> out = new LinkedHashMap<>();
        try (NDManager scope = manager.newSubManager()) {
            Map<String, NodeEmbedder.Table> tables = new NodeEmbedder(graph, sampler, options.chunkSize())
                    .embed(encoder, ids, scope, options.seed(),
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

    private LinkHead linkHead(ModelManifest manifest, HeteroGraph graph, ModelStore.LoadedModel model,
                              Map<String, float[]> embeddings) {
        RelationType relation = RelationType.parse(String.valueOf(manifest.task().get("relation")));
        if (!graph.relationTypes().contains(relation)) {
            throw new IllegalArgumentException("the model predicts relation " + relation.key()
                    + ", which graph '" + graph.name() + "' does not have");
        }
        return LinkHead.build(relation, (CosineScorer) model.head(), embeddings.get(relation.target()),
                manifest.hidden(), options.index(), this::report);
    }

    private static ClassHead classHead(ModelManifest manifest, HeteroGraph graph, ModelStore.LoadedModel model) {
        String type = String.valueOf(manifest.task().get("target_type"));
        if (!graph.hasNodeType(type)) {
            throw new IllegalArgumentException("the model classifies node type '" + type + "', which graph '"
                    + graph.name() + "' does not have");
        }
        return new ClassHead(type, (Linear) model.head(), Boolean.TRUE.equals(manifest.task().get("multi_label")));
    }

    private static String describe(SubgraphSampler sampler) {
        String text = sampler.toString();
        return text.contains("@") ? sampler.getClass().getSimpleName() : text;
    }

    private void report(DeploymentListener.Phase phase, long done, long total) {
        if (Thread.currentThread().isInterrupted()) {
            throw new CancellationException("the deployment was interrupted");
        }
        listener.onProgress(phase, done, total);
    }
}
