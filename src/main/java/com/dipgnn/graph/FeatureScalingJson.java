package com.dipgnn.graph;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The versioned JSON form of a {@link FeatureScaling}:
 * <pre>{@code
 * {"format": "dipgnn-feature-scaling", "version": 1,
 *  "types": {"movie": {"mean": [1995.1, 0.0], "scale": [12.5, 1.0]}}}
 * }</pre>
 * Doubles are written in their shortest exact form, so a scaling reads back equal. Reading refuses
 * anything else with the file, what is wrong and how to fix it.
 */
final class FeatureScalingJson {

    static final String FORMAT = "dipgnn-feature-scaling";
    static final int VERSION = 1;

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .configure(JsonParser.Feature.STRICT_DUPLICATE_DETECTION, true);
    private static final String DAMAGED = "; the model directory is damaged: copy it again or train the model again";

    private FeatureScalingJson() {}

    static void write(FeatureScaling scaling, Path file) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        root.put("format", FORMAT);
        root.put("version", VERSION);
        ObjectNode types = root.putObject("types");
        scaling.types().forEach((type, c) -> {
            ObjectNode node = types.putObject(type);
            ArrayNode mean = node.putArray("mean");
            ArrayNode scale = node.putArray("scale");
            for (double m : c.means()) {
                mean.add(m);
            }
            for (double s : c.scales()) {
                scale.add(s);
            }
        });
        Files.write(file, JSON.writeValueAsBytes(root));
    }

    static FeatureScaling read(Path file) {
        JsonNode root;
        try {
            root = JSON.readTree(file.toFile());
        } catch (JacksonException e) {
            throw new FeatureScalingException(
                    file + " is not valid JSON (" + e.getOriginalMessage() + ")" + DAMAGED, e);
        } catch (IOException e) {
            throw new FeatureScalingException("cannot read " + file + ": " + e.getMessage(), e);
        }
        if (root == null
                || !root.isObject()
                || !FORMAT.equals(root.path("format").asText(null))) {
            throw new FeatureScalingException(
                    file + " is not a feature scaling: it lacks \"format\": \"" + FORMAT + "\"" + DAMAGED);
        }
        JsonNode version = root.path("version");
        if (!version.isInt() || version.intValue() < 1) {
            throw new FeatureScalingException(file + " has no valid format \"version\" (a positive integer)" + DAMAGED);
        }
        if (version.intValue() > VERSION) {
            throw new FeatureScalingException(file + " has format version " + version.intValue() + ", but this "
                    + "version of dipgnn reads version " + VERSION + " only; use the dipgnn version that trained the "
                    + "model, or a newer one");
        }
        JsonNode types = root.path("types");
        if (!types.isObject()) {
            throw new FeatureScalingException(file + " has no \"types\" object" + DAMAGED);
        }
        Map<String, FeatureScaling.Columns> columns = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = types.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            columns.put(e.getKey(), columns(file, e.getKey(), e.getValue()));
        }
        return new FeatureScaling(columns);
    }

    private static FeatureScaling.Columns columns(Path file, String type, JsonNode node) {
        double[] mean = numbers(file, type, node.path("mean"), "mean");
        double[] scale = numbers(file, type, node.path("scale"), "scale");
        if (mean.length != scale.length || mean.length == 0) {
            throw new FeatureScalingException(file + ": type '" + type + "' has " + mean.length + " means and "
                    + scale.length + " scales; it needs one of each per feature column" + DAMAGED);
        }
        for (int j = 0; j < scale.length; j++) {
            if (scale[j] <= 0) {
                throw new FeatureScalingException(file + ": type '" + type + "' has scale " + scale[j] + " for column "
                        + j + "; scales must be positive" + DAMAGED);
            }
        }
        return new FeatureScaling.Columns(mean, scale);
    }

    private static double[] numbers(Path file, String type, JsonNode array, String field) {
        if (!array.isArray()) {
            throw new FeatureScalingException(file + ": type '" + type + "' has no \"" + field + "\" array" + DAMAGED);
        }
        double[] out = new double[array.size()];
        for (int j = 0; j < out.length; j++) {
            JsonNode v = array.get(j);
            if (!v.isNumber() || !Double.isFinite(v.doubleValue())) {
                throw new FeatureScalingException(file + ": type '" + type + "' has " + field + "[" + j + "] = " + v
                        + "; it must be a finite number" + DAMAGED);
            }
            out[j] = v.doubleValue();
        }
        return out;
    }
}
