package com.dipgnn.pretraining;

import com.dipgnn.naming.EnumNames;

/**
 * How the feature generator makes the vectors the discriminator sees in place of the hidden ones.
 */
public enum FeatureReplacement {

    /**
     * The paper's (its appendix): the regression output v-hat = W_g h_g(n), trained by squared error.
     * On sparse count or binary features a dense real vector is told from an original by its form alone.
     */
    REGRESSED,

    /**
     * A real vector: the generator scores the step's pool of real feature vectors of the type (the
     * hidden nodes' own and as many sampled others) by cosine with its regression output over the
     * temperature, is trained by softmax cross-entropy towards the node's own vector (as the edge
     * generator picks a source among candidates), and its most likely pick replaces the input. A
     * replacement then differs from an original only in whether it fits the node's place in the graph.
     */
    SAMPLED;

    private static final EnumNames<FeatureReplacement> NAMES =
            EnumNames.of(FeatureReplacement.class, "feature replacement").build();

    /** The CLI / API name. */
    public String cliName() {
        return NAMES.name(this);
    }

    /** Parses a CLI / API name, case-insensitively. */
    public static FeatureReplacement parse(String name) {
        return NAMES.parse(name);
    }
}
