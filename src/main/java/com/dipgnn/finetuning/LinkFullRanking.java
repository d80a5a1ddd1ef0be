package com.dipgnn.finetuning;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.split.LinkSplit;
import com.dipgnn.inference.NodeEmbedder;
import com.dipgnn.model.CosineScorer;
import com.dipgnn.model.ScalarOps;
import com.dipgnn.ranking.Interactions;
import com.dipgnn.ranking.PopularitySegments;
import com.dipgnn.ranking.PriorColumns;
import com.dipgnn.ranking.RankingEvaluator;
import com.dipgnn.ranking.UserSample;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * The LightGCN protocol for the link task's held-out edges: every candidate node is ranked for
 * each anchor, except its edges the model was trained on (and its validation edges, for test).
 * Used at test time when the candidate type is small enough ({@link #ranksFully}), and on
 * validation when checkpoints are selected by its Recall@20. When anchors times candidates exceed
 * {@link UserSample#MAX_RANKED_SCORES}, the anchors {@link UserSample} keeps are ranked, each
 * against every candidate ({@link #rankedAnchors}).
 */
final class LinkFullRanking {

    /** The K of the full-ranking metrics (the field's Recall@20 and NDCG@20). */
    static final int K = 20;
    /**
     * Candidate types up to this size are fully ranked at test time: their embeddings are held as
     * one array (1.2 GiB at width 64).
     */
    static final int MAX_CANDIDATES = 5_000_000;

    private final HeteroGraph graph;
    private final RelationType relation;
    /** Per candidate id, log(1 + its in-degree in the training edges): the popularity prior's input. */
    private final float[] logDegree;
    /** What validation full ranking leaves out for each anchor: its edges the model saw. */
    private final Interactions valExclusions;
    /** What test-time full ranking leaves out for each anchor: its edges the model saw and its validation edges. */
    private final Interactions testExclusions;

    /** @param logDegree per candidate id, the popularity prior's input */
    LinkFullRanking(LinkSplit split, float[] logDegree) {
        this.graph = split.structure();
        this.relation = split.relation();
        this.logDegree = logDegree;
        Interactions known = interactions(graph.adjacency(relation));
        valExclusions = known;
        testExclusions = known.union(Interactions.of(
                known.users(), known.items(), split.val().src(), split.val().dst()));
    }

    /** Whether every {@code relation.target()} node of {@code graph} can be ranked for each anchor. */
    static boolean ranksFully(HeteroGraph graph, RelationType relation) {
        return graph.numNodes(relation.target()) <= MAX_CANDIDATES;
    }

    /**
     * What split {@code s}'s full ranking leaves out for each anchor, or null when {@code s} is not
     * fully ranked: test whenever the candidates allow, validation when it selects checkpoints.
     */
    Interactions exclusions(EvalSplit s, boolean selectByFullRanking) {
        return s == EvalSplit.TEST && ranksFully(graph, relation)
                ? testExclusions
                : s == EvalSplit.VAL && selectByFullRanking ? valExclusions : null;
    }

    /**
     * Recall@20 and NDCG@20 of {@code edges}, plus the leave-one-out HR@10 / NDCG@10 against 100
     * negatives when each anchor holds out one edge, and Recall@20 over the short head's and the
     * long tail's held-out edges ({@link PopularitySegments} of the excluded edges' in-degrees: the
     * training edges, and the validation edges for test). Scores are the head's cosine d(c, a): the
     * dot product of unit(W c) and unit(a), plus each weight of {@code betas} times log(1 + the
     * candidate's training in-degree); one map per weight. The anchors are those {@link UserSample}
     * keeps within {@code maxRankedScores} (the prior's calibration ranks a smaller sample).
     *
     * @param tables the embeddings of {@link #nodes}
     * @param exclusions what is left out of each anchor's ranking besides nothing held out
     */
    List<Map<String, Double>> rank(
            Map<String, NodeEmbedder.Table> tables,
            CosineScorer head,
            LinkSplit.Edges edges,
            Interactions exclusions,
            NDManager scope,
            List<Double> betas,
            long maxRankedScores) {
        int[] candidates = IntStream.range(0, graph.numNodes(relation.target())).toArray();
        int[] anchors = rankedAnchors(edges.src(), candidates.length, maxRankedScores);
        float eps = CosineScorer.normEpsilon();
        NDArray queries = ScalarOps.unitRows(tables.get(relation.source()).rows(scope, anchors), eps);
        NDArray items = ScalarOps.unitRows(
                head.transform().forward(tables.get(relation.target()).rows(scope, candidates)), eps);
        Interactions heldOut = localUsers(anchors, edges.src(), edges.dst(), candidates.length);
        Interactions excluded = localUsers(anchors, exclusions, candidates.length);
        Interactions interacted = localUsers(
                anchors,
                exclusions.union(Interactions.of(exclusions.users(), candidates.length, edges.src(), edges.dst())),
                candidates.length);
        RankingEvaluator evaluator = new RankingEvaluator(K, 100, 0xF011);
        PopularitySegments segments = PopularitySegments.of(exclusions.itemDegrees());
        NDArray itemsWithPrior = PriorColumns.candidates(items, logDegree, scope);
        List<Map<String, Double>> out = new ArrayList<>();
        for (double beta : betas) {
            // cosine + beta * log-degree as one inner product: [unit(a), beta] . [unit(W c), log(1 + d_c)]
            Map<String, Double> all = beta == 0
                    ? evaluator.evaluate(queries, items, heldOut, excluded, interacted, segments)
                    : evaluator.evaluate(
                            PriorColumns.queries(queries, beta, scope),
                            itemsWithPrior,
                            heldOut,
                            excluded,
                            interacted,
                            segments);
            Map<String, Double> m = new LinkedHashMap<>();
            m.put("recall@" + K, all.get("recall@" + K));
            m.put("ndcg@" + K, all.get("ndcg@" + K));
            all.forEach((name, value) -> {
                if (name.endsWith("_loo")
                        || name.equals(RankingEvaluator.headKey(K))
                        || name.equals(RankingEvaluator.tailKey(K))) {
                    m.put(name, value);
                }
            });
            out.add(m);
        }
        return out;
    }

    /**
     * The distinct anchors of {@code src} that full ranking against {@code candidates} candidates
     * ranks, sorted: those {@link UserSample} keeps, the same users as the baseline recommenders
     * rank on the same data.
     */
    static int[] rankedAnchors(int[] src, int candidates) {
        return rankedAnchors(src, candidates, UserSample.MAX_RANKED_SCORES);
    }

    /** {@link #rankedAnchors(int[], int)} with at most about {@code maxScores} scores. */
    static int[] rankedAnchors(int[] src, int candidates, long maxScores) {
        int[] anchors = Arrays.stream(src).distinct().sorted().toArray();
        return UserSample.of(anchors.length, candidates, maxScores).kept(anchors);
    }

    /**
     * The pairs ({@code src}, {@code dst}) whose anchor is among the sorted {@code anchors},
     * renumbered by its position there; the others dropped.
     */
    static Interactions localUsers(int[] anchors, int[] src, int[] dst, int items) {
        int[] s = new int[src.length];
        int[] d = new int[src.length];
        int n = 0;
        for (int e = 0; e < src.length; e++) {
            int local = Arrays.binarySearch(anchors, src[e]);
            if (local >= 0) {
                s[n] = local;
                d[n++] = dst[e];
            }
        }
        return Interactions.of(anchors.length, items, Arrays.copyOf(s, n), Arrays.copyOf(d, n));
    }

    private static Interactions localUsers(int[] anchors, Interactions pairs, int items) {
        return localUsers(anchors, pairs.userColumn(), pairs.itemColumn(), items);
    }

    private static Interactions interactions(CsrAdjacency adjacency) {
        int[] src = new int[adjacency.numEdges()];
        for (int s = 0; s < adjacency.numSources(); s++) {
            Arrays.fill(src, adjacency.rowStart(s), adjacency.rowEnd(s), s);
        }
        return Interactions.of(adjacency.numSources(), adjacency.numTargets(), src, adjacency.targetArray());
    }
}
