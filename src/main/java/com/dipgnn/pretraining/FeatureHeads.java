package com.dipgnn.pretraining;

import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Parameter;
import ai.djl.training.initializer.NormalInitializer;
import com.dipgnn.model.GraphModule;
import com.dipgnn.model.Linear;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A linear map per featured node type from the hidden width: to the feature width for the
 * generator (W_g v-hat regression), to one logit for the discriminator (was it replaced?). The
 * generator's heads also hold a learned mask vector per type that stands in for hidden features
 * (as BERT's [MASK] token does); zeroed inputs would give all-zero hidden states, whose cosine and
 * layer-norm gradients blow up.
 */
public final class FeatureHeads extends GraphModule {

    private final Map<String, Linear> heads = new LinkedHashMap<>();
    private final Map<String, Parameter> maskVectors = new LinkedHashMap<>();

    /**
     * @param featureDims feature width per node type (types of width 0 get no head)
     * @param hidden encoder width
     * @param toFeatureWidth true for the generator (outputs the feature width), false for the discriminator (1)
     */
    public FeatureHeads(Map<String, Integer> featureDims, int hidden, boolean toFeatureWidth) {
        featureDims.forEach((type, dim) -> {
            if (dim > 0) {
                heads.put(type, addChild(type, new Linear(hidden, toFeatureWidth ? dim : 1, true)));
                if (toFeatureWidth) {
                    maskVectors.put(type, addParameter("mask_" + type, new Shape(dim), new NormalInitializer(0.1f)));
                }
            }
        });
    }

    public Linear head(String type) {
        return heads.get(type);
    }

    /** The learned stand-in for hidden features of the type (generator heads only), shape (dim). */
    public Parameter maskVector(String type) {
        return maskVectors.get(type);
    }

    public boolean isEmpty() {
        return heads.isEmpty();
    }
}
