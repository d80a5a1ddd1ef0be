package com.dipgnn.graph.io;

import com.dipgnn.graph.RelationType;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The parts of a {@code gnnfmt-1} {@code meta.json} that loading needs: node types with their
 * counts, classes, text and features, and edge types with their counts and direction.
 *
 * @param name the data set name
 * @param title a human-readable title (the name when absent)
 * @param nodeTypes node types in file order
 * @param edgeTypes edge types in file order
 */
public record GnnFmtMeta(String name, String title, List<NodeType> nodeTypes, List<EdgeType> edgeTypes) {

    /** The layout this reader understands. */
    public static final String FORMAT = "gnnfmt-1";

    /** The meta data file inside a data set folder. */
    public static final String FILE_NAME = "meta.json";

    /**
     * One node type.
     *
     * @param name the type name (the file {@code nodes/<name>.tsv.gz})
     * @param count number of nodes
     * @param labeled number of labeled nodes as stated by the file, or -1
     * @param numClasses number of classes; 0 when the type has no labels
     * @param hasText whether the {@code text} column holds text
     * @param featureDim feature width; 0 when the type has no features
     * @param sparseFeatures whether the features are {@code index:value} pairs
     * @param featureNnz stated number of sparse entries, or -1
     * @param splits stated number of nodes per split name
     */
    public record NodeType(
            String name,
            int count,
            int labeled,
            int numClasses,
            boolean hasText,
            int featureDim,
            boolean sparseFeatures,
            long featureNnz,
            Map<String, Integer> splits) {}

    /**
     * One edge type.
     *
     * @param relation the relation (the file {@code edges/<src>__<relation>__<dst>.tsv.gz})
     * @param count number of edge rows
     * @param directed false when each unordered pair is stored once
     * @param splitColumn the column with per-edge split marks, or null
     * @param splits stated number of edges per split name
     */
    public record EdgeType(
            RelationType relation, int count, boolean directed, String splitColumn, Map<String, Integer> splits) {}

    /**
     * Refuses sizes beyond {@code limits} before anything of those sizes is allocated: a type's
     * node count and feature width (and their product, one array, or its declared sparse pairs:
     * {@code max-values-per-type}), a relation's edge count.
     *
     * @param dir the data set folder, for messages
     */
    public void requireWithin(InputLimits limits, Path dir) {
        Path file = dir.resolve(FILE_NAME);
        for (NodeType t : nodeTypes) {
            if (t.count() > limits.maxNodes()) {
                throw new GraphDataException(
                        file,
                        0,
                        "node type " + Excerpt.of(t.name()) + " has count " + t.count() + ", more than "
                                + limits.maxNodes() + " (the limit max-nodes)",
                        limits.raise("max-nodes"));
            }
            if (t.numClasses() > DelimitedNodeReader.MAX_CLASSES) {
                throw new GraphDataException(
                        file,
                        0,
                        "node type " + Excerpt.of(t.name()) + " has num_classes " + t.numClasses() + ", more than "
                                + DelimitedNodeReader.MAX_CLASSES,
                        "a classifier of that many classes does not fit; check the value");
            }
            if (t.featureDim() > limits.maxFeatureDim()) {
                throw new GraphDataException(
                        file,
                        0,
                        "node type " + Excerpt.of(t.name()) + " has feature_dim " + t.featureDim() + ", more than "
                                + limits.maxFeatureDim() + " (the limit max-feature-dim)",
                        limits.raise("max-feature-dim"));
            }
            if (!t.sparseFeatures()) {
                limits.requireValues(
                        (long) t.count() * t.featureDim(),
                        "node type " + Excerpt.of(t.name()) + "'s dense features (count " + t.count()
                                + " x feature_dim " + t.featureDim() + ")",
                        file,
                        0);
            } else if (t.featureNnz() > 0) {
                limits.requireValues(
                        t.featureNnz(),
                        "node type " + Excerpt.of(t.name()) + "'s sparse features" + " (feature_nnz)",
                        file,
                        0);
            }
            if (!t.sparseFeatures() && (long) t.count() * t.featureDim() > Integer.MAX_VALUE - 8) {
                throw new GraphDataException(
                        file,
                        0,
                        "node type " + Excerpt.of(t.name()) + " has " + t.count() + " x " + t.featureDim()
                                + " dense features, more than one array holds",
                        "store them as sparse features (feature_format \"sparse\") or reduce their width");
            }
        }
        for (EdgeType e : edgeTypes) {
            if (e.count() > limits.maxEdges()) {
                throw new GraphDataException(
                        file,
                        0,
                        "relation " + e.relation() + " has count " + e.count() + ", more than " + limits.maxEdges()
                                + " (the limit max-edges)",
                        limits.raise("max-edges"));
            }
        }
    }

