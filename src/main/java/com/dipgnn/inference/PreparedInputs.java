package com.dipgnn.inference;

import com.dipgnn.graph.FeaturePreprocessing;
import com.dipgnn.graph.FeatureScaling;
import com.dipgnn.graph.FeatureStandardization;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.split.PretrainSplit;
import com.dipgnn.store.ModelStore;
import com.dipgnn.text.TextInputCache;
import com.dipgnn.text.TextInputConfig;
import com.dipgnn.text.TextInputScope;
import com.dipgnn.text.TextInputs;
import java.util.Map;
import java.util.Objects;

/**
 * A graph as a model reads it (its text-derived inputs added, its dense features standardised or
 * row-normalised), with what it takes to read another graph the same way, which is saved with the
 * model: the one preparation that pre-training and fine-tuning share.
 *
 * @param graph the prepared graph
 * @param text how its text is read, or null when it is not (a graph without text, or a model
 *     trained without text inputs)
 * @param features how its dense features were prepared
 */
public record PreparedInputs(HeteroGraph graph, TextInputs text, FeaturePreprocessing features) {

    public PreparedInputs {
        Objects.requireNonNull(graph, "graph");
        Objects.requireNonNull(features, "features");
    }

    /**
     * How a graph's inputs are prepared.
     *
     * @param text which node types read their text as input features
     * @param rowNormalize whether features are scaled to unit row sum (standardisation then does not apply)
     * @param standardization whether dense feature columns are standardised
     */
    public record Settings(TextInputScope text, boolean rowNormalize, FeatureStandardization standardization) {

        public Settings {
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(standardization, "standardization");
        }
    }

    /**
     * Learns the text inputs (when the graph has text) and the feature standardisation from the
     * nodes pre-training sees under {@code split}, never from a node or edge it holds back, and
     * applies both to the whole of {@code raw}.
     *
     * @param cache where text-derived rows are cached (null: computed every time)
     */
    public static PreparedInputs learn(HeteroGraph raw, PretrainSplit split, Settings settings, TextInputCache cache) {
        Map<String, int[]> seen = split.nodes(raw);
        TextInputs text = TextInputs.learn(raw, seen, TextInputConfig.defaults().withScope(settings.text()))
                .orElse(null);
        HeteroGraph withText = text == null ? raw : text.apply(raw, cache);
        FeaturePreprocessing features = settings.rowNormalize()
                ? FeaturePreprocessing.rowNormalized()
                : FeaturePreprocessing.standardized(settings.standardization().fit(withText, seen));
        return new PreparedInputs(features.apply(withText), text, features);
    }

    /**
     * {@code raw} read with a trained model's stored text inputs ({@code text}; null: its text is not
     * read) and feature standardisation ({@code scaling}), or row-normalised.
     */
    public static PreparedInputs stored(
            HeteroGraph raw, TextInputs text, FeatureScaling scaling, boolean rowNormalize, TextInputCache cache) {
        HeteroGraph withText = text == null ? raw : text.apply(raw, cache);
        FeaturePreprocessing features =
                rowNormalize ? FeaturePreprocessing.rowNormalized() : FeaturePreprocessing.standardized(scaling);
        return new PreparedInputs(features.apply(withText), text, features);
    }

    /** The feature standardisation (the identity when nothing is standardised, e.g. with row normalisation). */
    public FeatureScaling scaling() {
        return features.scaling();
    }

    /** The files that make a saved model read its inputs as these were prepared ({@link ModelInputs}). */
    public ModelStore.Attachment attachment() {
        return ModelInputs.attachment(text, features.scaling());
    }
}
