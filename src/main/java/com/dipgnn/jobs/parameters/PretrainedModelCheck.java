package com.dipgnn.jobs.parameters;

import com.dipgnn.graph.FeatureScaling;
import com.dipgnn.graph.FeatureStandardization;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.split.PretrainSplit;
import com.dipgnn.jobs.runner.JobParameterException;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.model.PropagationConfig;
import com.dipgnn.naming.EnumNames;
import com.dipgnn.store.ModelManifest;
import com.dipgnn.store.ModelStore;
import com.dipgnn.store.ModelTask;
import com.dipgnn.text.TextInputs;
import java.util.HashSet;

/**
 * The checks of a pre-trained model against a fine-tuning job: a pre-trained model, pre-trained on
 * what the job's split lets pre-training see of this graph (the node-transfer split's pre-training
 * part, or the training edges of the link task's edge split) with the job's split seed, with the
 * architecture and feature preparation the job asks for. Fine-tuning so never trains or tests on
 * what pre-training saw.
 */
final class PretrainedModelCheck {

    private final FinetuneParameters job;
    private final ModelManifest manifest;

    private PretrainedModelCheck(FinetuneParameters job, ModelManifest manifest) {
        this.job = job;
        this.manifest = manifest;
    }

    /**
     * Checks {@code manifest} for {@code job} on {@code graph}, where pre-training may have seen
     * {@code split} ({@link com.dipgnn.finetuning.ExperimentSpec#pretrainSplit}).
     *
     * @throws JobParameterException naming the field to change
     */
    static void check(FinetuneParameters job, HeteroGraph graph, ModelManifest manifest, PretrainSplit split) {
        new PretrainedModelCheck(job, manifest).check(graph, split);
    }

    private void check(HeteroGraph graph, PretrainSplit split) {
        if (!(manifest.task() instanceof ModelTask.Pretraining)) {
            throw new JobParameterException(
                    "pretrainedModelId",
                    "model '" + job.pretrainedModelId() + "' is a "
                            + manifest.task().kind()
                            + " model, not a pre-trained one; give a model made by a pre-training job, or omit "
                            + "pretrainedModelId to train from scratch");
        }
        if (split instanceof PretrainSplit.None) {
            throw new JobParameterException(
                    "split",
                    "fine-tuning from a pre-trained model needs the transfer split, or for the link task an edge "
                            + "split (dataset, holdout, leave-one-out) the model was pre-trained on (the data set's own "
                            + "node split would fine-tune on nodes pre-training saw); use split transfer");
        }
        if (manifest.splitSeed() != job.splitSeed()) {
            throw new JobParameterException(
                    "splitSeed",
                    "the pre-trained model was pre-trained with split seed "
                            + manifest.splitSeed() + ", so with " + job.splitSeed()
                            + " fine-tuning would use nodes it saw; use "
                            + "splitSeed " + manifest.splitSeed());
        }
        checkArchitecture(manifest.modelConfig());
        if (job.featureStandardization() == FeatureStandardization.NONE
                && manifest.files() != null
                && manifest.files().containsKey(FeatureScaling.FILE_NAME)) {
            throw new JobParameterException(
                    "standardizeFeatures",
                    "the pre-trained model was pre-trained on "
                            + "standardised features, so fine-tuning must read them the same way; omit standardizeFeatures "
                            + "or use auto");
        }
        try {
            ModelStore.requireCompatible(manifest, GraphSchema.of(graph), new HashSet<>(TextInputs.textTypes(graph)));
        } catch (IllegalArgumentException e) {
            throw new JobParameterException(
                    "pretrainedModelId",
                    "model '" + job.pretrainedModelId() + "' was pre-trained " + "on another data set ("
                            + e.getMessage() + "); give a model pre-trained on this data set");
        }
        String expected = split.graph(graph).fingerprint();
        if (!expected.equals(manifest.datasetFingerprint())) {
            throw new JobParameterException(
                    "pretrainedModelId",
                    "model '" + job.pretrainedModelId() + "' was pre-trained "
                            + "on data set '" + manifest.dataset() + "' (fingerprint " + manifest.datasetFingerprint()
                            + "), not on the pre-training part of graph '" + graph.name() + "' under split "
                            + job.split() + " with split seed " + job.splitSeed()
                            + " (fingerprint " + expected + "); give a model pre-trained on this data set "
                            + "with the same split");
        }
    }

    private void checkArchitecture(ModelConfig saved) {
        if (job.backbone() != null && ParameterChecks.backbone(job.backbone()) != saved.backbone()) {
            throw mismatch("backbone", EnumNames.nameOf(saved.backbone()));
        }
        if (job.layers() != null && job.layers() != saved.layers()) {
            throw mismatch("layers", saved.layers());
        }
        if (job.hidden() != null && job.hidden() != saved.hidden()) {
            throw mismatch("hidden", saved.hidden());
        }
        if (job.heads() != null && job.heads() != saved.heads()) {
            throw mismatch("heads", saved.heads());
        }
        if (job.nodeEmbeddings() != null
                && !ParameterChecks.nodeInputs(saved.nodeInputs(), job.nodeEmbeddings(), null)
                        .embeddings()
                        .equals(saved.nodeInputs().embeddings())) {
            throw mismatch("nodeEmbeddings", saved.nodeInputs().embeddings());
        }
        if (job.embeddingWidth() != null
                && job.embeddingWidth() != saved.nodeInputs().width(saved.hidden())) {
            throw mismatch("embeddingWidth", saved.nodeInputs().width(saved.hidden()));
        }
        if (job.structuralInputs() != null
                && !ParameterChecks.nodeInputs(saved.nodeInputs(), null, null, job.structuralInputs(), null)
                        .structural()
                        .equals(saved.nodeInputs().structural())) {
            throw mismatch("structuralInputs", saved.nodeInputs().structural());
        }
        checkPropagation(saved);
    }

    /** The propagation options given must be the model's (the backbone is checked first). */
    private void checkPropagation(ModelConfig saved) {
        PropagationParameters given = job.propagation();
        if (given == null || saved.backbone() != Backbone.PROPAGATION) {
            return;
        }
        PropagationConfig options = saved.propagation();
        if (given.layerWeights() != null && given.layerWeights() != options.layerWeights()) {
            throw mismatch(PropagationParameters.FIELD + ".layerWeights", options.layerWeights());
        }
        if (given.layerCombination() != null
                && PropagationConfig.LayerCombination.parse(given.layerCombination()) != options.combination()) {
            throw mismatch(PropagationParameters.FIELD + ".layerCombination", EnumNames.nameOf(options.combination()));
        }
    }

    private static JobParameterException mismatch(String field, Object saved) {
        return new JobParameterException(
                field, "the pre-trained model has " + field + " " + saved + "; omit " + field + " or use " + saved);
    }
}
