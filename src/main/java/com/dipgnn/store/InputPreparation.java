package com.dipgnn.store;

import com.dipgnn.graph.FeatureStandardization;
import com.dipgnn.sampling.SamplingConfig;
import java.util.List;
import java.util.Objects;

/**
 * How a model's inputs were prepared in training, which serving and fine-tuning must repeat: the
 * subgraph sampling and what was done to the dense features.
 *
 * @param sampling the sampler's depth and width
 * @param rowNormalizeFeatures whether features were scaled to unit row sum ({@code --normalize-features})
 * @param standardizeFeatures the standardisation mode ({@code --standardize-features})
 * @param standardizedFeatureTypes the node types whose dense columns were standardised (their
 *     statistics are stored in the model directory)
 */
public record InputPreparation(
        SamplingConfig sampling,
        boolean rowNormalizeFeatures,
        FeatureStandardization standardizeFeatures,
        List<String> standardizedFeatureTypes) {

    public InputPreparation {
        Objects.requireNonNull(sampling, "sampling");
        Objects.requireNonNull(standardizeFeatures, "standardizeFeatures");
        standardizedFeatureTypes = List.copyOf(standardizedFeatureTypes);
    }

    /** The default sampling ({@link SamplingConfig#defaults()}), features as loaded. */
    public static InputPreparation defaults() {
        return of(SamplingConfig.defaults());
    }

    /** {@code sampling}, features as loaded. */
    public static InputPreparation of(SamplingConfig sampling) {
        return new InputPreparation(sampling, false, FeatureStandardization.NONE, List.of());
    }
}
