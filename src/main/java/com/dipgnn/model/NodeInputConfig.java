package com.dipgnn.model;

import java.util.Collection;
import java.util.Map;

/**
 * What each node type's input layer reads besides its features: a learned per-node embedding and
 * structural inputs (log(1 + degree) per relation leaving the type). Nodes whose embedding row was
 * never trained read the type's learned "unknown" vector instead.
 *
 * @param embeddings types with a per-node embedding table
 * @param embeddingWidth width of the per-node embeddings; 0 means the hidden width (a linear map
 *     projects other widths to the hidden width)
 * @param structural types with structural inputs
 * @param rowDropout probability, in training, that a node reads the unknown vector instead of its
 *     own row, so that the unknown vector learns to stand in for unseen nodes
 */
public record NodeInputConfig(
        TypeSelection embeddings, int embeddingWidth, TypeSelection structural, double rowDropout) {

    /** Per-node embeddings and structural inputs for the featureless types, width = hidden, row dropout 0.1. */
    public static final NodeInputConfig DEFAULT = new NodeInputConfig(TypeSelection.AUTO, 0, TypeSelection.AUTO, 0.1);

    /** The inputs of models saved before per-node inputs existed: one learned vector per featureless type. */
    public static final NodeInputConfig LEGACY = new NodeInputConfig(TypeSelection.NONE, 0, TypeSelection.NONE, 0.0);

    public NodeInputConfig {
        if (embeddings == null || structural == null) {
            throw new IllegalArgumentException("the embedding and structural type selections must be given");
        }
        if (embeddingWidth < 0) {
            throw new IllegalArgumentException(
                    "embedding width must be positive, or 0 for the hidden width; got " + embeddingWidth);
        }
        if (rowDropout < 0 || rowDropout >= 1) {
            throw new IllegalArgumentException("embedding row dropout must be in [0, 1); got " + rowDropout);
        }
    }

    /** The embedding width for encoders of this hidden width. */
    public int width(int hidden) {
        return embeddingWidth == 0 ? hidden : embeddingWidth;
    }

    public NodeInputConfig withEmbeddings(TypeSelection types) {
        return new NodeInputConfig(types, embeddingWidth, structural, rowDropout);
    }

    public NodeInputConfig withEmbeddingWidth(int width) {
        return new NodeInputConfig(embeddings, width, structural, rowDropout);
    }

    public NodeInputConfig withStructural(TypeSelection types) {
        return new NodeInputConfig(embeddings, embeddingWidth, types, rowDropout);
    }

    public NodeInputConfig withRowDropout(double rate) {
        return new NodeInputConfig(embeddings, embeddingWidth, structural, rate);
    }

    /**
     * These inputs where every node of {@code types} is seen in training (an edge split): an
     * {@code auto} selection of embeddings or structural inputs also gives those types a row per
     * node and their log-degrees, with or without features; explicit selections are kept.
     *
     * @param featureDims feature width per node type of the graph the model reads
     */
    public NodeInputConfig withEveryNodeSeen(Map<String, Integer> featureDims, Collection<String> types) {
        return withEmbeddings(embeddings.withAutoPlus(featureDims, types))
                .withStructural(structural.withAutoPlus(featureDims, types));
    }
}