    /** Reads and checks {@code <dir>/meta.json}. */
    public static GnnFmtMeta read(Path dir) {
        Path file = dir.resolve(FILE_NAME);
        JsonNode root = parse(file);
        return new MetaParser(file).parse(root);
    }

    private static JsonNode parse(Path file) {
        if (!Files.isRegularFile(file)) {
            String remedy = Files.isDirectory(file.getParent())
                    ? "a gnnfmt-1 data set folder holds meta.json, nodes/, edges/ (see the datasets README)"
                    : "the data set folder " + file.getParent() + " does not exist";
            throw new GraphDataException(file, 0, "file not found", remedy);
        }
        return DataFiles.readJson(file);
    }

    /** The most bytes a JSON description of a graph (meta.json, graph.json) may have: it is read whole. */
    static final long MAX_DESCRIPTION_BYTES = 1 << 20;

    /** Refuses a description file too large to be one, before reading it. */
    static void requireSmallFile(Path file) {
        try {
            long size = Files.size(file);
            if (size > MAX_DESCRIPTION_BYTES) {
                throw new GraphDataException(
                        file,
                        0,
                        "the file has " + size + " bytes, more than " + MAX_DESCRIPTION_BYTES
                                + " (a graph's description)",
                        "describe the graph in it; the nodes," + " edges and features go into their own files");
            }
        } catch (IOException e) {
            throw DataFiles.readFailure(file, 0, e);
        }
    }

    /** The node type called {@code typeName}, or null. */
    public NodeType nodeType(String typeName) {
        return nodeTypes.stream()
                .filter(t -> t.name().equals(typeName))
                .findFirst()
                .orElse(null);
    }

    /** Total number of nodes over all types. */
    public long totalNodes() {
        return nodeTypes.stream().mapToLong(NodeType::count).sum();
    }

    /** Turns the JSON tree into checked records; every problem names meta.json. */
    private static final class MetaParser {

        private final Path file;

        MetaParser(Path file) {
            this.file = file;
        }

        GnnFmtMeta parse(JsonNode root) {
            if (!root.isObject()) {
                throw fail("the top level is not a JSON object", "expected { \"format\": \"gnnfmt-1\", ... }");
            }
            String format = root.path("format").asText("");
            if (!FORMAT.equals(format)) {
                throw fail(
                        "format is " + Excerpt.of(String.valueOf(format)), "expected \"format\": \"" + FORMAT + "\"");
            }
            String name = text(root, "name", "the top level");
            List<NodeType> nodes = nodeTypes(array(root, "node_types"));
            List<EdgeType> edges = edgeTypes(array(root, "edge_types"), nodes);
            return new GnnFmtMeta(name, root.path("title").asText(name), List.copyOf(nodes), List.copyOf(edges));
        }

        private List<NodeType> nodeTypes(JsonNode array) {
            List<NodeType> types = new ArrayList<>();
            Set<String> names = new HashSet<>();
            for (int i = 0; i < array.size(); i++) {
                NodeType type = nodeType(array.get(i), "node_types[" + i + "]");
                if (!names.add(type.name())) {
                    throw fail("node type '" + type.name() + "' is listed twice", "node type names must be unique");
                }
                types.add(type);
            }
            return types;
        }

        private NodeType nodeType(JsonNode json, String where) {
            String name = text(json, "name", where);
            where = where + " (" + Excerpt.of(name) + ")";
            int count = nonNegative(json, "count", where, -1);
            int featureDim = nonNegative(json, "feature_dim", where, 0);
            boolean sparse = featureDim > 0 && sparseFormat(json, where);
            return new NodeType(
                    name,
                    count,
                    json.path("labeled").asInt(-1),
                    nonNegative(json, "num_classes", where, 0),
                    json.path("has_text").asBoolean(false),
                    featureDim,
                    sparse,
                    json.path("feature_nnz").asLong(-1),
                    counts(json.path("splits")));
        }

