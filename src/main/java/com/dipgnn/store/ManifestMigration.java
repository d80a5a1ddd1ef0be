package com.dipgnn.store;

import com.dipgnn.graph.FeatureStandardization;
import com.dipgnn.sampling.SamplingConfig;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a model manifest of any format this code knows, upgrading older ones to {@link
 * ModelManifest#FORMAT}; a newer format is refused with what to do.
 *
 * <p>Format 1 (before typed provenance) kept its training settings in a {@code hyperParameters}
 * map. The upgrade takes from it what the code needs, by these rules, and keeps the map as {@link
 * ModelManifest#legacyHyperParameters} for people to read:
 * <ul>
 *   <li>{@code sampling_depth} / {@code sampling_width}: the sampling; a model that recorded neither
 *       was trained with the defaults ({@link SamplingConfig#defaults()}), the only sampling then;</li>
 *   <li>{@code normalize_features}: row normalisation; absent in models written before the option
 *       existed, which were trained without it;</li>
 *   <li>{@code standardize_features} / {@code standardized_feature_types}: the standardisation; a
 *       pre-trained model recorded only the types (standardised: {@code auto}), and models written
 *       before standardisation existed record neither: their features entered as loaded ({@code none});</li>
 *   <li>no runtime and no stage sections: format 1 did not record them typed (a reproduction
 *       therefore pre-trains a format-1 model's method again instead of reusing it).</li>
 * </ul>
 *
 * <p>Formats 1 and 2 described the task as a key-value map ({@code "task": "node"}, {@code
 * "target_type"}, ...); format 3 types it ({@link ModelTask}), by the rules of {@link TaskMigration}.
 */
public final class ManifestMigration {

    private ManifestMigration() {}

    /** The manifest in {@code json}, upgraded to the current format. */
    public static ModelManifest read(ObjectMapper mapper, JsonNode json) throws IOException {
        if (!json.isObject()) {
            throw new IllegalArgumentException("a model manifest is a JSON object, not " + json.getNodeType());
        }
        int format = json.path("format").asInt(1);
        if (format > ModelManifest.FORMAT) {
            throw new IllegalArgumentException("the manifest has format " + format + ", written by a newer version "
                    + "of DiP-GNN than this one (which reads formats up to " + ModelManifest.FORMAT
                    + "): upgrade DiP-GNN to load the model");
        }
        ObjectNode current = format < ModelManifest.FORMAT ? (ObjectNode) json.deepCopy() : (ObjectNode) json;
        if (format < 2) {
            fromFormat1(current);
        }
        if (format < 3) {
            current.set("task", TaskMigration.typed(current.path("task")));
            current.put("format", ModelManifest.FORMAT);
        }
        return mapper.treeToValue(current, ModelManifest.class);
    }

    private static void fromFormat1(ObjectNode manifest) {
        JsonNode hyper = manifest.remove("hyperParameters");
        JsonNode settings = hyper == null || hyper.isNull() ? manifest.objectNode() : hyper;
        SamplingConfig defaults = SamplingConfig.defaults();
        ObjectNode sampling = manifest.objectNode()
                .put("depth", settings.path("sampling_depth").asInt(defaults.depth()))
                .put("width", settings.path("sampling_width").asInt(defaults.width()));
        ObjectNode preparation = manifest.objectNode();
        preparation.set("sampling", sampling);
        preparation.put(
                "rowNormalizeFeatures", settings.path("normalize_features").asBoolean(false));
        List<String> standardized = strings(settings.path("standardized_feature_types"));
        FeatureStandardization mode = settings.hasNonNull("standardize_features")
                ? FeatureStandardization.parse(
                        settings.get("standardize_features").asText())
                : standardized.isEmpty() ? FeatureStandardization.NONE : FeatureStandardization.AUTO;
        preparation.put("standardizeFeatures", mode.name());
        ArrayNode types = preparation.putArray("standardizedFeatureTypes");
        standardized.forEach(types::add);
        manifest.set("preparation", preparation);
        manifest.set("legacyHyperParameters", settings);
        manifest.putObject("provenance");
        manifest.putNull("runtime");
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
