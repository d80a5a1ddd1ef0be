package com.dipgnn.text;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.SparseFeatures;
import com.dipgnn.graph.TextDerivedFeatures;
import com.dipgnn.graph.split.PretrainSplit;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a model needs to read its graph's text, learned from the pre-training nodes alone and stored
 * with the model, so fine-tuning and serving read text exactly as pre-training did: the
 * {@link Vocabulary} (with its {@link Tokenizer}) and, for every node type that has text, the
 * columns of its text-derived input features: a type without vector features reads them alone, a
 * type with vector features reads them after its features (unless
 * {@link TextInputConfig#scope()} is {@link TextInputScope#FEATURELESS}, when it reads its features alone).
 *
 * <p>Text-derived inputs are TF-IDF rows over the type's {@link TextInputConfig#maxColumns()} most
 * frequent vocabulary entries (by document frequency among its pre-training texts; special tokens
 * excluded): {@code tf} is the count of the entry among the node's encoded ids (after truncation),
 * {@code idf = ln((1 + N) / (1 + df)) + 1} with {@code N} the type's pre-training texts, and each row
 * is scaled to unit L2 norm (a text with none of the columns gives an empty row). The model's input
 * layer learns the projection of these rows to the hidden width; the rows themselves are computed
 * once per data set and cached ({@link TextInputCache}).
 */
public final class TextInputs {

    private final Vocabulary vocabulary;
    private final Tokenizer tokenizer;
    private final Map<String, Columns> columns;
    private final String fingerprint;

    /**
     * The TF-IDF columns of one node type.
     *
     * @param tokenIds the vocabulary id of each column, strictly increasing
     * @param idf the inverse document frequency of each column
     * @param dataWidth the width of the vector features the data set gives the type, which come first
     *     in its input rows (0 for a type that has only text)
     */
    public record Columns(int[] tokenIds, float[] idf, int dataWidth) {

        public Columns {
            if (tokenIds.length != idf.length || tokenIds.length == 0) {
                throw new IllegalArgumentException("columns need one idf per token id, and at least one column");
            }
            if (dataWidth < 0) {
                throw new IllegalArgumentException("a data width cannot be negative: " + dataWidth);
            }
            for (int j = 1; j < tokenIds.length; j++) {
                if (tokenIds[j] <= tokenIds[j - 1]) {
                    throw new IllegalArgumentException("column token ids must be strictly increasing");
                }
            }
        }

        /** The columns of a type that has only text. */
        public Columns(int[] tokenIds, float[] idf) {
            this(tokenIds, idf, 0);
        }

        /** The column of {@code tokenId}, or -1. */
        public int column(int tokenId) {
            int j = Arrays.binarySearch(tokenIds, tokenId);
            return j >= 0 ? j : -1;
        }

        /** The number of text-derived columns. */
        public int width() {
            return tokenIds.length;
        }

        /** Whether the type reads its text beside vector features. */
        public boolean besideFeatures() {
            return dataWidth > 0;
        }
    }

    public TextInputs(Vocabulary vocabulary, Map<String, Columns> columns) {
        this.vocabulary = vocabulary;
        this.tokenizer = new Tokenizer(vocabulary);
        this.columns = Collections.unmodifiableMap(new LinkedHashMap<>(columns));
        for (Columns c : columns.values()) {
            if (c.tokenIds()[c.width() - 1] >= vocabulary.size() || c.tokenIds()[0] < Vocabulary.NUM_SPECIAL) {
                throw new IllegalArgumentException("text input columns name ids outside the vocabulary's words");
            }
        }
        this.fingerprint = computeFingerprint();
    }

    /** Whether any node type of {@code graph} carries text. */
    public static boolean hasText(HeteroGraph graph) {
        return !textTypes(graph).isEmpty();
    }

    /** The node types of {@code graph} with at least one non-blank text, in graph order. */
    public static List<String> textTypes(HeteroGraph graph) {
        List<String> types = new ArrayList<>();
        for (String type : graph.nodeTypes()) {
            String[] text = graph.nodes(type).text();
            if (text != null && Arrays.stream(text).anyMatch(t -> t != null && !t.isBlank())) {
                types.add(type);
            }
        }
        return types;
    }

    /**
     * Learns the vocabulary and input columns from the texts of {@code pretrainNodes} (per type, the
     * node ids pre-training may see) of {@code graph}; empty when the graph has no text.
     */
    public static Optional<TextInputs> learn(
            HeteroGraph graph, Map<String, int[]> pretrainNodes, TextInputConfig config) {
        List<String> types = textTypes(graph);
        if (types.isEmpty()) {
            return Optional.empty();
        }
        List<String> texts = new ArrayList<>();
        for (String type : types) {
            texts.addAll(textsOf(graph.nodes(type), pretrainNodes.get(type)));
        }
        Vocabulary vocabulary = Vocabulary.learn(texts, config.vocabulary());
        Tokenizer tokenizer = new Tokenizer(vocabulary);
        Map<String, Columns> columns = new LinkedHashMap<>();
        for (String type : types) {
            NodeTable table = graph.nodes(type);
            if (table.hasTextDerivedFeatures()) {
                throw new IllegalArgumentException("node type '" + type + "' already has text-derived features; "
                        + "learn text inputs from the graph as loaded");
            }
            int dataWidth = table.featureDim();
            if (dataWidth == 0 || config.scope() == TextInputScope.ALL) {
                Columns c =
                        columnsFor(textsOf(table, pretrainNodes.get(type)), tokenizer, config.maxColumns(), dataWidth);
                if (c != null) {
                    columns.put(type, c);
                }
            }
        }
        return Optional.of(new TextInputs(vocabulary, columns));
    }

    /**
     * Learns from the nodes pre-training sees under {@code split} ({@link PretrainSplit#nodes}: the
     * pre-training part of the node-transfer split, or every node on another split); empty when the
     * graph has no text.
     */
    public static Optional<TextInputs> learnForSplit(HeteroGraph graph, PretrainSplit split, TextInputConfig config) {
        if (!hasText(graph)) {
            return Optional.empty();
        }
        return learn(graph, split.nodes(graph), config);
    }

    private static List<String> textsOf(NodeTable table, int[] nodes) {
        String[] text = table.text();
        List<String> out = new ArrayList<>();
        if (text == null || nodes == null) {
            return out;
        }
        for (int n : nodes) {
            if (text[n] != null && !text[n].isBlank()) {
                out.add(text[n]);
            }
        }
        return out;
    }

    private static Columns columnsFor(List<String> texts, Tokenizer tokenizer, int maxColumns, int dataWidth) {
        Map<Integer, Integer> documentFrequency = new HashMap<>();
        for (String text : texts) {
            for (int id : distinctWords(tokenizer.encode(text))) {
                documentFrequency.merge(id, 1, Integer::sum);
            }
        }
        if (documentFrequency.isEmpty()) {
            return null;
        }
        List<Map.Entry<Integer, Integer>> ranked = new ArrayList<>(documentFrequency.entrySet());
        ranked.sort((a, b) -> a.getValue().equals(b.getValue())
                ? Integer.compare(a.getKey(), b.getKey())
                : Integer.compare(b.getValue(), a.getValue()));
        List<Map.Entry<Integer, Integer>> kept =
                new ArrayList<>(ranked.subList(0, Math.min(maxColumns, ranked.size())));
        kept.sort(Map.Entry.comparingByKey());
        int[] ids = new int[kept.size()];
        float[] idf = new float[kept.size()];
        for (int j = 0; j < ids.length; j++) {
            ids[j] = kept.get(j).getKey();
            idf[j] = (float) (Math.log((1.0 + texts.size()) / (1.0 + kept.get(j).getValue())) + 1.0);
        }
        return new Columns(ids, idf, dataWidth);
    }

    private static int[] distinctWords(int[] ids) {
        return Arrays.stream(ids)
                .filter(id -> id >= Vocabulary.NUM_SPECIAL)
                .distinct()
                .toArray();
    }

    public Vocabulary vocabulary() {
        return vocabulary;
    }

    public Tokenizer tokenizer() {
        return tokenizer;
    }

    /** Per node type whose inputs include text, its TF-IDF columns. */
    public Map<String, Columns> columns() {
        return columns;
    }

    /** The node types whose inputs include text (alone or after their vector features). */
    public Set<String> derivedTypes() {
        return columns.keySet();
    }

    /** The node types whose inputs are their text alone (no vector features). */
    public Set<String> textOnlyTypes() {
        Set<String> out = new LinkedHashSet<>();
        columns.forEach((type, c) -> {
            if (!c.besideFeatures()) {
                out.add(type);
            }
        });
        return out;
    }

    /** A content fingerprint of the vocabulary and the columns (hex, 16 characters). */
    public String fingerprint() {
        return fingerprint;
    }

    /**
     * The TF-IDF row of encoded ids for a derived type, written densely into {@code dest} from
     * {@code offset} (the type's width is overwritten).
     */
    public void fillRow(String type, int[] ids, float[] dest, int offset) {
        Columns c = requireColumns(type);
        Arrays.fill(dest, offset, offset + c.width(), 0f);
        double norm = 0;
        for (int id : ids) {
            int j = c.column(id);
            if (j >= 0) {
                dest[offset + j] += c.idf()[j];
            }
        }
        for (int j = 0; j < c.width(); j++) {
            norm += dest[offset + j] * dest[offset + j];
        }
        if (norm > 0) {
            float scale = (float) (1.0 / Math.sqrt(norm));
            for (int j = 0; j < c.width(); j++) {
                dest[offset + j] *= scale;
            }
        }
    }

    private Columns requireColumns(String type) {
        Columns c = columns.get(type);
        if (c == null) {
            throw new IllegalArgumentException(
                    "node type '" + type + "' has no text-derived inputs; those that do: " + columns.keySet());
        }
        return c;
    }

    /** The text-derived features of a derived type's nodes, computed from their texts. */
    public SparseFeatures features(String type, String[] texts) {
        Columns c = requireColumns(type);
        int[] offsets = new int[texts.length + 1];
        List<int[]> rowIndices = new ArrayList<>(texts.length);
        List<float[]> rowValues = new ArrayList<>(texts.length);
        float[] dense = new float[c.width()];
        for (int n = 0; n < texts.length; n++) {
            fillRow(type, texts[n] == null ? new int[0] : tokenizer.encode(texts[n]), dense, 0);
            int nonZero = 0;
            for (float v : dense) {
                nonZero += v != 0f ? 1 : 0;
            }
            int[] idx = new int[nonZero];
            float[] val = new float[nonZero];
            for (int j = 0, k = 0; j < dense.length; j++) {
                if (dense[j] != 0f) {
                    idx[k] = j;
                    val[k++] = dense[j];
                }
            }
            rowIndices.add(idx);
            rowValues.add(val);
            offsets[n + 1] = offsets[n] + nonZero;
        }
        int[] indices = new int[offsets[texts.length]];
        float[] values = new float[indices.length];
        for (int n = 0; n < texts.length; n++) {
            System.arraycopy(rowIndices.get(n), 0, indices, offsets[n], rowIndices.get(n).length);
            System.arraycopy(rowValues.get(n), 0, values, offsets[n], rowValues.get(n).length);
        }
        return new SparseFeatures(texts.length, c.width(), offsets, indices, values);
    }

    /**
     * {@code graph} with text-derived input features on every derived type, read from (or written
     * to) {@code cache} when it is not null.
     *
     * @throws IllegalArgumentException when a derived type is missing, already has features, or was
     *     loaded without its text
     */
    public HeteroGraph apply(HeteroGraph graph, TextInputCache cache) {
        if (columns.isEmpty()) {
            return graph;
        }
        columns.forEach((type, c) -> requireTextOf(graph, type, c.dataWidth()));
        Map<String, SparseFeatures> derived = cache == null ? null : cache.read(graph, this);
        if (derived == null) {
            derived = new LinkedHashMap<>();
            for (String type : columns.keySet()) {
                derived.put(type, features(type, graph.nodes(type).text()));
            }
            if (cache != null) {
                cache.write(graph, this, derived);
            }
        }
        HeteroGraph out = graph;
        for (Map.Entry<String, SparseFeatures> e : derived.entrySet()) {
            NodeTable table = out.nodes(e.getKey());
            out = out.withNodes(
                    table.withFeatures(new TextDerivedFeatures(table.features(), e.getValue(), fingerprint)));
        }
        return out;
    }

    private static void requireTextOf(HeteroGraph graph, String type, int dataWidth) {
        if (!graph.hasNodeType(type)) {
            throw new IllegalArgumentException("graph '" + graph.name() + "' has no node type '" + type
                    + "', whose inputs the model reads from text");
        }
        NodeTable table = graph.nodes(type);
        if (table.text() == null) {
            throw new IllegalArgumentException("graph '" + graph.name() + "' was loaded without the text of '" + type
                    + "' nodes, from which the model derives their inputs; load it with its text");
        }
        if (table.hasTextDerivedFeatures()) {
            throw new IllegalArgumentException("node type '" + type + "' of graph '" + graph.name() + "' already "
                    + "has text-derived features; apply text inputs to the graph as loaded");
        }
        if (table.featureDim() != dataWidth) {
            throw new IllegalArgumentException("node type '" + type + "' of graph '" + graph.name() + "' has "
                    + table.featureDim() + "-dim features, but the model reads "
                    + (dataWidth == 0 ? "its inputs from text alone" : dataWidth + " features before its text")
                    + "; use the data set the model was trained on");
        }
    }

    private String computeFingerprint() {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update(
                    (vocabulary.fingerprint() + ";" + tokenizer.maxLength() + ";").getBytes(StandardCharsets.UTF_8));
            columns.forEach((type, c) -> {
                // a text-only type hashes as before data widths were stored, so older models keep their fingerprints
                String data = c.besideFeatures() ? "+" + c.dataWidth() : "";
                digest.update((type + ":" + c.width() + data + ";").getBytes(StandardCharsets.UTF_8));
                for (int j = 0; j < c.width(); j++) {
                    digest.update((c.tokenIds()[j] + "=" + c.idf()[j] + ",").getBytes(StandardCharsets.UTF_8));
                }
            });
            return HexFormat.of().formatHex(digest.digest()).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(
                "TextInputs[vocabulary " + vocabulary.size() + ", max length " + tokenizer.maxLength());
        columns.forEach((type, c) -> sb.append(", ")
                .append(type)
                .append(" tf-idf ")
                .append(c.width())
                .append(c.besideFeatures() ? " after " + c.dataWidth() + " features" : ""));
        return sb.append(", ").append(fingerprint).append(']').toString();
    }
}
