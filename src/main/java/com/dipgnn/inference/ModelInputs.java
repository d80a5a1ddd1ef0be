package com.dipgnn.inference;

import com.dipgnn.graph.FeatureScaling;
import com.dipgnn.store.ModelStore;
import com.dipgnn.text.TextInputs;
import com.dipgnn.text.TextInputsFile;

/** The files that say how a model reads its inputs, written with the model by {@link ModelStore#save}. */
public final class ModelInputs {

    private ModelInputs() {}

    /**
     * Its text inputs (vocabulary and columns) when {@code text} is not null, its feature scaling
     * when {@code scaling} is neither null nor the identity, so fine-tuning and serving read the
     * graph as training did.
     */
    public static ModelStore.Attachment attachment(TextInputs text, FeatureScaling scaling) {
        return modelDir -> {
            if (text != null) {
                TextInputsFile.save(text, modelDir);
            }
            if (scaling != null) {
                scaling.save(modelDir);
            }
        };
    }
}
