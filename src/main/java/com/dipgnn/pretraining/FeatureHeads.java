package com.dipgnn.pretraining;

import com.dipgnn.model.GraphModule;
import com.dipgnn.model.Linear;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A linear map per featured node type from the hidden width: to the feature width for the
 * generator (W_g v-hat regression), to one logit for the discriminator (was it replaced?).
 */
public final class FeatureHeads extends GraphModule {

    private final Map<String, Linear> heads = new LinkedHashMap<>();

    /**
     * @param featureDims feature width per node type (types of width 0 get no head)
     * @param hidden encoder width
     * @param toFeatureWidth true for the generator (outputs the feature width), false for the discriminator (1)
     */
    public FeatureHeads(Map<String, Integer> featureDims, int hidden, boolean toFeatureWidth) {
        featureDims.forEach((type, dim) -> {
            if (dim > 0) {
                heads.put(type, addChild(type, new Linear(hidden, toFeatureWidth ? dim : 1, true)));
            }
        });
    }

    public Linear head(String type) {
        return heads.get(type);
    }

    public boolean isEmpty() {
        return heads.isEmpty();
    }
}
