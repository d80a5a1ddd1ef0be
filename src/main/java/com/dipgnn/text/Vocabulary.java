package com.dipgnn.text;

import com.dipgnn.graph.HeteroGraph;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * An immutable vocabulary: ids {@code 0..3} are [PAD], [UNK], [CLS], [MASK], then the learned words,
 * most frequent first (ties by token, ascending), then optionally WordPiece-style sub-word pieces
 * ({@code "graph"}, {@code "##s"}) that spell the words left out (see {@link #ids(String)}).
 *
 * <p>Measured held-out [UNK] rate (words of a seeded 30% of each type's nodes against a vocabulary
 * learned on the other 70%; {@link TextStatistics}). Word level only ({@code maxPieces = 0}): dblp-4area
 * paper titles 5.4%, authors 43.9%, terms 58.5%, the 20 venues 100% (16.6% of all words); Debian package
 * descriptions 2.4%, maintainers 48.7%, tags 3.2% (2.5% of all). Name-like texts are mostly unseen
 * words, which a word vocabulary cannot cover, hence the default of 2,000 pieces: then 0.01% on
 * dblp-4area and 0.00% on debian-packages (Debian maintainers 0.4%: characters seen fewer than twice).
 */
public final class Vocabulary {

    public static final int PAD = 0;
    public static final int UNK = 1;
    public static final int CLS = 2;
    public static final int MASK = 3;
    /** Number of special tokens; learned tokens start at this id. */
    public static final int NUM_SPECIAL = 4;
    /** The special tokens in id order. */
    public static final List<String> SPECIAL_TOKENS = List.of("[PAD]", "[UNK]", "[CLS]", "[MASK]");

    private final List<String> tokens;
    private final Map<String, Integer> ids;
    private final VocabularyConfig config;
    private final String fingerprint;

    private Vocabulary(List<String> tokens, VocabularyConfig config) {
        this.tokens = List.copyOf(tokens);
        this.config = Objects.requireNonNull(config, "config");
        this.ids = new HashMap<>(tokens.size() * 2);
        for (int i = 0; i < tokens.size(); i++) {
            if (ids.put(tokens.get(i), i) != null) {
                throw new IllegalArgumentException("duplicate token '" + tokens.get(i) + "' at id " + i);
            }
        }
        this.fingerprint = fingerprintOf(this.tokens);
    }

    /**
     * A vocabulary from its full token list (specials first, as written by {@link VocabularyIO}).
     *
     * @throws IllegalArgumentException if the specials are not at 0..3, a token repeats, or the list is
     *     longer than {@code config.maxSize()}
     */
    public static Vocabulary of(List<String> tokens, VocabularyConfig config) {
        if (tokens.size() < NUM_SPECIAL || !tokens.subList(0, NUM_SPECIAL).equals(SPECIAL_TOKENS)) {
            throw new IllegalArgumentException("a vocabulary must start with " + SPECIAL_TOKENS);
        }
        if (tokens.size() > config.maxSize()) {
            throw new IllegalArgumentException(tokens.size() + " tokens exceed maxSize " + config.maxSize());
        }
        return new Vocabulary(tokens, config);
    }

    /**
     * Learns the words of {@code texts} (null entries skipped) with {@code config}'s cap and min count;
     * with {@code config.maxPieces() > 0}, up to that many sub-word pieces of the left-out words follow
     * the words (see {@link #ids(String)}).
     */
    public static Vocabulary learn(Iterable<String> texts, VocabularyConfig config) {
        TextNormalizer normalizer = new TextNormalizer();
        Map<String, Integer> counts = new HashMap<>();
        for (String text : texts) {
            for (String token : normalizer.tokens(text)) {
                counts.merge(token, 1, Integer::sum);
            }
        }
        List<Map.Entry<String, Integer>> kept = new ArrayList<>();
        for (Map.Entry<String, Integer> e : counts.entrySet()) {
            if (e.getValue() >= config.minCount() && !SPECIAL_TOKENS.contains(e.getKey())) {
                kept.add(e);
            }
        }
        kept.sort(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        List<String> tokens = new ArrayList<>(SPECIAL_TOKENS);
        int wordCap = config.maxSize() - config.maxPieces();
        for (int i = 0; i < kept.size() && tokens.size() < wordCap; i++) {
            tokens.add(kept.get(i).getKey());
        }
        if (config.maxPieces() > 0) {
            Set<String> taken = new HashSet<>(tokens);
            counts.keySet().removeAll(taken);
            int budget = Math.min(config.maxPieces(), config.maxSize() - tokens.size());
            tokens.addAll(SubwordPieces.learn(counts, config.minCount(), budget, taken));
        }
        return new Vocabulary(tokens, config);
    }

    /**
     * Learns from the text of every node type of {@code pretrainGraph} that has text. Pass the
     * pre-training graph (e.g. the induced 70% of a node-transfer split) so that fine-tuning and test
     * nodes never shape the vocabulary.
     */
    public static Vocabulary learn(HeteroGraph pretrainGraph, VocabularyConfig config) {
        List<String> texts = new ArrayList<>();
        for (String type : pretrainGraph.nodeTypes()) {
            String[] text = pretrainGraph.nodes(type).text();
            if (text != null) {
                Collections.addAll(texts, text);
            }
        }
        return learn(texts, config);
    }

    /** The id of {@code token}, or {@link #UNK} if it is not in the vocabulary. */
    public int id(String token) {
        Integer id = ids.get(token);
        return id == null ? UNK : id;
    }

    /**
     * The ids of one normalised word: its own id if it has one; else, when the vocabulary has sub-word
     * pieces, its greedy longest-match spelling ({@code "graphs"} → {@code "graph", "##s"}); else, or
     * when it cannot be spelled, {@link #UNK}.
     */
    public int[] ids(String word) {
        Integer id = ids.get(word);
        if (id != null) {
            return new int[] {id};
        }
        int[] spelled = config.maxPieces() > 0 ? SubwordPieces.spell(word, ids) : null;
        return spelled == null ? new int[] {UNK} : spelled;
    }

    /** Whether {@code token} has its own id. */
    public boolean contains(String token) {
        return ids.containsKey(token);
    }

    /** The token with id {@code id}. */
    public String token(int id) {
        if (id < 0 || id >= tokens.size()) {
            throw new IndexOutOfBoundsException("token id " + id + " outside 0.." + (tokens.size() - 1));
        }
        return tokens.get(id);
    }

    /** Number of tokens, specials included. */
    public int size() {
        return tokens.size();
    }

    /** All tokens in id order (unmodifiable). */
    public List<String> tokens() {
        return tokens;
    }

    public VocabularyConfig config() {
        return config;
    }

    /** A stable hash of the token list: the first 16 hex digits of SHA-256 over the tokens joined by '\n'. */
    public String fingerprint() {
        return fingerprint;
    }

    static String fingerprintOf(List<String> tokens) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] hash = digest.digest(String.join("\n", tokens).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        }
    }

    @Override
    public String toString() {
        return "Vocabulary[size=" + size() + ", fingerprint=" + fingerprint + "]";
    }
}
