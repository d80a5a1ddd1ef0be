package com.dipgnn.store;

import com.dipgnn.graph.RelationType;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.model.NodeInputConfig;
import com.dipgnn.model.PropagationConfig;
import com.dipgnn.model.TypeSelection;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The JSON manifest stored beside a model's parameters: enough to rebuild the architecture, to
 * prepare its inputs as its training did, and to say where the weights came from. Provenance is
 * typed: the architecture ({@link #modelConfig()}), the input preparation, the runtime, and one
 * record per training stage ({@link #section}: the pre-training's and the fine-tuning's
 * configuration records themselves), never values by string key.
 *
 * <p>Format 3: the task typed ({@link ModelTask}). Manifests of format 1 (the versions before
 * 0.1.0's typed provenance) and format 2 (the task a key-value map) are upgraded when read ({@link
 * ManifestMigration}); a newer format is refused.
 *
 * @param format manifest format version ({@link #FORMAT} when written)
 * @param createdAt ISO-8601 creation time
 * @param codeVersion version of the code that trained the model
 * @param runtime DJL, engine, Java, device and platform of the training; null for format-1 models
 * @param backbone encoder backbone
 * @param layers message-passing layers
 * @param hidden hidden width
 * @param heads attention heads
 * @param dropout dropout rate used in training
 * @param attentionDropout attention dropout used in training
 * @param featureDims feature width per node type (0 = featureless)
 * @param relations relation keys ({@code src__name__dst}) in order
 * @param task what the model was trained for (node classification, link prediction or pre-training)
 * @param dataset data set name
 * @param datasetFingerprint fingerprint of the graph the model was trained on
 * @param splitSeed seed of the data split
 * @param preparation sampling and feature preparation, to be repeated by fine-tuning and serving
 * @param provenance the training stages' configuration records by section name ({@link #section})
 * @param legacyHyperParameters a format-1 manifest's hyper-parameters as recorded, shown but never
 *     read by the code; null from format 2 on
 * @param metrics split to metric to value
 * @param nodeInputs per-node embeddings and structural inputs; null in manifests written before
 *     they existed, whose models have neither ({@link NodeInputConfig#LEGACY})
 * @param structuralDims structural input width per node type; null (none) in older manifests
 * @param files every other file of the model directory (its path relative to the directory) to its
 *     SHA-256 ({@code sha256:<hex>}), checked when the model is loaded; null in manifests written
 *     before checksums existed, whose files are loaded unchecked
 * @param propagation the {@link Backbone#PROPAGATION} backbone's options; null for the other
 *     backbones and in manifests written before it existed ({@link PropagationConfig#DEFAULT})
 */
public record ModelManifest(
        int format,
        String createdAt,
        String codeVersion,
        RuntimeProvenance runtime,
        Backbone backbone,
        int layers,
        int hidden,
        int heads,
        double dropout,
        double attentionDropout,
        Map<String, Integer> featureDims,
        List<String> relations,
        ModelTask task,
        String dataset,
        String datasetFingerprint,
        long splitSeed,
        InputPreparation preparation,
        Map<String, JsonNode> provenance,
        Map<String, Object> legacyHyperParameters,
        Map<String, Map<String, Double>> metrics,
        NodeInputs nodeInputs,
        Map<String, Integer> structuralDims,
        Map<String, String> files,
        PropagationConfig propagation) {

    public static final int FORMAT = 3;

    private static final ObjectMapper SECTIONS = new ObjectMapper();

    public ModelManifest {
        provenance = provenance == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(provenance));
    }

    /** This manifest listing {@code files} (path to {@code sha256:<hex>}) as the model's files. */
    public ModelManifest withFiles(Map<String, String> files) {
        return new ModelManifest(
                format,
                createdAt,
                codeVersion,
                runtime,
                backbone,
                layers,
                hidden,
                heads,
                dropout,
                attentionDropout,
                featureDims,
                relations,
                task,
                dataset,
                datasetFingerprint,
                splitSeed,
                preparation,
                provenance,
                legacyHyperParameters,
                metrics,
                nodeInputs,
                structuralDims,
                files,
                propagation);
    }

    /** This manifest recording {@code runtime} as where the model was trained. */
    public ModelManifest withRuntime(RuntimeProvenance runtime) {
        return new ModelManifest(
                format,
                createdAt,
                codeVersion,
                runtime,
                backbone,
                layers,
                hidden,
                heads,
                dropout,
                attentionDropout,
                featureDims,
                relations,
                task,
                dataset,
                datasetFingerprint,
                splitSeed,
                preparation,
                provenance,
                legacyHyperParameters,
                metrics,
                nodeInputs,
                structuralDims,
                files,
                propagation);
    }

    /**
     * This manifest with the configuration record of one training stage ({@code value}, a record of
     * the package that owns the stage) under {@code name}.
     */
    public ModelManifest withSection(String name, Record value) {
        Map<String, JsonNode> sections = new LinkedHashMap<>(provenance);
        sections.put(name, SECTIONS.valueToTree(value));
        return new ModelManifest(
                format,
                createdAt,
                codeVersion,
                runtime,
                backbone,
                layers,
                hidden,
                heads,
                dropout,
                attentionDropout,
                featureDims,
                relations,
                task,
                dataset,
                datasetFingerprint,
                splitSeed,
                preparation,
                sections,
                legacyHyperParameters,
                metrics,
                nodeInputs,
                structuralDims,
                files,
                propagation);
    }

    /**
     * The configuration record of one training stage, as {@link #withSection} stored it; empty when
     * the model has no such stage (or was written in format 1, which stored none).
     *
     * @throws IllegalStateException when the section does not read as {@code type}: a damaged manifest
     */
    public <T extends Record> Optional<T> section(String name, Class<T> type) {
        JsonNode node = provenance.get(name);
        if (node == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(SECTIONS.treeToValue(node, type));
        } catch (com.fasterxml.jackson.core.JsonProcessingException | IllegalArgumentException e) {
            throw new IllegalStateException(
                    "the manifest's '" + name + "' section does not read as "
                            + type.getSimpleName() + " (" + e.getMessage() + "); the model directory is damaged: "
                            + "copy it again or train the model again",
                    e);
        }
    }

    /**
     * The node inputs as stored: type selections as {@code auto}, {@code none}, {@code all} or a
     * comma-separated list (see {@link NodeInputConfig}).
     *
     * @param embeddings types with per-node embeddings
     * @param embeddingWidth their width, 0 = hidden
     * @param structural types with structural inputs
     * @param rowDropout training probability of reading the unknown vector instead of a row
     */
    public record NodeInputs(String embeddings, int embeddingWidth, String structural, double rowDropout) {

        static NodeInputs of(NodeInputConfig config) {
            return new NodeInputs(
                    config.embeddings().toString(),
                    config.embeddingWidth(),
                    config.structural().toString(),
                    config.rowDropout());
        }

        NodeInputConfig config() {
            return new NodeInputConfig(
                    TypeSelection.parse(embeddings), embeddingWidth, TypeSelection.parse(structural), rowDropout);
        }
    }

    /** The architecture; a manifest without node inputs (written before they existed) gives {@link NodeInputConfig#LEGACY}. */
    public ModelConfig modelConfig() {
        return new ModelConfig(
                backbone,
                layers,
                hidden,
                heads,
                dropout,
                attentionDropout,
                nodeInputs == null ? NodeInputConfig.LEGACY : nodeInputs.config(),
                propagation);
    }

    public GraphSchema schema() {
        return new GraphSchema(
                new LinkedHashMap<>(featureDims),
                relations.stream().map(RelationType::parse).toList(),
                structuralDims);
    }

    /**
     * A manifest for a model of this architecture on this schema, its inputs prepared as
     * {@code preparation} says; the training stages add their sections ({@link #withSection}) and
     * {@link ModelStore#save} the runtime and the files.
     */
    public static ModelManifest of(
            ModelConfig config,
            GraphSchema schema,
            ModelTask task,
            String dataset,
            String fingerprint,
            long splitSeed,
            InputPreparation preparation,
            Map<String, Map<String, Double>> metrics) {
        return new ModelManifest(
                FORMAT,
                Instant.now().toString(),
                CodeVersion.get(),
                null,
                config.backbone(),
                config.layers(),
                config.hidden(),
                config.heads(),
                config.dropout(),
                config.attentionDropout(),
                schema.featureDims(),
                schema.relations().stream().map(RelationType::key).toList(),
                task,
                dataset,
                fingerprint,
                splitSeed,
                preparation,
                Map.of(),
                null,
                metrics,
                NodeInputs.of(config.nodeInputs()),
                schema.structuralDims(),
                null,
                config.backbone() == Backbone.PROPAGATION ? config.propagation() : null);
    }
}
