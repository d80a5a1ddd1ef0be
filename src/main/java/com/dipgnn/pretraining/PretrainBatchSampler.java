package com.dipgnn.pretraining;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeFeatures;
import com.dipgnn.graph.RelationType;
import com.dipgnn.sampling.EdgeList;
import com.dipgnn.sampling.Subgraph;
import com.dipgnn.sampling.SubgraphSampler;
import com.dipgnn.text.TokenBatch;
import com.dipgnn.text.TokenMasking;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.IntUnaryOperator;

/**
 * Prepares the host side of a pre-training step: samples a subgraph around random seed nodes,
 * masks a fraction of the edges of every (forward) relation, draws each masked edge's candidate
 * sources, samples E_u^d from the unmasked edges and picks the nodes whose features are generated.
 * Depends only on the graph, the configuration and the given {@link Random}, so a step can be
 * prepared again identically (checkpoint resume relies on it).
 */
public final class PretrainBatchSampler {

    private final HeteroGraph graph;
    private final SubgraphSampler sampler;
    private final PretrainConfig config;
    private final NodeTokens tokens;
    private final RelationCopies copies;

    public PretrainBatchSampler(HeteroGraph graph, SubgraphSampler sampler, PretrainConfig config) {
        this(graph, sampler, config, null);
    }

    /**
     * @param tokens the encoded texts of the graph's nodes, when the text pair is trained (else null):
     *     the nodes chosen for feature generation have 20% of their word tokens masked
     */
    public PretrainBatchSampler(HeteroGraph graph, SubgraphSampler sampler, PretrainConfig config, NodeTokens tokens) {
        this.graph = graph;
        this.sampler = sampler;
        this.config = config;
        this.tokens = tokens;
        this.copies = RelationCopies.of(graph);
        if (maskableRelations().isEmpty()) {
            throw new IllegalArgumentException("graph '" + graph.name() + "' has no edges to mask; pre-training "
                    + "needs at least one relation with edges");
        }
    }

    /**
     * Relations whose edges are masked: every non-reverse relation with edges, but one that is the
     * exact reverse of an earlier one (masked with it, {@link RelationCopies}).
     */
    public List<RelationType> maskableRelations() {
        return copies.masked();
    }

    /**
     * Whether a relation stores both directions of each pair itself (undirected, or directed and
     * symmetric in meaning): each pair is masked once, in a random orientation.
     */
    boolean isSymmetric(RelationType r) {
        return copies.pairsBothWays(r);
    }

    /** The batch of step {@code step}. */
    public PretrainBatch prepare(long step, Random rng) {
        Subgraph sub = sampler.sample(graph, seeds(rng), rng);
        List<MaskedRelation> masked = new ArrayList<>();
        Map<RelationType, EdgeList> replaced = new LinkedHashMap<>();
        long total = 0;
        for (RelationType r : maskableRelations()) {
            EdgeList edges = sub.edges(r);
            boolean symmetric = isSymmetric(r);
            int[] pairs = pairIndices(edges, symmetric);
            total += pairs.length;
            if (pairs.length == 0) {
                continue;
            }
            shuffle(pairs, rng);
            int maskCount = (int) Math.round(config.edgeMaskRatio() * pairs.length);
            if (maskCount == 0) {
                continue;
            }
            masked.add(mask(sub, r, symmetric, edges, pairs, maskCount, replaced, rng));
        }
        Subgraph unmasked = sub.withEdges(replaced);
        Map<String, int[]> featureMasked = featureMasks(sub, rng);
        List<MaskedRelation> relations = List.copyOf(masked);
        Map<String, int[]> picks = randomPicks(masked, rng);
        return new PretrainBatch(
                step, unmasked, relations, featureMasked, total, picks, maskTexts(sub, featureMasked, rng));
    }

    private Map<String, int[]> seeds(Random rng) {
        long total = graph.totalNodes();
        Map<String, int[]> seeds = new LinkedHashMap<>();
        for (String type : graph.nodeTypes()) {
            int n = graph.numNodes(type);
            int count = (int) Math.min(n, Math.max(1, Math.round((double) config.seedNodes() * n / total)));
            if (n == 0) {
                continue;
            }
            seeds.put(type, distinctSample(n, count, rng));
        }
        return seeds;
    }

