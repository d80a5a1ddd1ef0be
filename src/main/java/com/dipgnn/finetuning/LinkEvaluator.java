package com.dipgnn.finetuning;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.StepRandom;
import com.dipgnn.graph.split.LinkSplit;
import com.dipgnn.inference.LayerwiseEmbedder;
import com.dipgnn.inference.NodeEmbedder;
import com.dipgnn.model.CosineScorer;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.GraphModule;
import com.dipgnn.ranking.Interactions;
import com.dipgnn.ranking.PopularityPrior;
import com.dipgnn.ranking.UserSample;
import com.dipgnn.sampling.NegativeSampler;
import com.dipgnn.sampling.SubgraphSampler;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The link task's evaluation on a split: every held-out edge ranked against its sampled negatives
 * (fixed by the seed, never true edges of its anchor) for MRR and Hits@k, plus the
 * {@link LinkFullRanking} metrics where that protocol applies. Each candidate's score is the
 * head's cosine plus a popularity prior weight times log(1 + its training in-degree).
 *
 * <p>Embeddings are always exact: one whole-graph forward pass when the evaluation sampler covers
 * the whole graph, else every node layer by layer ({@link LayerwiseEmbedder#embedLast}, in memory
 * bounded by two layers' states and one pass), never through sampled neighbourhoods, so that a
 * metric does not depend on how training sampled.
 */
final class LinkEvaluator {

    private static final int EVAL_EDGES_PER_CHUNK = 256;
    /** Training edges evaluated at most (every so many taken). */
    private static final int TRAIN_EVAL_EDGES = 2000;
    /**
     * Held-out edges ranked against sampled negatives at most (every so many taken): their
     * negatives are held for the whole run (a 255-negative edge holds 1 KiB), so 250,000 edges
     * hold 255 MB a split; Gowalla's test set (217,242) is ranked whole. Full ranking always takes
     * every held-out edge of the users it ranks.
     */
    static final int SAMPLED_RANKING_EDGES = 250_000;
    /** The metric selecting checkpoints by default: MRR against the sampled negatives. */
    static final String SAMPLED_PRIMARY = "mrr";
    /** The metric selecting checkpoints with full-ranking validation. */
    static final String FULL_RANKING_PRIMARY = "recall@" + LinkFullRanking.K;

    private final LinkSplit split;
    private final RelationType relation;
    /** One whole-graph pass when the evaluation sampler covers the graph, else null. */
    private final NodeEmbedder wholeGraph;
    /** Exact layer-by-layer inference when the evaluation sampler does not cover the graph, else null. */
    private final LayerwiseEmbedder layerwise;

    /** Per split, the edges ranked against sampled negatives ({@link #sampledRankingEdges}), drawn once. */
    private final Map<EvalSplit, LinkSplit.Edges> sampledEdges = new LinkedHashMap<>();

    private final Map<EvalSplit, int[][]> evalNegatives = new LinkedHashMap<>();
    /** Whether validation ranks every candidate and selects by Recall@20 instead of the sampled MRR. */
    private final boolean selectByFullRanking;
    /** Per candidate id, log(1 + its in-degree in the training edges): the popularity prior's input. */
    private final float[] logDegree;

    private final LinkFullRanking fullRanking;

    /**
     * @param fullGraph the fine-tuning graph with every edge (evaluation negatives are never true edges)
     * @param split the edge split; the model sees {@code split.structure()}
     * @param sampler the whole graph (one exact pass) or any other sampler (exact layer-by-layer
     *     inference); nodes are never embedded on sampled subgraphs
     */
    LinkEvaluator(HeteroGraph fullGraph, LinkSplit split, SubgraphSampler sampler, LinkTaskConfig config) {
        HeteroGraph graph = split.structure();
        this.split = split;
        this.relation = split.relation();
        this.selectByFullRanking = config.selectByFullRanking();
        this.wholeGraph = sampler.coversWholeGraph() ? new NodeEmbedder(graph, sampler, Integer.MAX_VALUE) : null;
        this.layerwise = sampler.coversWholeGraph() ? null : new LayerwiseEmbedder(graph);
        NegativeSampler negativeSampler = new NegativeSampler(fullGraph);
        RelationType reverse = fullGraph.relationTypes().contains(relation.reverse()) ? relation.reverse() : relation;
        for (EvalSplit s : EvalSplit.values()) {
            LinkSplit.Edges edges = sampledRankingEdges(s);
            sampledEdges.put(s, edges);
            Random rng = StepRandom.rngFor(config.seed(), 0xA11 + s.ordinal());
            // negatives t' of the candidate type with (anchor, t') not an edge: sampled on the reverse relation
            evalNegatives.put(
                    s, negativeSampler.sample(reverse, edges.dst(), edges.src(), config.evalNegatives(), rng));
        }
        this.logDegree =
                PopularityPrior.logDegrees(graph.adjacency(relation).targetArray(), graph.numNodes(relation.target()));
        this.fullRanking = new LinkFullRanking(split, logDegree);
    }

    /** The edges evaluated on split {@code s}: validation and test whole, training every so many. */
    LinkSplit.Edges edges(EvalSplit s) {
        return switch (s) {
            case TRAIN -> sampleOf(split.train(), TRAIN_EVAL_EDGES);
            case VAL -> split.val();
            case TEST -> split.test();
        };
    }

    /** The edges of split {@code s} ranked against sampled negatives: at most {@link #SAMPLED_RANKING_EDGES}. */
    private LinkSplit.Edges sampledRankingEdges(EvalSplit s) {
        return s == EvalSplit.TRAIN ? edges(s) : sampleOf(edges(s), SAMPLED_RANKING_EDGES);
    }

    /** At most {@code max} of {@code edges}, evenly spread over them (edge {@code i * size / max} for i < max). */
    static LinkSplit.Edges sampleOf(LinkSplit.Edges edges, int max) {
        if (edges.size() <= max) {
            return edges;
        }
        int[] src = new int[max];
        int[] dst = new int[max];
        for (int i = 0; i < max; i++) {
            int e = (int) ((long) i * edges.size() / max);
            src[i] = edges.src()[e];
            dst[i] = edges.dst()[e];
        }
        return new LinkSplit.Edges(src, dst);
    }

    /** The sampled negatives each held-out edge is ranked against. */
    int negativesPerEdge() {
        return evalNegatives.get(EvalSplit.TEST)[0].length;
    }

    /** The metric checkpoints are selected by. */
    String primaryMetric() {
        return selectByFullRanking ? FULL_RANKING_PRIMARY : SAMPLED_PRIMARY;
    }

    /**
     * The metrics of split {@code s} with each popularity prior weight of {@code betas}, in order:
     * the nodes are embedded once, and each candidate's score is the head's cosine plus
     * beta * log(1 + its training in-degree).
     *
     * @param maxRankedScores the full ranking's bound on anchors x candidates ({@link
     *     UserSample#MAX_RANKED_SCORES}, or the prior calibration's smaller one)
     */
    List<Map<String, Double>> evaluate(
            GraphEncoder encoder,
            GraphModule head,
            EvalSplit s,
            NDManager scope,
            List<Double> betas,
            long maxRankedScores) {
        LinkSplit.Edges edges = edges(s);
        LinkSplit.Edges sampled = sampledEdges.get(s);
        int[][] negatives = evalNegatives.get(s);
        int perEdge = 1 + negatives[0].length;
        Interactions fullExclusions = fullRanking.exclusions(s, selectByFullRanking);
        Map<String, NodeEmbedder.Table> tables = everyNode(encoder, scope);
        List<RankingMetrics> metrics =
                betas.stream().map(b -> new RankingMetrics()).toList();
        for (int from = 0; from < sampled.size(); from += EVAL_EDGES_PER_CHUNK) {
            int to = Math.min(sampled.size(), from + EVAL_EDGES_PER_CHUNK);
            int[] candidateIds = candidates(sampled, negatives, from, to);
            try (NDManager chunk = scope.newSubManager()) {
                NDArray a = tables.get(relation.source()).rows(chunk, Arrays.copyOfRange(sampled.src(), from, to));
                NDArray c =
                        tables.get(relation.target()).rows(chunk, candidateIds).reshape(to - from, perEdge, -1);
                float[] scores = ((CosineScorer) head).score(c, a.expandDims(1)).toFloatArray();
                addRanks(scores, candidateIds, 0, perEdge, logDegree, betas, metrics);
            }
        }
        List<Map<String, Double>> out = new ArrayList<>();
        for (int b = 0; b < betas.size(); b++) {
            Map<String, Double> m = new LinkedHashMap<>();
            m.put("mrr", metrics.get(b).mrr());
            m.put("hits@1", metrics.get(b).hitsAt1());
            m.put("hits@10", metrics.get(b).hitsAt10());
            out.add(m);
        }
        if (fullExclusions != null) {
            List<Map<String, Double>> full =
                    fullRanking.rank(tables, (CosineScorer) head, edges, fullExclusions, scope, betas, maxRankedScores);
            for (int b = 0; b < betas.size(); b++) {
                out.get(b).putAll(full.get(b));
            }
        }
        return out;
    }

    /**
     * The candidates of edges {@code from..to} of {@code sampled}, each edge's positive then its
     * negatives (one chunk's: the split's would be another copy of all its negatives).
     */
    private static int[] candidates(LinkSplit.Edges sampled, int[][] negatives, int from, int to) {
        int perEdge = 1 + negatives[0].length;
        int[] ids = new int[(to - from) * perEdge];
        for (int i = from; i < to; i++) {
            ids[(i - from) * perEdge] = sampled.dst()[i];
            System.arraycopy(negatives[i], 0, ids, (i - from) * perEdge + 1, perEdge - 1);
        }
        return ids;
    }

    /**
     * Every node's embedding, exactly, per node type: one whole-graph pass, or layer by layer
     * (two layers' states and one bounded pass held) where the graph is too large for one pass.
     */
    private Map<String, NodeEmbedder.Table> everyNode(GraphEncoder encoder, NDManager scope) {
        int width = encoder.config().hidden();
        Map<String, float[]> rows = layerwise != null
                ? layerwise.embedLast(encoder, scope, (done, total) -> {})
                : wholeGraph.embedPass(encoder, NodeEmbedder.allNodes(split.structure()), 0, scope, 0);
        Map<String, NodeEmbedder.Table> tables = new LinkedHashMap<>();
        rows.forEach((type, values) -> tables.put(type, NodeEmbedder.Table.everyNode(values, width)));
        return tables;
    }

    /**
     * Ranks the positive of each edge of a chunk among its negatives, once per prior weight:
     * {@code scores} holds {@code perEdge} cosines an edge (its positive first), the candidates'
     * ids start at {@code candidateIds[first]}, and candidate c's score with weight beta is its
     * cosine + beta * {@code logDegree[c]}.
     *
     * @param metrics one per weight of {@code betas}, in order
     */
    static void addRanks(
            float[] scores,
            int[] candidateIds,
            int first,
            int perEdge,
            float[] logDegree,
            List<Double> betas,
            List<RankingMetrics> metrics) {
        float[] withPrior = new float[perEdge];
        for (int b = 0; b < betas.size(); b++) {
            float beta = betas.get(b).floatValue();
            for (int i = 0; i < scores.length / perEdge; i++) {
                for (int j = 0; j < perEdge; j++) {
                    int at = i * perEdge + j;
                    withPrior[j] = scores[at] + beta * logDegree[candidateIds[first + at]];
                }
                metrics.get(b).add(withPrior[0], Arrays.copyOfRange(withPrior, 1, perEdge));
            }
        }
    }

    static int[] concat(int[] a, int[] b) {
        int[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
