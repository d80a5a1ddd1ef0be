package com.dipgnn.pretraining;

import com.dipgnn.graph.FeatureScaling;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.text.TextInputs;
import com.dipgnn.store.ModelManifest;
import com.dipgnn.store.ModelStore;
import com.dipgnn.training.ModelInputs;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Saves the encoder a pre-training method keeps (DiP-GNN: the discriminator; GPT-GNN and GAE:
 * the generator) as a model directory in the engine's format, with its edge heads as the head
 * and the pre-training figures in the manifest. The generator of DiP-GNN is dropped.
 */
public final class PretrainedModels {

    /** Task kind recorded in a pre-trained model's manifest. */
    public static final String TASK = "pretrain";

    private PretrainedModels() {
    }

    /** Writes the method's kept encoder atomically to {@code dir} (which must not exist). */
    public static ModelManifest save(Path dir, PretrainResult result, PretrainConfig config, ModelConfig model,
                                     HeteroGraph pretrainGraph, String dataset, long splitSeed, TextInputs text,
                                     FeatureScaling scaling) throws IOException {
        return save(dir, result, config, config.method().kept(), model, pretrainGraph, dataset, splitSeed, text,
                scaling);
    }

    /**
     * Writes the chosen network's encoder (e.g. DiP-GNN's generator, for a diagnostic) atomically to
     * {@code dir}, with the graph's text inputs (vocabulary and input columns) when {@code text} is not
     * null and the standardisation of its dense features when {@code scaling} is neither null nor the
     * identity, so fine-tuning and serving read text and features as pre-training did.
     */
    public static ModelManifest save(Path dir, PretrainResult result, PretrainConfig config, PretrainMethod.Kept which,
                                     ModelConfig model, HeteroGraph pretrainGraph, String dataset, long splitSeed,
                                     TextInputs text, FeatureScaling scaling) throws IOException {
        ModelManifest manifest = manifest(result, config, which, model, pretrainGraph, dataset, splitSeed, scaling);
        ModelStore.save(dir, manifest, result.networks().encoder(which), result.networks().edgeHeads(which),
                ModelInputs.attachment(text, scaling));
        return manifest;
    }

    static ModelManifest manifest(PretrainResult result, PretrainConfig config, PretrainMethod.Kept which,
                                  ModelConfig model, HeteroGraph pretrainGraph, String dataset, long splitSeed,
                                  FeatureScaling scaling) {
        PretrainMethod method = config.method();
        Map<String, Object> task = new LinkedHashMap<>();
        task.put("task", TASK);
        task.put("method", method.cliName());
        task.put("kept", which.name().toLowerCase(java.util.Locale.ROOT));
        task.put("pretrain_graph", pretrainGraph.name());
        Map<String, Object> hyper = new LinkedHashMap<>();
        hyper.put("pretrain_config", config.toString());
        hyper.put("seed", config.seed());
        hyper.put("steps", result.steps());
        hyper.put("seed_nodes", config.seedNodes());
        hyper.put("edge_mask_ratio", config.edgeMaskRatio());
        hyper.put("feature_mask_ratio", config.featureMaskRatio());
        hyper.put("negatives", config.negatives());
        hyper.put("alpha", config.alpha());
        hyper.put("lambda", config.lambda());
        hyper.put("temperature", config.temperature());
        hyper.put("learning_rate", config.optimizer().learningRate());
        hyper.put("weight_decay", config.optimizer().weightDecay());
        hyper.put("clip_norm", config.optimizer().clipNorm());
        hyper.put("sampling_depth", config.sampling().depth());
        hyper.put("sampling_width", config.sampling().width());
        hyper.put("seconds", result.seconds());
        hyper.put("standardized_feature_types", scaling == null ? java.util.List.of()
                : java.util.List.copyOf(scaling.types().keySet()));
        Map<String, Map<String, Double>> metrics = new LinkedHashMap<>();
        metrics.put("pretrain_final", result.finalMetrics());
        metrics.put("pretrain_mean", result.overall());
        return ModelManifest.of(model, GraphSchema.of(pretrainGraph, model.nodeInputs()), task, dataset, pretrainGraph.fingerprint(),
                splitSeed, hyper, metrics);
    }
}
