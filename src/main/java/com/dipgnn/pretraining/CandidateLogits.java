package com.dipgnn.pretraining;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import com.dipgnn.model.CosineScorer;
import com.dipgnn.model.GraphOps;
import com.dipgnn.model.ScalarOps;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * The generator's logits for the candidates of each masked edge: d(h(c), h(t)) / temperature of
 * every candidate source c of every masked edge (s, t), padding slots masked out, in products of
 * bounded size. The generator's cross-entropy and its choice of generated source read them.
 */
final class CandidateLogits {

    private static final float PADDING_LOGIT = -1e4f;
    /**
     * Most (masked edge, source node) scores that one product of the generator's candidate scoring
     * holds: 2^24 floats, 64 MiB. A 1,000-node subgraph with 3,000 masked edges needs 3 million and
     * takes one product; a whole graph with tens of thousands of nodes takes several.
     */
    static final long MAX_SCORES_PER_PRODUCT = 1L << 24;

    /**
     * Logits d(h(c), h(t)) / temperature of every candidate c of every masked edge, padding masked
     * out. Each distinct target is scored once against every source node (masked edges share
     * targets: about three per target in a 1,000-node subgraph with 3,000 masked edges), and each
     * edge then takes its candidates' entries of its target's row. The (targets × sources) scores
     * are bounded: beyond {@link #MAX_SCORES_PER_PRODUCT} (edge, source) pairs they are built for
     * one run of edges (sorted by target) at a time, so a whole large graph never allocates them at
     * once; the sources pass through the scorer's W once, shared by every run.
     */
    static NDArray of(MaskedRelation m, Map<String, NDArray> h, EdgeHeads heads, NDManager scope, float temperature) {
        return candidateLogits(m, h, heads, scope, temperature, MAX_SCORES_PER_PRODUCT);
    }

    /** {@link #of} with at most {@code maxScores} (edge, source) scores held per product. */
    static NDArray candidateLogits(
            MaskedRelation m,
            Map<String, NDArray> h,
            EdgeHeads heads,
            NDManager scope,
            float temperature,
            long maxScores) {
        CosineScorer scorer = heads.scorer(m.relation());
        NDArray sources = scorer.unitTransformed(h.get(m.relation().source())); // once, shared by every run
        NDArray targets = h.get(m.relation().target());
        int edgesPerRun = (int) Math.max(
                1, Math.min(m.size(), maxScores / Math.max(1, sources.getShape().get(0))));
        NDArray scores = edgesPerRun >= m.size()
                ? candidateScores(scorer, sources, targets, scope, m.targets(), m.candidates(), m.width())
                : candidateScoresInRuns(m, scorer, sources, targets, scope, edgesPerRun);
        float[] padding = new float[m.candidates().length];
        for (int i = 0; i < padding.length; i++) {
            padding[i] = m.valid()[i] ? 0f : PADDING_LOGIT;
        }
        return ScalarOps.div(scores, temperature).add(scope.create(padding, new Shape(m.size(), m.width())));
    }

    /**
     * Scores (edges, width) of the edges with these targets and candidate slots, in one product:
     * each distinct target against every source, then each edge's candidates read out of its
     * target's row by one flat index. Only the (targets × sources) product is materialised, and the
     * backward pass keeps the index, not the product.
     *
     * @param sources every source node through {@link CosineScorer#unitTransformed}
     * @param targets every target node's embedding
     * @param slots per edge, its {@code width} candidate source ids, row-major
     */
    private static NDArray candidateScores(
            CosineScorer scorer,
            NDArray sources,
            NDArray targets,
            NDManager scope,
            int[] edgeTargets,
            int[] slots,
            int width) {
        DistinctIds distinct = DistinctIds.of(edgeTargets);
        NDArray targetRows = GraphOps.gatherRows(targets, GraphOps.index(scope, distinct.ids()));
        NDArray perTarget = scorer.scoreAllUnits(sources, targetRows);
        long sourceCount = sources.getShape().get(0);
        long[] flat = new long[slots.length];
        for (int i = 0; i < slots.length; i++) {
            flat[i] = distinct.positions()[i / width] * sourceCount + slots[i];
        }
        NDArray column = perTarget.reshape(-1, 1);
        NDArray scores = GraphOps.gatherRows(column, scope.create(flat)).reshape(edgeTargets.length, width);
        column.close(); // both views of the product freed now, not with the step's scope, so runs do not pile them up
        perTarget.close();
        return scores;
    }

    /**
     * The same scores built for {@code edgesPerRun} edges at a time, the edges taken in order of
     * their target so that a target is scored in as few runs as possible, then put back in edge order.
     */
    private static NDArray candidateScoresInRuns(
            MaskedRelation m, CosineScorer scorer, NDArray sources, NDArray targets, NDManager scope, int edgesPerRun) {
        int n = m.size();
        int width = m.width();
        int[] byTarget = IntStream.range(0, n)
                .boxed()
                .sorted(Comparator.comparingInt(e -> m.targets()[e]))
                .mapToInt(Integer::intValue)
                .toArray();
        NDList runs = new NDList();
        for (int from = 0; from < n; from += edgesPerRun) {
            int to = Math.min(n, from + edgesPerRun);
            int[] runTargets = new int[to - from];
            int[] slots = new int[(to - from) * width];
            for (int i = from; i < to; i++) {
                int e = byTarget[i];
                runTargets[i - from] = m.targets()[e];
                System.arraycopy(m.candidates(), e * width, slots, (i - from) * width, width);
            }
            runs.add(candidateScores(scorer, sources, targets, scope, runTargets, slots, width));
        }
        int[] position = new int[n];
        for (int i = 0; i < n; i++) {
            position[byTarget[i]] = i;
        }
        return GraphOps.gatherRows(NDArrays.concat(runs, 0), GraphOps.index(scope, position));
    }

    private CandidateLogits() {}
}