    /** Indices of the edges that stand for one pair each (src < dst for symmetric relations). */
    private static int[] pairIndices(EdgeList edges, boolean symmetric) {
        int[] out = new int[edges.size()];
        int n = 0;
        for (int e = 0; e < edges.size(); e++) {
            if (!symmetric || edges.src()[e] < edges.dst()[e]) {
                out[n++] = e;
            }
        }
        return Arrays.copyOf(out, n);
    }

    private MaskedRelation mask(
            Subgraph sub,
            RelationType r,
            boolean symmetric,
            EdgeList edges,
            int[] pairs,
            int maskCount,
            Map<RelationType, EdgeList> replaced,
            Random rng) {
        int[] src = new int[maskCount];
        int[] dst = new int[maskCount];
        orient(edges, Arrays.copyOf(pairs, maskCount), symmetric, src, dst, rng);
        removeFromEveryCopy(sub, r, edges, Arrays.copyOf(pairs, maskCount), replaced);
        int keptPairs = pairs.length - maskCount;
        int discCount = (int) Math.min(keptPairs, Math.round(config.alpha() * maskCount));
        int[] keptSrc = new int[discCount];
        int[] keptDst = new int[discCount];
        int[] order = Arrays.copyOfRange(pairs, maskCount, pairs.length);
        shuffle(order, rng);
        // originals, like masked and generated edges, take a random orientation on a relation stored both ways
        orient(edges, Arrays.copyOf(order, discCount), symmetric, keptSrc, keptDst, rng);
        int[] pool = sub.nodes(r.source());
        int[] targetIds = sub.nodes(r.target());
        CandidateSampler candidates = new CandidateSampler(graph, r, pool, config.negatives());
        int width = candidates.width();
        int[] cand = new int[maskCount * width];
        boolean[] valid = new boolean[maskCount * width];
        for (int i = 0; i < maskCount; i++) {
            candidates.fill(i, src[i], targetIds[dst[i]], cand, valid, rng);
        }
        return new MaskedRelation(r, symmetric, src, dst, cand, valid, width, keptSrc, keptDst, copies.of(r));
    }

    /**
     * The pairs at {@code indices} as (source, target): as stored, or on a relation stored both ways
     * (where each pair is indexed once, lower id first) reversed with probability 1/2.
     */
    private static void orient(EdgeList edges, int[] indices, boolean bothWays, int[] src, int[] dst, Random rng) {
        for (int i = 0; i < indices.length; i++) {
            int a = edges.src()[indices[i]];
            int b = edges.dst()[indices[i]];
            boolean flip = bothWays && rng.nextBoolean();
            src[i] = flip ? b : a;
            dst[i] = flip ? a : b;
        }
    }

    /** Removes the masked pairs from every copy of {@code r} in the subgraph ({@link RelationCopies}). */
    private void removeFromEveryCopy(
            Subgraph sub, RelationType r, EdgeList edges, int[] masked, Map<RelationType, EdgeList> replaced) {
        Map<RelationType, Set<Long>> removed = new LinkedHashMap<>();
        for (EdgeCopy copy : copies.of(r)) {
            if (!sub.edgeMap().containsKey(copy.relation())) {
                continue;
            }
            Set<Long> keys = removed.computeIfAbsent(copy.relation(), k -> new HashSet<>(masked.length * 2));
            for (int e : masked) {
                int a = edges.src()[e];
                int b = edges.dst()[e];
                keys.add(copy.transposed() ? pair(b, a) : pair(a, b));
            }
        }
        removed.forEach((relation, keys) -> replaced.put(relation, without(sub.edges(relation), keys)));
    }

    private static EdgeList without(EdgeList edges, Set<Long> removed) {
        int[] s = new int[edges.size()];
        int[] d = new int[edges.size()];
        int n = 0;
        for (int e = 0; e < edges.size(); e++) {
            int a = edges.src()[e];
            int b = edges.dst()[e];
            if (!removed.contains(pair(a, b))) {
                s[n] = a;
                d[n] = b;
                n++;
            }
        }
        return new EdgeList(Arrays.copyOf(s, n), Arrays.copyOf(d, n));
    }