        private boolean sparseFormat(JsonNode json, String where) {
            String format = json.path("feature_format").asText("");
            if (!format.equals("dense") && !format.equals("sparse")) {
                throw fail(
                        where + " has feature_format " + Excerpt.of(format),
                        "expected \"dense\" or \"sparse\" for a type with feature_dim > 0");
            }
            return format.equals("sparse");
        }

        private List<EdgeType> edgeTypes(JsonNode array, List<NodeType> nodes) {
            Set<String> nodeNames = new HashSet<>();
            nodes.forEach(n -> nodeNames.add(n.name()));
            List<EdgeType> types = new ArrayList<>();
            Set<RelationType> seen = new HashSet<>();
            for (int i = 0; i < array.size(); i++) {
                EdgeType type = edgeType(array.get(i), "edge_types[" + i + "]", nodeNames);
                if (!seen.add(type.relation())) {
                    throw fail("edge type '" + type.relation() + "' is listed twice", "edge type names must be unique");
                }
                types.add(type);
            }
            return types;
        }

        private EdgeType edgeType(JsonNode json, String where, Set<String> nodeNames) {
            RelationType relation = relation(text(json, "name", where), where);
            where = where + " ('" + relation + "')";
            for (String type : List.of(relation.source(), relation.target())) {
                if (!nodeNames.contains(type)) {
                    throw fail(
                            where + " joins node type '" + type + "', which node_types does not list",
                            "expected one of " + nodeNames);
                }
            }
            boolean directed = json.path("directed").asBoolean(true);
            if (!directed && !relation.source().equals(relation.target())) {
                throw fail(
                        where + " is undirected but joins two different node types",
                        "only a same-type relation can be \"directed\": false");
            }
            String splitColumn = json.hasNonNull("split_column")
                    ? json.get("split_column").asText()
                    : hasColumn(json, "split") ? "split" : null;
            return new EdgeType(
                    relation,
                    nonNegative(json, "count", where, -1),
                    directed,
                    splitColumn,
                    counts(json.path("splits")));
        }

        private RelationType relation(String name, String where) {
            try {
                return RelationType.parse(name);
            } catch (IllegalArgumentException e) {
                throw fail(where + " is named " + Excerpt.of(name), "expected <src>__<relation>__<dst>");
            }
        }

        private static boolean hasColumn(JsonNode json, String column) {
            for (JsonNode c : json.path("columns")) {
                if (c.asText().equals(column)) {
                    return true;
                }
            }
            return false;
        }

        private static Map<String, Integer> counts(JsonNode json) {
            Map<String, Integer> counts = new LinkedHashMap<>();
            json.properties().forEach(e -> counts.put(e.getKey(), e.getValue().asInt()));
            return Map.copyOf(counts);
        }

        private JsonNode array(JsonNode root, String field) {
            JsonNode array = root.get(field);
            if (array == null || !array.isArray()) {
                throw fail("\"" + field + "\" is missing or not an array", "expected a JSON array of type objects");
            }
            return array;
        }

        private String text(JsonNode json, String field, String where) {
            JsonNode value = json.get(field);
            if (value == null || !value.isTextual() || value.asText().isEmpty()) {
                throw fail(where + " lacks \"" + field + "\"", "expected a non-empty string");
            }
            return value.asText();
        }

        private int nonNegative(JsonNode json, String field, String where, int fallback) {
            JsonNode value = json.get(field);
            if (value == null && fallback >= 0) {
                return fallback;
            }
            if (value == null || !value.canConvertToInt() || !value.isIntegralNumber() || value.asInt() < 0) {
                throw fail(
                        where + " has " + (value == null ? "no" : "a bad") + " \"" + field + "\""
                                + (value == null ? "" : " (" + Excerpt.of(value.toString()) + ")"),
                        "expected a non-negative integer");
            }
            return value.asInt();
        }

        private GraphDataException fail(String problem, String remedy) {
            return new GraphDataException(file, 0, problem, remedy);
        }
    }
}
