package com.dipgnn.pretraining;

import ai.djl.ndarray.NDArray;
import com.dipgnn.model.GraphBatch;
import java.util.Map;

/**
 * A feature generator / discriminator pair: the generator reconstructs the features of chosen
 * nodes from its node embeddings (their own features hidden from its input), the discriminator
 * sees the reconstructions in place of the originals and tells what was replaced. Vector features
 * use {@link VectorFeatureObjective}, text features {@link TextFeatureObjective} (an ELECTRA-style
 * token generator and discriminator that also see the node's embedding). {@link PretrainObjective}
 * runs every pair of a method and adds their losses to L_gen and L_disc.
 */
public interface FeatureObjective {

    /**
     * A loss term and the figures it reports.
     *
     * @param loss a scalar, or null when the step had nothing for this term
     * @param stats figures by {@link PretrainMetrics} name
     */
    record Term(NDArray loss, Map<String, Double> stats) {}

    /** One step of the pair, begun by {@link #begin}: the generator's inputs are already hidden. */
    interface Step {

        /** What the pair generates, naming its loss terms ({@code feature} or {@code text}). */
        String kind();

        /** The generator's feature loss, from the generator's node embeddings. */
        Term generate(Map<String, NDArray> generatorEmbeddings);

        /** Feeds what the generator produced to the discriminator's batch (in place). */
        void corrupt(GraphBatch discriminatorBatch);

        /** The discriminator's replaced-feature detection loss, from its node embeddings. */
        Term discriminate(Map<String, NDArray> discriminatorEmbeddings);
    }

    /**
     * Hides the chosen nodes' features from the generator's batch (in place) and begins the step;
     * null when the step has nothing for this pair to generate.
     *
     * @param training whether dropout is active in the pair's own networks
     */
    Step begin(GraphBatch generatorBatch, PretrainBatch batch, boolean training);
}
