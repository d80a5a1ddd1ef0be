package com.dipgnn.pretraining;

import ai.djl.ndarray.NDArray;
import com.dipgnn.model.GraphBatch;
import java.util.Map;

/**
 * A feature generator / discriminator pair: the generator reconstructs the features of chosen
 * nodes from its node embeddings (their own features hidden from its input), the discriminator
 * sees the reconstructions in place of the originals and tells which nodes were replaced. Vector
 * features use {@link VectorFeatureObjective}; text features plug in their own implementation
 * (an ELECTRA-style token generator and discriminator that also see the node's embedding).
 */
public interface FeatureObjective {

    /** What the generator was not shown, per node type: original inputs and a (nodes, 1) 0/1 mask. */
    record Masking(Map<String, NDArray> originals, Map<String, NDArray> masks) {
    }

    /**
     * The generator's output.
     *
     * @param loss the generator's feature loss (a scalar)
     * @param corrupted per node type, the discriminator's inputs (originals with generated rows, no gradient)
     * @param replaced per node type, a (nodes) 0/1 label: 1 where the input was replaced and differs
     *     from the original (a reconstruction equal to the original counts as original, as in ELECTRA)
     * @param meanError the mean squared reconstruction error per masked node (for reports)
     */
    record Generation(NDArray loss, Map<String, NDArray> corrupted, Map<String, NDArray> replaced, double meanError) {
    }

    /** The discriminator's feature loss (a scalar) and its accuracy over all featured nodes. */
    record Discrimination(NDArray loss, double accuracy) {
    }

    /** Hides the chosen nodes' features from the generator's batch (in place). */
    Masking hide(GraphBatch generatorBatch, PretrainBatch batch);

    /** Generates features for the hidden nodes from the generator's embeddings. */
    Generation generate(Map<String, NDArray> generatorEmbeddings, Masking masking);

    /** Feeds the corrupted features to the discriminator's batch (in place). */
    void corrupt(GraphBatch discriminatorBatch, Generation generation);

    /** The discriminator's replaced-feature detection loss. */
    Discrimination discriminate(Map<String, NDArray> discriminatorEmbeddings, Generation generation);
}
