package com.dipgnn.pretraining;

import com.dipgnn.graph.FeatureScaling;
import com.dipgnn.graph.FeatureStandardization;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.inference.ModelInputs;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.store.InputPreparation;
import com.dipgnn.store.ModelManifest;
import com.dipgnn.store.ModelStore;
import com.dipgnn.store.ModelTask;
import com.dipgnn.text.TextInputs;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Saves the encoder a pre-training method keeps (DiP-GNN: the discriminator; GPT-GNN and GAE:
 * the generator) as a model directory in the engine's format, with its edge heads as the head
 * and the pre-training figures in the manifest. The generator of DiP-GNN is dropped.
 */
public final class PretrainedModels {

    private PretrainedModels() {}

    /** Writes the method's kept encoder atomically to {@code dir} (which must not exist). */
    public static ModelManifest save(
            Path dir,
            PretrainResult result,
            PretrainConfig config,
            ModelConfig model,
            HeteroGraph pretrainGraph,
            String dataset,
            long splitSeed,
            TextInputs text,
            FeatureScaling scaling)
            throws IOException {
        return save(
                dir, result, config, config.method().kept(), model, pretrainGraph, dataset, splitSeed, text, scaling);
    }

    /**
     * Writes the chosen network's encoder (e.g. DiP-GNN's generator, for a diagnostic) atomically to
     * {@code dir}, with the graph's text inputs (vocabulary and input columns) when {@code text} is not
     * null and the standardisation of its dense features when {@code scaling} is neither null nor the
     * identity, so fine-tuning and serving read text and features as pre-training did.
     */
    public static ModelManifest save(
            Path dir,
            PretrainResult result,
            PretrainConfig config,
            PretrainMethod.Kept which,
            ModelConfig model,
            HeteroGraph pretrainGraph,
            String dataset,
            long splitSeed,
            TextInputs text,
            FeatureScaling scaling)
            throws IOException {
        ModelManifest manifest = manifest(result, config, which, model, pretrainGraph, dataset, splitSeed, scaling);
        ModelStore.save(
                dir,
                manifest,
                result.networks().encoder(which),
                result.networks().edgeHeads(which),
                ModelInputs.attachment(text, scaling));
        return manifest;
    }

    static ModelManifest manifest(
            PretrainResult result,
            PretrainConfig config,
            PretrainMethod.Kept which,
            ModelConfig model,
            HeteroGraph pretrainGraph,
            String dataset,
            long splitSeed,
            FeatureScaling scaling) {
        PretrainMethod method = config.method();
        ModelTask.Pretraining task = new ModelTask.Pretraining(
                method.cliName(), which.name().toLowerCase(Locale.ROOT), pretrainGraph.name());
        InputPreparation preparation = new InputPreparation(
                config.sampling(),
                false,
                scaling == null || scaling.types().isEmpty()
                        ? FeatureStandardization.NONE
                        : FeatureStandardization.AUTO,
                scaling == null ? List.of() : List.copyOf(scaling.types().keySet()));
        Map<String, Map<String, Double>> metrics = new LinkedHashMap<>();
        metrics.put("pretrain_final", result.finalMetrics());
        metrics.put("pretrain_mean", result.overall());
        return ModelManifest.of(
                        model,
                        GraphSchema.of(pretrainGraph, model.nodeInputs()),
                        task,
                        dataset,
                        pretrainGraph.fingerprint(),
                        splitSeed,
                        preparation,
                        metrics)
                .withSection(
                        PretrainProvenance.SECTION,
                        new PretrainProvenance(config, which, result.steps(), result.seconds()));
    }
}