    private Map<String, int[]> featureMasks(Subgraph sub, Random rng) {
        Map<String, int[]> out = new LinkedHashMap<>();
        for (String type : graph.nodeTypes()) {
            NodeFeatures features = graph.nodes(type).features();
            int n = sub.numNodes(type);
            if (features == null || features.dim() == 0 || n == 0) {
                continue;
            }
            int count = (int) Math.round(config.featureMaskRatio() * n);
            if (count > 0) {
                int[] chosen = distinctSample(n, count, rng);
                Arrays.sort(chosen);
                out.put(type, chosen);
            }
        }
        return out;
    }

    /**
     * The texts of the nodes chosen for feature generation (those with at least one word token,
     * taken in random order within {@link TextPairConfig#maxTokensPerStep()} padded positions per
     * type), with their word tokens masked.
     */
    private List<MaskedTexts> maskTexts(Subgraph sub, Map<String, int[]> chosen, Random rng) {
        if (tokens == null) {
            return List.of();
        }
        TokenMasking masking = new TokenMasking(config.textPair().tokenMaskRatio());
        List<MaskedTexts> out = new ArrayList<>();
        for (Map.Entry<String, int[][]> e : tokens.byType().entrySet()) {
            int[] candidates = chosen.get(e.getKey());
            if (candidates == null) {
                continue;
            }
            int[] global = sub.nodes(e.getKey());
            int[][] texts = e.getValue();
            int[] nodes = withinBudget(
                    Arrays.stream(candidates)
                            .filter(n -> texts[global[n]].length > 1)
                            .toArray(),
                    n -> texts[global[n]].length,
                    rng);
            if (nodes.length == 0) {
                continue;
            }
            List<int[]> encoded = new ArrayList<>(nodes.length);
            for (int n : nodes) {
                encoded.add(texts[global[n]]);
            }
            TokenBatch batch = TokenBatch.of(encoded);
            boolean[] isMasked = new boolean[batch.ids().length];
            for (int b = 0; b < nodes.length; b++) {
                for (int position : masking.mask(encoded.get(b), rng).positions()) {
                    isMasked[b * batch.length() + position] = true;
                }
            }
            out.add(new MaskedTexts(e.getKey(), nodes, batch, isMasked));
        }
        return out;
    }

    /** A random subset of {@code nodes} whose padded batch (count × longest) fits the token budget, sorted. */
    private int[] withinBudget(int[] nodes, IntUnaryOperator length, Random rng) {
        int budget = config.textPair().maxTokensPerStep();
        long all = (long) nodes.length * Arrays.stream(nodes).map(length).max().orElse(0);
        if (all <= budget) {
            return nodes;
        }
        shuffle(nodes, rng);
        int taken = 0;
        int longest = 0;
        while (taken < nodes.length) {
            int next = Math.max(longest, length.applyAsInt(nodes[taken]));
            if (taken > 0 && (long) (taken + 1) * next > budget) {
                break;
            }
            longest = next;
            taken++;
        }
        int[] kept = Arrays.copyOf(nodes, taken);
        Arrays.sort(kept);
        return kept;
    }

    private Map<String, int[]> randomPicks(List<MaskedRelation> masked, Random rng) {
        Map<String, int[]> picks = new LinkedHashMap<>();
        if (!config.method().randomEdges()) {
            return picks;
        }
        for (MaskedRelation m : masked) {
            // the generator's share 0: a uniform draw among each row's valid candidates
            picks.put(m.relation().key(), SourceDraw.draw(null, m.valid(), m.size(), m.width(), 0.0, rng));
        }
        return picks;
    }

    /** {@code count} distinct values of 0..n-1 (partial Fisher-Yates over a lazily built permutation). */
    static int[] distinctSample(int n, int count, Random rng) {
        int[] out = new int[count];
        Map<Integer, Integer> swapped = new HashMap<>();
        for (int i = 0; i < count; i++) {
            int j = i + rng.nextInt(n - i);
            int vj = swapped.getOrDefault(j, j);
            int vi = swapped.getOrDefault(i, i);
            out[i] = vj;
            swapped.put(j, vi);
        }
        return out;
    }

    private static void shuffle(int[] values, Random rng) {
        for (int i = values.length - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = values[i];
            values[i] = values[j];
            values[j] = t;
        }
    }

    private static long pair(int s, int t) {
        return ((long) s << 32) | (t & 0xffffffffL);
    }
}
