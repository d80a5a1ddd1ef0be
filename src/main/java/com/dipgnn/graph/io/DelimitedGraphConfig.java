package com.dipgnn.graph.io;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The optional {@code graph.json} of a delimited graph folder.
 *
 * @param file the file (it may not exist)
 * @param name the graph name, or null for the folder name
 * @param undirected relations (full {@code src__rel__dst} keys or bare names) whose pairs are unordered
 * @param numClasses declared number of classes per node type
 * @param multiLabel node types whose labels are sets
 * @param featureDim declared sparse feature width per node type
 */
record DelimitedGraphConfig(
        Path file,
        String name,
        Set<String> undirected,
        Map<String, Integer> numClasses,
        Set<String> multiLabel,
        Map<String, Integer> featureDim) {

    static final String FILE_NAME = "graph.json";

    private static final List<String> KEYS = List.of("name", "undirected", "num_classes", "multi_label", "feature_dim");

    /** Reads {@code <dir>/graph.json}, or gives the defaults when there is none. */
    static DelimitedGraphConfig read(Path dir) {
        Path file = dir.resolve(FILE_NAME);
        if (!Files.exists(file)) {
            return new DelimitedGraphConfig(file, null, Set.of(), Map.of(), Set.of(), Map.of());
        }
        JsonNode root = parse(file);
        if (!root.isObject()) {
            throw fail(file, "the top level is not a JSON object", "expected { \"undirected\": [...], ... }");
        }
        root.fieldNames().forEachRemaining(key -> {
            if (!KEYS.contains(key)) {
                throw fail(file, "unknown key " + Excerpt.of(key), "expected only " + String.join(", ", KEYS));
            }
        });
        String name = root.hasNonNull("name") ? root.get("name").asText() : null;
        return new DelimitedGraphConfig(
                file,
                name,
                strings(file, root, "undirected"),
                counts(file, root, "num_classes"),
                strings(file, root, "multi_label"),
                counts(file, root, "feature_dim"));
    }

    private static JsonNode parse(Path file) {
        return DataFiles.readJson(file);
    }

    private static Set<String> strings(Path file, JsonNode root, String key) {
        JsonNode array = root.get(key);
        if (array == null) {
            return Set.of();
        }
        if (!array.isArray()) {
            throw fail(file, "\"" + key + "\" is not an array", "expected an array of strings");
        }
        Set<String> values = new LinkedHashSet<>();
        for (JsonNode item : array) {
            if (!item.isTextual()) {
                throw fail(
                        file,
                        "\"" + key + "\" holds " + Excerpt.of(String.valueOf(item)),
                        "expected an array of strings");
            }
            values.add(item.asText());
        }
        return Set.copyOf(values);
    }

    private static Map<String, Integer> counts(Path file, JsonNode root, String key) {
        JsonNode object = root.get(key);
        if (object == null) {
            return Map.of();
        }
        if (!object.isObject()) {
            throw fail(file, "\"" + key + "\" is not an object", "expected { \"<node type>\": <integer>, ... }");
        }
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : object.properties()) {
            JsonNode value = e.getValue();
            if (!value.isIntegralNumber() || !value.canConvertToInt() || value.asInt() < 1) {
                throw fail(
                        file,
                        "\"" + key + "\" gives " + Excerpt.of(e.getKey()) + " the value "
                                + Excerpt.of(String.valueOf(value)),
                        "expected a positive integer");
            }
            counts.put(e.getKey(), value.asInt());
        }
        return Map.copyOf(counts);
    }

    /** Fails unless every node type the file names is among {@code nodeTypes}. */
    void checkNodeTypes(Set<String> nodeTypes) {
        checkKnown("num_classes", numClasses.keySet(), nodeTypes);
        checkKnown("multi_label", multiLabel, nodeTypes);
        checkKnown("feature_dim", featureDim.keySet(), nodeTypes);
    }

    private void checkKnown(String key, Set<String> named, Set<String> nodeTypes) {
        for (String type : named) {
            if (!nodeTypes.contains(type)) {
                throw fail(
                        file,
                        "\"" + key + "\" names node type " + Excerpt.of(type) + ", which has no node table",
                        "expected one of " + nodeTypes + " (the files in nodes/)");
            }
        }
    }

    static GraphDataException fail(Path file, String problem, String remedy) {
        return new GraphDataException(file, 0, problem, remedy);
    }
}
