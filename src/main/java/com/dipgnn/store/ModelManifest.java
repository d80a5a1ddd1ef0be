package com.dipgnn.store;

import com.dipgnn.graph.RelationType;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.model.NodeInputConfig;
import com.dipgnn.model.TypeSelection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON manifest stored beside a model's parameters: enough to rebuild the architecture and to
 * say where the weights came from (data set fingerprint, split seed, hyper-parameters, metrics,
 * code version).
 *
 * @param format manifest format version
 * @param createdAt ISO-8601 creation time
 * @param codeVersion version of the code that trained the model
 * @param backbone encoder backbone
 * @param layers message-passing layers
 * @param hidden hidden width
 * @param heads attention heads
 * @param dropout dropout rate used in training
 * @param attentionDropout attention dropout used in training
 * @param featureDims feature width per node type (0 = featureless)
 * @param relations relation keys ({@code src__name__dst}) in order
 * @param task task description (kind, target type, classes or relation, ...)
 * @param dataset data set name
 * @param datasetFingerprint fingerprint of the graph the model was trained on
 * @param splitSeed seed of the data split
 * @param hyperParameters training hyper-parameters
 * @param metrics split to metric to value
 * @param nodeInputs per-node embeddings and structural inputs; null in manifests written before
 *     they existed, whose models have neither ({@link NodeInputConfig#LEGACY})
 * @param structuralDims structural input width per node type; null (none) in older manifests
 * @param files every other file of the model directory (its path relative to the directory) to its
 *     SHA-256 ({@code sha256:<hex>}), checked when the model is loaded; null in manifests written
 *     before checksums existed, whose files are loaded unchecked
 */
public record ModelManifest(
        int format,
        String createdAt,
        String codeVersion,
        Backbone backbone,
        int layers,
        int hidden,
        int heads,
        double dropout,
        double attentionDropout,
        Map<String, Integer> featureDims,
        List<String> relations,
        Map<String, Object> task,
        String dataset,
        String datasetFingerprint,
        long splitSeed,
        Map<String, Object> hyperParameters,
        Map<String, Map<String, Double>> metrics,
        NodeInputs nodeInputs,
        Map<String, Integer> structuralDims,
        Map<String, String> files) {

    public static final int FORMAT = 1;

    /** A manifest as written before node inputs existed (a model with {@link NodeInputConfig#LEGACY} inputs). */
    public ModelManifest(int format, String createdAt, String codeVersion, Backbone backbone, int layers, int hidden,
                         int heads, double dropout, double attentionDropout, Map<String, Integer> featureDims,
                         List<String> relations, Map<String, Object> task, String dataset, String datasetFingerprint,
                         long splitSeed, Map<String, Object> hyperParameters, Map<String, Map<String, Double>> metrics) {
        this(format, createdAt, codeVersion, backbone, layers, hidden, heads, dropout, attentionDropout, featureDims,
                relations, task, dataset, datasetFingerprint, splitSeed, hyperParameters, metrics, null, null, null);
    }

    /** This manifest listing {@code files} (path to {@code sha256:<hex>}) as the model's files. */
    public ModelManifest withFiles(Map<String, String> files) {
        return new ModelManifest(format, createdAt, codeVersion, backbone, layers, hidden, heads, dropout,
                attentionDropout, featureDims, relations, task, dataset, datasetFingerprint, splitSeed,
                hyperParameters, metrics, nodeInputs, structuralDims, files);
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
            return new NodeInputs(config.embeddings().toString(), config.embeddingWidth(),
                    config.structural().toString(), config.rowDropout());
        }

        NodeInputConfig config() {
            return new NodeInputConfig(TypeSelection.parse(embeddings), embeddingWidth,
                    TypeSelection.parse(structural), rowDropout);
        }
    }

    /** The architecture; a manifest without node inputs (written before they existed) gives {@link NodeInputConfig#LEGACY}. */
    public ModelConfig modelConfig() {
        return new ModelConfig(backbone, layers, hidden, heads, dropout, attentionDropout,
                nodeInputs == null ? NodeInputConfig.LEGACY : nodeInputs.config());
    }

    public GraphSchema schema() {
        return new GraphSchema(new LinkedHashMap<>(featureDims), relations.stream().map(RelationType::parse).toList(),
                structuralDims);
    }

    /** A manifest for a model of this architecture on this schema; the rest is filled in by the caller. */
    public static ModelManifest of(ModelConfig config, GraphSchema schema, Map<String, Object> task, String dataset,
                                   String fingerprint, long splitSeed, Map<String, Object> hyperParameters,
                                   Map<String, Map<String, Double>> metrics) {
        return new ModelManifest(FORMAT, java.time.Instant.now().toString(), CodeVersion.get(),
                config.backbone(), config.layers(), config.hidden(), config.heads(), config.dropout(),
                config.attentionDropout(), schema.featureDims(),
                schema.relations().stream().map(RelationType::key).toList(), task, dataset, fingerprint, splitSeed,
                hyperParameters, metrics, NodeInputs.of(config.nodeInputs()), schema.structuralDims(), null);
    }
}
